import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, writeGateOf } from '../src/db/database';

/**
 * SQLite's WAL checkpoints run on a worker thread (checkpointer.ts): the service's connection never checkpoints
 * inside a commit, the log is still folded into the database while the service writes, and a closed database
 * leaves no log behind (a restore refuses a data folder with one).
 */
describe('WAL checkpoints off the event loop (SQLite)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'erp-checkpoint-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const walOf = (file: string) => `${file}-wal`;
  const pages = async (db: Awaited<ReturnType<typeof openDatabase>>) =>
    Number(((await db.raw('pragma page_count')) as { page_count: number }[])[0]!.page_count);

  it('leaves the connection only a backstop checkpoint and still folds the log into the file', async () => {
    const file = path.join(dir, 'a.sqlite');
    const db = await openDatabase({ client: 'sqlite', filename: file });
    try {
      const [auto] = (await db.raw('pragma wal_autocheckpoint')) as { wal_autocheckpoint: number }[];
      // the worker checkpoints; the connection's own is a backstop far beyond what the worker lets pile up
      expect(auto!.wal_autocheckpoint).toBe(8192);
      await db.schema.createTable('t', (t) => {
        t.increments('id');
        t.text('body');
      });
      for (let i = 0; i < 20; i++)
        await db('t').insert(Array.from({ length: 50 }, () => ({ body: 'x'.repeat(2000) })));
      expect(await pages(db)).toBeGreaterThan(500);
      // the database file itself grows as the worker copies the log in (a few checkpoint periods)
      const deadline = Date.now() + 5000;
      while (statSync(file).size < 500 * 4096 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(statSync(file).size).toBeGreaterThanOrEqual(500 * 4096);
      const [row] = (await db('t').count({ n: '*' })) as { n: number }[];
      expect(Number(row!.n)).toBe(1000);
    } finally {
      await db.destroy();
    }
    // closed last, the service's connection removed the log
    expect(existsSync(walOf(file)) ? statSync(walOf(file)).size : 0).toBe(0);
  });

  it('keeps the log bounded under a writer that never pauses', async () => {
    // the worker's passive checkpoints alone never caught up: the log only starts over when a write begins with
    // all of it copied, so it grew past 5 GB in a minute of posting, each commit extending the file
    const file = path.join(dir, 'c.sqlite');
    const db = await openDatabase({ client: 'sqlite', filename: file });
    try {
      await db.schema.createTable('t', (t) => {
        t.increments('id');
        t.text('body');
      });
      let largest = 0;
      for (let i = 0; i < 1500; i++) {
        await db('t').insert(Array.from({ length: 25 }, () => ({ body: 'x'.repeat(4000) })));
        if (i % 50 === 0)
          largest = Math.max(largest, existsSync(walOf(file)) ? statSync(walOf(file)).size : 0);
      }
      // 150 MB written; the log stays within its backstop (32 MB) and a transaction's worth
      expect(largest).toBeLessThan(64 * 1024 * 1024);
      const [row] = (await db('t').count({ n: '*' })) as { n: number }[];
      expect(Number(row!.n)).toBe(37500);
    } finally {
      await db.destroy();
    }
  });

  it('keeps a file checkpointed while another handle on it stays open', async () => {
    const file = path.join(dir, 'b.sqlite');
    const first = await openDatabase({ client: 'sqlite', filename: file });
    const second = await openDatabase({ client: 'sqlite', filename: file });
    await first.schema.createTable('t', (t) => t.increments('id'));
    await first.destroy();
    await second('t').insert({});
    const [row] = (await second('t').count({ n: '*' })) as { n: number }[];
    expect(Number(row!.n)).toBe(1);
    await second.destroy();
    expect(existsSync(walOf(file)) ? statSync(walOf(file)).size : 0).toBe(0);
  });

  it("has a job thread's connection copy the log after each of its writes, so the next one starts it over", async () => {
    // left to the worker's period and the backstop, a thread committing chunk after chunk grew the log, and the
    // service's next commit copied it on the event loop; the thread's connection now copies it itself, outside
    // the gate, and its next transaction writes the log from its beginning again
    const file = path.join(dir, 'd.sqlite');
    const service = await openDatabase({ client: 'sqlite', filename: file });
    const thread = await openDatabase({
      client: 'sqlite',
      filename: file,
      secondary: { gate: writeGateOf(service)! },
    });
    try {
      await service.schema.createTable('t', (t) => {
        t.increments('id');
        t.text('body');
      });
      const [auto] = (await thread.raw('pragma wal_autocheckpoint')) as { wal_autocheckpoint: number }[];
      expect(auto!.wal_autocheckpoint).toBeGreaterThan(8192);
      // three transactions of about 2,000 pages each, back to back on the thread's connection
      const conn = (await thread.client.acquireConnection()) as {
        prepare(sql: string): { run(...a: unknown[]): unknown };
      };
      const insert = conn.prepare('insert into t (body) values (?)');
      const sizes: number[] = [];
      try {
        for (let k = 0; k < 3; k++) {
          conn.prepare('BEGIN').run();
          for (let i = 0; i < 2000; i++) insert.run('y'.repeat(3500));
          conn.prepare('COMMIT').run();
          sizes.push(statSync(walOf(file)).size);
        }
      } finally {
        await thread.client.releaseConnection(conn);
      }
      // each transaction wrote over the one before instead of after it: the log is one transaction long
      expect(sizes[0]).toBeGreaterThan(2000 * 4096);
      expect(sizes[2]).toBeLessThan(sizes[0]! * 1.5);
      const [row] = (await service('t').count({ n: '*' })) as { n: number }[];
      expect(Number(row!.n)).toBe(6000);
    } finally {
      await thread.destroy();
      await service.destroy();
    }
  });
});
