import { engines } from '../../../tests/support/databases';
import {
  ADMIN_PASSWORD,
  PROVIDER_KEY,
  bearer,
  login,
  startTestApp,
  type TestApp,
} from '../../../tests/support/embedded-app';
import { salesModule } from '../../sales/src';
import { inventoryModule } from '../src';

type Page<T> = { items: T[] };
type Tax = { id: string; category: string; rate: string; arabicName: string };

/**
 * A new tenant ready to work (issue 12): the standard 15 % VAT, zero-rated and exempt categories, a default store
 * on the master branch and a cash customer, given once per tenant; a new item defaults to the standard VAT.
 */
describe.each(engines())('a new tenant’s starter records on %s', (engine) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(engine);
  });
  afterAll(async () => app?.stop());

  async function session(userName: string, password: string) {
    const who = await login(app, userName, password);
    const headers = { ...bearer(who.token), BranchId: who.defaultBranchId, Language: 'en' };
    const get = async <T>(path: string) => {
      const res = await app.api.get(path).query({ pageSize: 100 }).set(headers);
      expect(res.status).toBe(200);
      return res.body as Page<T>;
    };
    return { who, headers, get };
  }

  it('gives a tenant made through the provider its VAT categories, store and cash customer', async () => {
    const made = await app.api.post('/api/provider/tenants').set('X-Provider-Key', PROVIDER_KEY).send({
      name: 'Fresh shop',
      adminUserName: 'fresh_admin',
      adminPassword: 'Fresh-admin!123',
      subscriptionStart: '2020-01-01',
      subscriptionEnd: '2099-12-31',
    });
    expect(made.status).toBe(201);
    await app.flush();
    const { get } = await session('fresh_admin', 'Fresh-admin!123');
    const startUp = (
      await app.api
        .get('/api/aggregates/StartUp')
        .set(bearer((await login(app, 'fresh_admin', 'Fresh-admin!123')).token))
    ).body as {
      branches: { id: string; isMaster: boolean; defaultStoreId: string; defaultCustomerId: string }[];
    };
    const master = startUp.branches.find((b) => b.isMaster)!;
    const taxes = (await get<Tax>('/api/Taxes')).items;
    expect(taxes.map((t) => [t.category, t.rate]).sort()).toEqual([
      ['E', '0'],
      ['S', '15'],
      ['Z', '0'],
    ]);
    const stores = (await get<{ id: string; branchId: string; englishName: string }>('/api/Stores')).items;
    expect(stores).toEqual([expect.objectContaining({ branchId: master.id, englishName: 'Main store' })]);
    const customers = (
      await get<{ id: string; isCashCustomer: boolean; englishName: string }>('/api/Customers')
    ).items;
    expect(customers).toEqual([
      expect.objectContaining({ isCashCustomer: true, englishName: 'Cash customer' }),
    ]);
    // the master branch names them as its default store and cash customer (the spec's branch requires both)
    expect(master).toEqual(
      expect.objectContaining({ defaultStoreId: stores[0]!.id, defaultCustomerId: customers[0]!.id }),
    );
  });

  it('gives them once: a starter record the tenant deleted is not brought back by a restart’s seed', async () => {
    const admin = await session('admin', ADMIN_PASSWORD);
    const zero = (await admin.get<Tax>('/api/Taxes')).items.find((t) => t.category === 'Z')!;
    expect((await app.api.delete(`/api/Taxes/${zero.id}`).set(admin.headers)).status).toBe(200);
    // what a restart does: each service's seed runs again
    await inventoryModule.seed!(app.embedded.services.inventory!.deps);
    await salesModule.seed!(app.embedded.services.sales!.deps);
    expect((await admin.get<Tax>('/api/Taxes')).items.map((t) => t.category).sort()).toEqual(['E', 'S']);
    expect((await admin.get('/api/Customers')).items).toHaveLength(1);
  });

  it('makes a new item taxable at the standard VAT when no tax is named', async () => {
    const admin = await session('admin', ADMIN_PASSWORD);
    const standard = (await admin.get<Tax>('/api/Taxes')).items.find((t) => t.category === 'S')!;
    const post = async (path: string, body: Record<string, unknown>) => {
      const res = await app.api.post(path).set(admin.headers).send(body);
      expect(res.status).toBe(201);
      return res.body as { id: string; taxId?: string | null };
    };
    const unit = await post('/api/Units', { arabicName: 'حبة' });
    const category = await post('/api/ItemCategories', { arabicName: 'عام' });
    const item = await post('/api/Items', {
      arabicName: 'صابون',
      barcode: 'SOAP-1',
      categoryId: category.id,
      mainUnitId: unit.id,
    });
    expect(item.taxId).toBe(standard.id);
  });
});
