import * as XLSX from '@e965/xlsx';
import { dec } from '@erp/contracts';
import { engines } from '../../../tests/support/databases';
import {
  ADMIN_PASSWORD,
  bearer,
  login,
  startTestApp,
  type TestApp,
} from '../../../tests/support/embedded-app';

const PASSWORD = 'Viewer#2026pass';

interface BalanceRow {
  itemId: string;
  code: string;
  storeId: string;
  unitId: string;
  quantity: string;
  value: string;
}
interface Answer {
  items: BalanceRow[];
  total: number;
  page: number;
  pageSize: number;
  totals: { quantity: { unitId: string; quantity: string }[]; value: string };
  names: Record<string, { code: string; arabicName: string; englishName: string }>;
}

/**
 * The report engine (issue 13 deliverable 7) through a report declared on it, the stock balance: parameters
 * validated by the declaration (400), pages that add up to the whole, totals over every page with quantities
 * per unit (never pieces plus kilograms), names resolved on the server for a reader who may not list stores
 * or units, and the Excel export of the whole result.
 */
describe.each(engines())('the report engine on %s', (engine) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof login>>;
  let viewer = '';
  const year = new Date().getFullYear();
  const as = (token: string, language = 'ar') => ({
    ...bearer(token),
    BranchId: admin.defaultBranchId,
    FiscalYear: String(year),
    Language: language,
  });
  const ids: Record<string, string> = {};
  const store = () => ids.store!;
  /** The independent model: what each item was given, in its own unit, at what cost. */
  const model: { itemId: string; unit: string; quantity: number; unitCost: number }[] = [];

  async function create(path: string, body: Record<string, unknown>) {
    const res = await app.api.post(path).set(as(admin.token)).send(body);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: string };
  }

  const balance = (token: string, query: Record<string, string | number>) =>
    app.api.get('/api/ItemsReports/StockBalance').query(query).set(as(token));

  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await login(app, 'admin', ADMIN_PASSWORD);
    await app.flush();
    ids.piece = (await create('/api/Units', { arabicName: 'حبة', englishName: 'Piece' })).id;
    ids.kilo = (await create('/api/Units', { arabicName: 'كيلو', englishName: 'Kilogram' })).id;
    const category = await create('/api/ItemCategories', { arabicName: 'عام' });
    ids.store = (
      await create('/api/Stores', { arabicName: 'مستودع التقارير', branchId: admin.defaultBranchId })
    ).id;
    // 23 items (two pages of 15): pieces and kilograms, quantities and costs that do not divide evenly
    const lines: Record<string, string>[] = [];
    for (let i = 1; i <= 23; i++) {
      const unit = i % 3 === 0 ? ids.kilo : ids.piece;
      const item = await create('/api/Items', {
        code: `R${String(i).padStart(2, '0')}`,
        arabicName: `صنف ${i}`,
        barcode: `RPT-${i}`,
        categoryId: category.id,
        mainUnitId: unit,
      });
      const quantity = (i * 7) % 11 || 5;
      const unitCost = 1.125 * i;
      model.push({ itemId: item.id, unit, quantity, unitCost });
      lines.push({ itemId: item.id, unitId: unit, quantity: String(quantity), unitCost: String(unitCost) });
    }
    await create('/api/AdditionOrders', { date: `${year}-01-10`, storeId: ids.store, lines });
    const res = await app.api
      .post('/api/Users')
      .set(as(admin.token))
      .send({
        userName: 'report_viewer',
        fullName: 'report viewer',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        branches: [admin.defaultBranchId],
        permissions: ['viewItems'],
      });
    if (res.status !== 201) throw new Error(`user: ${res.status} ${JSON.stringify(res.body)}`);
    await app.flush();
    viewer = (await login(app, 'report_viewer', PASSWORD)).token;
  });
  afterAll(async () => app?.stop());

  it("a store's balance lists only that store's rows while another store holds stock too", async () => {
    const other = (await create('/api/Stores', { arabicName: 'مستودع آخر', branchId: admin.defaultBranchId }))
      .id;
    const first = model[0]!;
    await create('/api/AdditionOrders', {
      date: `${year}-01-11`,
      storeId: other,
      lines: [{ itemId: first.itemId, unitId: first.unit, quantity: '3', unitCost: '2' }],
    });
    for (const storeId of [other, store()]) {
      const res = await balance(admin.token, { storeId, pageSize: 15, page: 1 });
      expect(res.status).toBe(200);
      const rows = (res.body as Answer).items;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.storeId === storeId)).toBe(true);
    }
    const mine = await balance(admin.token, { storeId: other, pageSize: 15, page: 1 });
    expect((mine.body as Answer).items.map((r) => [r.itemId, r.quantity])).toEqual([[first.itemId, '3']]);
  });

  it('refuses parameters the declaration does not accept with 400 and the field', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ pageSize: '7' }, 'pageSize'],
      [{ page: '0' }, 'page'],
      [{ sort: 'barcode' }, 'sort'],
      [{ order: 'sideways' }, 'order'],
      [{ nonZero: 'maybe' }, 'nonZero'],
      [{ date: `${year}-02-30` }, 'date'],
      [{ format: 'pdf' }, 'format'],
    ];
    for (const [query, field] of cases) {
      const res = await balance(admin.token, query);
      expect([query, res.status]).toEqual([query, 400]);
      expect(JSON.stringify(res.body)).toContain(field);
    }
    const card = await app.api.get('/api/ItemsReports/ItemMovements').set(as(admin.token));
    expect(card.status).toBe(400);
    expect(JSON.stringify(card.body)).toContain('itemId');
  });

  it('pages add up to the whole, in the declared order and the one asked for', async () => {
    const all = (await balance(admin.token, { storeId: store(), pageSize: 500 })).body as Answer;
    expect(all.total).toBe(23);
    expect(all.items.map((r) => r.code)).toEqual(model.map((_, i) => `R${String(i + 1).padStart(2, '0')}`));
    const first = (await balance(admin.token, { storeId: store(), pageSize: 15, page: 1 })).body as Answer;
    const second = (await balance(admin.token, { storeId: store(), pageSize: 15, page: 2 })).body as Answer;
    expect([first.total, second.total, first.items.length, second.items.length]).toEqual([23, 23, 15, 8]);
    expect([...first.items, ...second.items]).toEqual(all.items);
    const byValue = (
      await balance(admin.token, { storeId: store(), pageSize: 500, sort: 'value', order: 'desc' })
    ).body as Answer;
    const values = byValue.items.map((r) => dec(r.value));
    for (let i = 1; i < values.length; i++) expect(values[i - 1]!.gte(values[i]!)).toBe(true);
  });

  it('totals every page exactly, quantities per unit and never across units', async () => {
    const page = (await balance(admin.token, { storeId: store(), pageSize: 15 })).body as Answer;
    const perUnit = new Map<string, number>();
    for (const m of model) perUnit.set(m.unit, (perUnit.get(m.unit) ?? 0) + m.quantity);
    // the value total is the exact sum of every row's value, on every page
    const all = (await balance(admin.token, { storeId: store(), pageSize: 500 })).body as Answer;
    const value = all.items.reduce((sum, r) => sum.plus(r.value), dec(0));
    expect(value.isZero()).toBe(false);
    expect(page.totals.quantity).toEqual(
      [...perUnit]
        .map(([unitId, q]) => ({ unitId, quantity: String(q) }))
        .sort((a, b) => (a.unitId < b.unitId ? -1 : 1)),
    );
    expect(dec(page.totals.value).equals(value)).toBe(true);
    // the same totals whatever page is shown
    const second = (await balance(admin.token, { storeId: store(), pageSize: 15, page: 2 })).body as Answer;
    expect(second.totals).toEqual(page.totals);
  });

  it('names the stores, items and units on the server for a reader who may not list them', async () => {
    expect((await app.api.get('/api/Stores').set(as(viewer))).status).toBe(403);
    expect((await app.api.get('/api/Units').set(as(viewer))).status).toBe(403);
    const res = await balance(viewer, { storeId: store(), pageSize: 15 });
    expect(res.status).toBe(200);
    const page = res.body as Answer;
    expect(page.names[ids.store!]?.arabicName).toBe('مستودع التقارير');
    expect(page.names[ids.piece!]?.englishName).toBe('Piece');
    expect(page.names[ids.kilo!]?.arabicName).toBe('كيلو');
    for (const r of page.items) expect(page.names[r.itemId]?.code).toBe(r.code);
    for (const t of page.totals.quantity) expect(page.names[t.unitId]).toBeDefined();
  });

  it('exports the whole result as a workbook in the reader’s language, names and not ids', async () => {
    const res = await app.api
      .get('/api/ItemsReports/StockBalance')
      .query({ storeId: store(), format: 'xlsx', pageSize: 15 })
      .set(as(viewer, 'en'))
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = XLSX.read(res.body as Buffer);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows[0]).toEqual(['Stock balance']);
    expect(rows[1]).toEqual(expect.arrayContaining(['Code', 'Store', 'Quantity']));
    // title, headers, 23 rows (every page), the totals
    expect(rows).toHaveLength(2 + 23 + 1);
    const text = JSON.stringify(rows);
    expect(text).toContain('مستودع التقارير');
    expect(text).not.toContain(ids.store);
    expect(text).toContain('Kilogram');
  });
});
