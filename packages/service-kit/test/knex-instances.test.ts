import { openDatabase, type Db } from '../src';
import { engines, testDatabases, type TestDatabases } from '../../../tests/support/databases';

/**
 * knex makes a new instance (a callable with its query methods) for every transaction. Unpatched, each got its
 * 123 query methods, six property definitions and an event emitter's methods as its own properties: two thirds
 * of an empty SQLite transaction's cost, most of it garbage to collect (issue 13's posting rate). The patch
 * (patches/knex@3.3.0.patch) puts them on one prototype that every instance shares. These tests pin that it is
 * applied and that instances still behave as knex documents them.
 */
describe.each(engines())('knex instances on %s', (engine) => {
  let dbs: TestDatabases;
  let db: Db;
  beforeEach(async () => {
    dbs = testDatabases(engine);
    db = await openDatabase(dbs.config('instances'));
    await db.schema.createTable('notes', (t) => {
      t.integer('id').primary();
      t.string('text', 20).notNullable();
    });
  });
  afterEach(async () => {
    await db.destroy();
    await dbs.cleanup();
  });

  it("a transaction's instance shares the root's prototype and owns no query method", async () => {
    await db.transaction(async (trx) => {
      expect(Object.getPrototypeOf(trx)).toBe(Object.getPrototypeOf(db));
      for (const method of ['select', 'where', 'insert', 'raw', 'transaction', 'schema', 'on', 'emit'])
        expect(Object.prototype.hasOwnProperty.call(trx, method)).toBe(false);
      // what is its own: the context, the emitter's state, the transaction's own functions
      expect(Object.getOwnPropertyNames(trx).length).toBeLessThan(25);
      expect(trx.isTransaction).toBe(true);
      expect(db.isTransaction).toBeUndefined();
    });
  });

  it('queries, savepoints, events and rollbacks work through the shared prototype', async () => {
    const seen: string[] = [];
    await db.transaction(async (trx) => {
      trx.on('query', (q: { sql: string }) => seen.push(q.sql));
      await trx('notes').insert({ id: 1, text: 'kept' });
      await trx
        .transaction(async (savepoint) => {
          await savepoint('notes').insert({ id: 2, text: 'undone' });
          throw new Error('the savepoint rolls back');
        })
        .catch(() => undefined);
      const rows = await trx.select('id').from('notes').orderBy('id');
      expect(rows.map((r: { id: unknown }) => Number(r.id))).toEqual([1]);
    });
    expect(seen.some((sql) => /insert into/i.test(sql))).toBe(true);
    await expect(
      db.transaction(async (trx) => {
        await trx('notes').insert({ id: 3, text: 'rolled back' });
        throw new Error('the transaction rolls back');
      }),
    ).rejects.toThrow('the transaction rolls back');
    expect(Number((await db('notes').count({ n: '*' }))[0]!.n)).toBe(1);
  });

  it('a clone with user parameters (the migrator makes one) keeps its own client and parameters', async () => {
    const clone = db.withUserParams({ purpose: 'test' });
    expect(clone.userParams).toEqual({ purpose: 'test' });
    expect(db.userParams).toEqual({});
    expect(clone.client).not.toBe(db.client);
    expect(Object.prototype.hasOwnProperty.call(clone, 'client')).toBe(false);
    await clone('notes').insert({ id: 4, text: 'by the clone' });
    expect(await db('notes').where({ id: 4 }).first('text')).toEqual({ text: 'by the clone' });
  });
});
