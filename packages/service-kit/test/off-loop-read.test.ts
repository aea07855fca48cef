import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/database';
import { readOffLoop } from '../src/db/off-loop-read';

/**
 * A heavy read off the event loop (SQLite): the checkpoint worker's connection runs it while the service's
 * event loop goes on serving; inside a transaction, on MySQL or in memory it runs as usual.
 */
describe('readOffLoop', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'erp-off-loop-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  // about a few hundred milliseconds of SQLite's own work, whatever the tables hold
  const heavy = (db: Awaited<ReturnType<typeof openDatabase>>) =>
    db
      .from(
        db.raw(
          '(with recursive c(x) as (select 1 union all select x + 1 from c where x < 1500000) select x from c) as c',
        ),
      )
      .count({ n: '*' })
      .sum({ s: 'x' });

  /** Runs `read` while a 5 ms timer counts the event loop's turns. */
  async function turnsDuring(read: () => Promise<unknown>): Promise<{ turns: number; result: unknown }> {
    let turns = 0;
    const timer = setInterval(() => turns++, 5);
    try {
      const result = await read();
      return { turns, result };
    } finally {
      clearInterval(timer);
    }
  }

  it('gives the same rows as the query, and the event loop turns while it runs', async () => {
    const db = await openDatabase({ client: 'sqlite', filename: path.join(dir, 'a.sqlite') });
    try {
      await db.schema.createTable('t', (t) => {
        t.string('unit');
        t.bigInteger('q');
      });
      await db('t').insert([
        { unit: 'piece', q: 5 },
        { unit: 'piece', q: 7 },
        { unit: 'box', q: 2 },
      ]);
      const grouped = () =>
        db('t').groupBy('unit').orderBy('unit').select('unit').count({ n: '*' }).sum({ q: 'q' });
      expect(await readOffLoop(db, grouped())).toEqual(await grouped());
      expect(await readOffLoop(db, grouped())).toEqual([
        { unit: 'box', n: 1, q: 2 },
        { unit: 'piece', n: 2, q: 12 },
      ]);
      const inline = await turnsDuring(() => heavy(db));
      const off = await turnsDuring(() => readOffLoop(db, heavy(db)));
      expect(off.result).toEqual(inline.result);
      // the same read held the loop on the service's connection; off it, the timer kept its turns
      expect(inline.turns).toBeLessThanOrEqual(1);
      expect(off.turns).toBeGreaterThanOrEqual(5);
    } finally {
      await db.destroy();
    }
  });

  it("runs inside a transaction on the transaction's connection: it sees its own writes", async () => {
    const db = await openDatabase({ client: 'sqlite', filename: path.join(dir, 'b.sqlite') });
    try {
      await db.schema.createTable('t', (t) => t.integer('n'));
      await db.transaction(async (trx) => {
        await trx('t').insert({ n: 1 });
        const [row] = await readOffLoop<{ c: number }>(trx, trx('t').count({ c: '*' }));
        expect(Number(row!.c)).toBe(1);
      });
    } finally {
      await db.destroy();
    }
  });

  it('runs as usual on a database in memory', async () => {
    const db = await openDatabase({ client: 'sqlite', filename: ':memory:' });
    try {
      await db.schema.createTable('t', (t) => t.integer('n'));
      await db('t').insert([{ n: 1 }, { n: 2 }]);
      const [row] = await readOffLoop<{ s: number }>(db, db('t').sum({ s: 'n' }));
      expect(Number(row!.s)).toBe(3);
    } finally {
      await db.destroy();
    }
  });

  it('refuses a write on the worker, says so once, and runs it in place', async () => {
    const db = await openDatabase({ client: 'sqlite', filename: path.join(dir, 'c.sqlite') });
    const warn = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      await db.schema.createTable('t', (t) => t.integer('n'));
      await db('t').insert([{ n: 1 }, { n: 2 }, { n: 3 }]);
      await readOffLoop(db, db('t').where('n', 1).delete());
      await readOffLoop(db, db('t').where('n', 2).delete());
      expect(await db('t').pluck('n')).toEqual([3]);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toMatch(/not a read/);
    } finally {
      warn.mockRestore();
      await db.destroy();
    }
  });
});
