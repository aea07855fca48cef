import { engines } from '../../../tests/support/databases';
import {
  ADMIN_PASSWORD,
  bearer,
  login,
  startTestApp,
  type TestApp,
} from '../../../tests/support/embedded-app';

const PASSWORD = 'Keeper#2026pass';

/**
 * Names never ids (issue 12 items 1 and 5): a user who may work with storage transfers but read no store, item
 * or unit gets their names with the documents; the stock balance rows carry their store's and unit's names and
 * the quantity in the item's units.
 */
describe.each(engines())('names in the read model on %s', (engine) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof login>>;
  let mover = '';
  const year = new Date().getFullYear();
  const as = (token: string) => ({
    ...bearer(token),
    BranchId: admin.defaultBranchId,
    FiscalYear: String(year),
    Language: 'ar',
  });
  const ids: Record<string, string> = {};

  async function create(path: string, body: Record<string, unknown>) {
    const res = await app.api.post(path).set(as(admin.token)).send(body);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: string };
  }

  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await login(app, 'admin', ADMIN_PASSWORD);
    await app.flush();
    ids.piece = (await create('/api/Units', { arabicName: 'حبة', englishName: 'Piece' })).id;
    ids.carton = (await create('/api/Units', { arabicName: 'كرتون', englishName: 'Carton' })).id;
    const category = await create('/api/ItemCategories', { arabicName: 'معلبات' });
    ids.main = (
      await create('/api/Stores', { arabicName: 'المستودع الرئيسي', branchId: admin.defaultBranchId })
    ).id;
    ids.shop = (
      await create('/api/Stores', { arabicName: 'مستودع المعرض', branchId: admin.defaultBranchId })
    ).id;
    ids.item = (
      await create('/api/Items', {
        code: 'SUG',
        arabicName: 'سكر',
        barcode: 'SUG-1',
        categoryId: category.id,
        mainUnitId: ids.piece,
        units: [{ unitId: ids.carton, conversionRate: '24' }],
      })
    ).id;
    await create('/api/AdditionOrders', {
      date: `${year}-01-10`,
      storeId: ids.main,
      lines: [{ itemId: ids.item, unitId: ids.carton, quantity: '10', unitCost: '24' }],
    });
    ids.transfer = (
      await create('/api/StorageTransfers', {
        date: `${year}-01-11`,
        storeId: ids.main,
        toStoreId: ids.shop,
        lines: [
          { itemId: ids.item, unitId: ids.carton, quantity: '5' },
          { itemId: ids.item, unitId: ids.piece, quantity: '10' },
        ],
      })
    ).id;
    const res = await app.api
      .post('/api/Users')
      .set(as(admin.token))
      .send({
        userName: 'mover',
        fullName: 'mover',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        branches: [admin.defaultBranchId],
        permissions: ['viewStorageTransfer', 'addStorageTransfer', 'editStorageTransfer'],
      });
    if (res.status !== 201) throw new Error(`user: ${res.status} ${JSON.stringify(res.body)}`);
    await app.flush();
    mover = (await login(app, 'mover', PASSWORD)).token;
  });
  afterAll(async () => app?.stop());

  it('gives a transfer reader the names of its stores, items and units without reading them', async () => {
    expect((await app.api.get('/api/Stores').set(as(mover))).status).toBe(403);
    expect((await app.api.get('/api/Units').set(as(mover))).status).toBe(403);
    const list = await app.api.get('/api/StorageTransfers').set(as(mover));
    expect(list.status).toBe(200);
    const row = list.body.items[0];
    expect(row.names[ids.main!].arabicName).toBe('المستودع الرئيسي');
    expect(row.names[ids.shop!].arabicName).toBe('مستودع المعرض');
    const one = await app.api.get(`/api/StorageTransfers/${ids.transfer}`).set(as(mover));
    expect(one.status).toBe(200);
    expect(one.body.names[ids.item!]).toEqual({
      code: 'SUG',
      arabicName: 'سكر',
      englishName: expect.any(String),
    });
    expect(one.body.names[ids.carton!].englishName).toBe('Carton');
    expect(one.body.names[ids.piece!].arabicName).toBe('حبة');
    expect(one.body.names[ids.shop!].arabicName).toBe('مستودع المعرض');
    // 5 cartons of 24 and 10 pieces: 130 pieces, in the document and in the list's column
    expect(one.body.quantityTotals).toEqual([{ unitId: ids.piece, quantity: '130' }]);
    expect(row.totalQuantity).toBe('130');
  });

  it('counts the stock balance in the item’s main unit with its breakdown, the rows naming store and unit', async () => {
    const res = await app.api
      .get('/api/ItemsReports/StockBalance')
      .query({ storeId: ids.shop })
      .set(as(admin.token));
    expect(res.status).toBe(200);
    const [row] = res.body.items;
    // 5 cartons of 24 and 10 pieces: 130 pieces, shown as 5 cartons 10 pieces
    expect(row.quantity).toBe('130');
    expect(row.breakdown).toEqual([
      { unitId: ids.carton, quantity: '5' },
      { unitId: ids.piece, quantity: '10' },
    ]);
    expect(row.names[ids.shop!].arabicName).toBe('مستودع المعرض');
    expect(row.names[ids.piece!].arabicName).toBe('حبة');
    expect(row.names[ids.carton!].arabicName).toBe('كرتون');
  });

  it('keeps the read model’s names out of the audit trail', async () => {
    const res = await app.api.get('/api/AuditLogs').query({ pageSize: 100 }).set(as(admin.token));
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain('"names"');
  });
});
