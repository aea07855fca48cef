import { engines, testDatabases, type TestDatabases } from '../../../tests/support/databases';
import {
  AppError,
  idempotencyKitMigration,
  idempotent,
  migrate,
  openDatabase,
  requestHash,
  type Db,
} from '../src';

/** Idempotent creates (issue 11, item 4): the same key gives the first result, another body a 409. */
describe.each(engines())('idempotency keys on %s', (engine) => {
  let dbs: TestDatabases;
  let db: Db;
  const tenant = '00000000-0000-4000-8000-0000000000a1';
  const other = '00000000-0000-4000-8000-0000000000a2';

  beforeAll(async () => {
    dbs = testDatabases(engine);
    db = await openDatabase(dbs.config('idempotency'));
    await migrate(db, [idempotencyKitMigration]);
  });
  afterAll(async () => {
    await db?.destroy();
    await dbs?.cleanup();
  });

  const create = (tenantId: string, key: string | null, body: unknown, counter: { n: number }) =>
    db.transaction((trx) =>
      idempotent(trx, tenantId, 'test.things.create', key, body, async () => ({ id: ++counter.n, body })),
    );

  it('runs a create once per key and gives the first result again', async () => {
    const counter = { n: 0 };
    const first = await create(tenant, 'k-1', { a: 1, b: [1, 2] }, counter);
    const again = await create(tenant, 'k-1', { b: [1, 2], a: 1 }, counter);
    expect(again).toEqual(first);
    expect(counter.n).toBe(1);
    // another tenant's key is its own
    expect(await create(other, 'k-1', { a: 1, b: [1, 2] }, counter)).toEqual({
      id: 2,
      body: { a: 1, b: [1, 2] },
    });
    // no key: every call runs
    await create(tenant, null, {}, counter);
    await create(tenant, null, {}, counter);
    expect(counter.n).toBe(4);
  });

  it('refuses the same key with another body (409) and changes nothing', async () => {
    const counter = { n: 0 };
    await create(tenant, 'k-2', { a: 1 }, counter);
    const refused = await create(tenant, 'k-2', { a: 2 }, counter).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 409, key: 'idempotencyKeyReused' });
    expect(counter.n).toBe(1);
  });

  it('leaves no key behind when the create fails, so a retry runs it', async () => {
    const failing = db.transaction((trx) =>
      idempotent(trx, tenant, 'test.things.create', 'k-3', {}, async () => {
        throw new Error('boom');
      }),
    );
    await expect(failing).rejects.toThrow('boom');
    const counter = { n: 0 };
    expect(await create(tenant, 'k-3', {}, counter)).toEqual({ id: 1, body: {} });
  });

  it('hashes bodies independently of key order', () => {
    expect(requestHash({ a: 1, b: { c: 2, d: 3 } })).toBe(requestHash({ b: { d: 3, c: 2 }, a: 1 }));
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: '1' }));
  });
});
