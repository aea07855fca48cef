import {
  insertMissing,
  isLockConflict,
  isMysql,
  LOCK_CONFLICT_ATTEMPTS,
  openDatabase,
  raceLost,
  retryLockConflicts,
  type Db,
} from '../src';
import { engines, testDatabases, type TestDatabases } from '../../../tests/support/databases';

/**
 * A request's transaction that loses a deadlock is run again from the start (service.ts `transact`): the
 * database rolled it back whole, so the user's save succeeds instead of a 500 (CI saw one on MySQL when a save
 * and a re-costing job locked the same holdings in turn).
 */
describe('retrying a transaction lost over locks', () => {
  const deadlock = () => Object.assign(new Error('Deadlock found'), { code: 'ER_LOCK_DEADLOCK' });

  it('runs the work again after a deadlock or a lock wait, and returns its result', async () => {
    let calls = 0;
    const result = await retryLockConflicts(async () => {
      calls++;
      if (calls === 1) throw deadlock();
      if (calls === 2) throw Object.assign(new Error('wait'), { code: 'ER_LOCK_WAIT_TIMEOUT' });
      return 'saved';
    });
    expect(result).toBe('saved');
    expect(calls).toBe(3);
  });

  it('gives up after its attempts, and never retries another error', async () => {
    let calls = 0;
    await expect(
      retryLockConflicts(async () => {
        calls++;
        throw deadlock();
      }),
    ).rejects.toMatchObject({ code: 'ER_LOCK_DEADLOCK' });
    expect(calls).toBe(LOCK_CONFLICT_ATTEMPTS);
    calls = 0;
    await expect(
      retryLockConflicts(async () => {
        calls++;
        throw Object.assign(new Error('dup'), { code: 'ER_DUP_ENTRY' });
      }),
    ).rejects.toMatchObject({ code: 'ER_DUP_ENTRY' });
    expect(calls).toBe(1);
  });
});

describe('a unique key lost to a concurrent save', () => {
  it('is run again once marked raceLost, and a plain duplicate never is', async () => {
    let calls = 0;
    const result = await retryLockConflicts(async () => {
      calls++;
      if (calls === 1) throw raceLost(Object.assign(new Error('Duplicate entry'), { code: 'ER_DUP_ENTRY' }));
      return 'next code';
    });
    expect(result).toBe('next code');
    expect(calls).toBe(2);
    expect(isLockConflict(Object.assign(new Error('dup'), { code: 'ER_DUP_ENTRY' }))).toBe(false);
  });
});

// only MySQL deadlocks (SQLite has one writer): without a MySQL to test on there is nothing to declare
const mysqlOnly = engines().filter((e) => e === 'mysql');
if (mysqlOnly.length)
  describe.each(mysqlOnly)('a real deadlock on %s', (engine) => {
    let dbs: TestDatabases;
    let db: Db;
    beforeEach(async () => {
      dbs = testDatabases(engine);
      db = await openDatabase(dbs.config('locks'));
      await db.schema.createTable('holdings', (t) => {
        t.string('id', 10).primary();
        t.bigInteger('quantity').notNullable();
      });
      await db('holdings').insert([
        { id: 'a', quantity: 0 },
        { id: 'b', quantity: 0 },
      ]);
    });
    afterEach(async () => {
      await db.destroy();
      await dbs.cleanup();
    });

    it('both transactions that lock two rows in opposite orders commit, each exactly once', async () => {
      // each takes its first row, waits until the other has taken its own, then asks for the other's
      let taken = 0;
      let runs = 0;
      const bothTaken = async () => {
        taken++;
        while (taken < 2) await new Promise((r) => setTimeout(r, 5));
      };
      const move = (first: string, second: string) =>
        retryLockConflicts(() =>
          db.transaction(async (trx) => {
            runs++;
            await trx('holdings').where({ id: first }).increment('quantity', 1);
            await bothTaken();
            await trx('holdings').where({ id: second }).increment('quantity', 1);
          }),
        );
      await Promise.all([move('a', 'b'), move('b', 'a')]);
      const rows = (await db('holdings').orderBy('id').select('quantity')) as { quantity: unknown }[];
      expect(rows.map((r) => Number(r.quantity))).toEqual([2, 2]);
      // MySQL chose a victim: its transaction ran a second time
      expect(runs).toBe(3);
    });
  });

describe.each(engines())('rows made on first use and locked (insertMissing) on %s', (engine) => {
  let dbs: TestDatabases;
  let db: Db;
  beforeAll(async () => {
    dbs = testDatabases(engine);
    db = await openDatabase(dbs.config('first_use'));
    await db.schema.createTable('chains', (t) => {
      t.string('tenant_id', 10).notNullable();
      t.string('unit', 10).notNullable();
      t.bigInteger('counter').notNullable();
      t.primary(['tenant_id', 'unit']);
    });
  });
  afterAll(async () => {
    await db.destroy();
    await dbs.cleanup();
  });

  /** Takes the next counter of each unit, as an issuing unit's chain does: the row made if missing, locked, bumped. */
  const next = (units: string[]) =>
    db.transaction(async (trx) => {
      await insertMissing(
        trx,
        'chains',
        units.map((unit) => ({ tenant_id: 't', unit, counter: 0 })),
        ['tenant_id', 'unit'],
      );
      const q = trx('chains').where({ tenant_id: 't' }).whereIn('unit', units).orderBy('unit');
      const rows = (await (isMysql(trx) ? q.forUpdate() : q).select('unit', 'counter')) as {
        unit: string;
        counter: unknown;
      }[];
      await new Promise((r) => setTimeout(r, 2));
      for (const r of rows)
        await trx('chains')
          .where({ tenant_id: 't', unit: r.unit })
          .update({ counter: Number(r.counter) + 1 });
    });

  it('makes a missing row once and leaves an existing one as it is', async () => {
    await next(['a']);
    await next(['a', 'b']);
    const rows = (await db('chains').orderBy('unit').select('unit', 'counter')) as { counter: unknown }[];
    expect(rows.map((r) => Number(r.counter))).toEqual([2, 1]);
  });

  // MySQL: with INSERT IGNORE each transaction share-locked the existing rows and then waited to upgrade them
  // for the other's share: without a retry, most of twelve at once failed with a deadlock
  it('twelve transactions at once over the same rows, not retried, all commit and count once each', async () => {
    const before = (await db('chains').where({ unit: 'a' }).first('counter')) as { counter: unknown };
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, n) => next(n % 2 ? ['a', 'b', 'c'] : ['a', 'c'])),
    );
    expect(results.filter((r) => r.status === 'rejected').map((r) => String(r.reason))).toEqual([]);
    const after = (await db('chains').orderBy('unit').select('unit', 'counter')) as { counter: unknown }[];
    expect(after.map((r) => Number(r.counter))).toEqual([Number(before.counter) + 12, 1 + 6, 12]);
  });
});
