import { engines } from '../support/databases';
import { ADMIN_PASSWORD, bearer, login, startTestApp, type TestApp } from '../support/embedded-app';

/**
 * Issue 10 item 3: a replica can be rebuilt from its source. Rows deleted from, or damaged in, another service's
 * copy of identity's branches and users come back as they are at the source once an admin has identity publish
 * its current state again (the distributed mode's run of the same is in distributed.test.ts).
 */
describe.each(engines())('replica rebuild on %s', (engine) => {
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    app = await startTestApp(engine);
    token = (await login(app, 'admin', ADMIN_PASSWORD)).token;
    await app.flush();
  }, 60_000);
  afterAll(async () => app?.stop());

  const db = (service: string) => {
    const found = app.embedded.services[service];
    if (!found) throw new Error(`no ${service} service`);
    return found.db;
  };
  const branchNames = async (service: 'identity' | 'inventory' | 'sales') =>
    (
      await db(service)(service === 'identity' ? 'branches' : 'replica_branches')
        .orderBy('id')
        .select('id', 'arabic_name', 'english_name', 'decimal_digits')
    ).map((r) => ({ ...r, decimal_digits: Number(r.decimal_digits) }));
  const userNames = async (service: 'identity' | 'inventory') =>
    (
      await db(service)(service === 'identity' ? 'users' : 'replica_users')
        .orderBy('id')
        .select('id', 'user_name')
    ).map((r) => ({ id: String(r.id), user_name: String(r.user_name) }));

  it('restores deleted and damaged replica rows from identity', async () => {
    const source = await branchNames('identity');
    expect(source.length).toBeGreaterThan(0);
    expect(await branchNames('inventory')).toEqual(source);

    await db('inventory')('replica_branches').delete();
    await db('inventory')('replica_users').delete();
    await db('sales')('replica_branches').update({ english_name: 'damaged', decimal_digits: 0 });
    expect(await branchNames('inventory')).toEqual([]);

    const res = await app.api.post('/api/admin/identity/replicas/republish').set(bearer(token)).send({});
    expect(res.status).toBe(200);
    // every branch and user, the company and the tenant
    const users = await userNames('identity');
    expect(res.body.events).toBe(source.length + users.length + 2);
    await app.flush();

    expect(await branchNames('inventory')).toEqual(source);
    expect(await branchNames('sales')).toEqual(source);
    expect(await userNames('inventory')).toEqual(users);
  });

  it('republishes inventory items for the services that keep them', async () => {
    const post = async (path: string, body: object) => {
      const res = await app.api.post(path).set(bearer(token)).send(body);
      expect(res.status).toBe(201);
      return String(res.body.id);
    };
    const unit = await post('/api/Units', { arabicName: 'حبة' });
    const category = await post('/api/ItemCategories', { arabicName: 'فئة' });
    const item = await post('/api/Items', {
      arabicName: 'صنف',
      barcode: '6281000007775',
      categoryId: category,
      mainUnitId: unit,
      salesPrice: '8',
      costPrice: '5',
    });
    await app.flush();
    const before = await db('inventory')('outbox').where('msg_key', 'like', `%:${item}`).count({ n: '*' });

    const res = await app.api.post('/api/admin/inventory/replicas/republish').set(bearer(token)).send({});
    expect(res.status).toBe(200);
    expect(res.body.events).toBe(1);
    const rows = await db('inventory')('outbox').where('msg_key', 'like', `%:${item}`).orderBy('seq');
    expect(rows.length).toBe(Number(before[0]!.n) + 1);
    expect(rows.at(-1)!.type).toBe('inventory.item.changed');
    expect(JSON.parse(String(rows.at(-1)!.envelope)).payload).toMatchObject({ id: item, arabicName: 'صنف' });
  });
});
