/**
 * Sales invoices through the API in the embedded mode (issue 14, Performance). Not a timed test (the machine is
 * shared): it prints figures beside the targets. Run: pnpm bench:sales
 *
 * 1. Latency: SALES_BENCH_SERIAL (300) invoices of 5 lines saved and issued one after another (`then: issue`),
 *    p50 and p99 of the API answer (target p99 < 50 ms).
 * 2. Sustained: SALES_BENCH_CLIENTS (16) clients issuing invoices for SALES_BENCH_SECONDS (10 s); the rate counts
 *    until every event is applied (stock moved, both parts of each invoice booked in the ledger), with the API's
 *    p99 meanwhile (target >= 1,000 per second with p99 < 50 ms).
 * 3. The raw better-sqlite3 rate of an equivalent posting transaction in the same run: one transaction writing an
 *    invoice's header, 5 lines, 2 outbox rows, 5 stock movements and a journal entry of 8 lines.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onSqliteConnection, type SqliteConnection } from '@erp/service-kit';
import { benchSession, startBenchApp } from './support/http';
import { bookedInvoices, pct, salesFlow, sustained } from './support/sales-flow';

const SERIAL = Number(process.env.SALES_BENCH_SERIAL ?? 300);
const CLIENTS = Number(process.env.SALES_BENCH_CLIENTS ?? 16);
const SECONDS = Number(process.env.SALES_BENCH_SECONDS ?? 10);

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'erp-bench-sales-'));
  const app = await startBenchApp(dir);
  try {
    const flow = await salesFlow(app.url, await benchSession(app.url));
    await drained(app);
    const post = flow.post;

    // 1. one after another
    for (let i = 0; i < 20; i++) await post();
    const serial: number[] = [];
    for (let i = 0; i < SERIAL; i++) serial.push(await post());
    await drained(app);
    console.log(
      `5-line invoice saved and issued, ${SERIAL} one after another: p50 ${pct(serial, 0.5).toFixed(1)} ms, ` +
        `p99 ${pct(serial, 0.99).toFixed(1)} ms (target p99 < 50 ms)`,
    );

    // 2. sustained, until every event is applied
    const before = await bookedInvoices(app.services.accounts!.db);
    const started = performance.now();
    const latencies = await sustained(flow, CLIENTS, SECONDS);
    const saved = performance.now();
    await drained(app);
    const applied = performance.now();
    const booked = (await bookedInvoices(app.services.accounts!.db)) - before;
    if (booked !== latencies.length)
      throw new Error(`${latencies.length} invoices issued but ${booked} booked in both parts`);
    const rate = latencies.length / ((applied - started) / 1000);
    console.log(
      `sustained, ${CLIENTS} clients for ${SECONDS} s: ${latencies.length} invoices, ` +
        `${(latencies.length / ((saved - started) / 1000)).toFixed(0)}/s saved, ` +
        `${rate.toFixed(0)}/s end to end (every event applied ${((applied - saved) / 1000).toFixed(1)} s after the ` +
        `last save), API p50 ${pct(latencies, 0.5).toFixed(1)} ms p99 ${pct(latencies, 0.99).toFixed(1)} ms ` +
        `(target >= 1,000/s with p99 < 50 ms)`,
    );

    // 3. the raw better-sqlite3 rate of an equivalent posting transaction
    const raw = await rawPostingRate(app, 3_000);
    console.log(
      `raw better-sqlite3 posting transaction (invoice, 5 lines, 2 outbox rows, 5 movements, 8 journal lines): ` +
        `${raw.toFixed(0)}/s; end to end is ${((rate / raw) * 100).toFixed(1)} % of it`,
    );
  } finally {
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

type App = Awaited<ReturnType<typeof startBenchApp>>;

/** Every service's outbox sent, twice in a row (an event applied may emit the next: sales, inventory, accounts). */
async function drained(app: App): Promise<void> {
  let quiet = 0;
  while (quiet < 2) {
    let unsent = 0;
    for (const s of Object.values(app.services)) {
      await s.relay.flush();
      const row = await s.db('outbox').whereNull('sent_at').count({ n: '*' }).first();
      unsent += Number(row?.n ?? 0);
    }
    quiet = unsent === 0 ? quiet + 1 : 0;
    if (quiet < 2) await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * The same rows as one invoice's posting, by prepared statements in one transaction each, on the sales service's
 * own SQLite connection (its pragmas), into scratch tables.
 */
async function rawPostingRate(app: App, ms: number): Promise<number> {
  const db = app.services.sales!.db;
  for (const sql of [
    'create table bench_inv (id text primary key, code integer, date text, total integer, vat integer, status text)',
    'create table bench_inv_lines (doc text, line integer, item text, qty integer, price integer, primary key (doc, line))',
    'create table bench_outbox (seq integer primary key autoincrement, id text, type text, envelope text, sent_at text)',
    'create table bench_moves (seq integer primary key autoincrement, doc text, item text, store text, qty integer, value integer)',
    'create table bench_entries (id text primary key, doc text, hash text, total integer)',
    'create table bench_entry_lines (entry text, line integer, account text, debit integer, credit integer, primary key (entry, line))',
  ])
    await db.raw(sql);
  return onSqliteConnection(db, (conn: SqliteConnection) => {
    const ins = {
      inv: conn.prepare('insert into bench_inv values (?, ?, ?, ?, ?, ?)'),
      line: conn.prepare('insert into bench_inv_lines values (?, ?, ?, ?, ?)'),
      out: conn.prepare('insert into bench_outbox (id, type, envelope) values (?, ?, ?)'),
      move: conn.prepare('insert into bench_moves (doc, item, store, qty, value) values (?, ?, ?, ?, ?)'),
      entry: conn.prepare('insert into bench_entries values (?, ?, ?, ?)'),
      eline: conn.prepare('insert into bench_entry_lines values (?, ?, ?, ?, ?)'),
    };
    const envelope = JSON.stringify({ lines: Array.from({ length: 5 }, (_, i) => ({ item: i, qty: '1' })) });
    let n = 0;
    const one = conn.transaction(() => {
      const id = randomBytes(16).toString('hex');
      ins.inv.run(id, n, '2026-01-01', 1725000, 225000, 'issued');
      for (let i = 0; i < 5; i++) ins.line.run(id, i + 1, `item${i}`, 10000, 100000);
      ins.out.run(`${id}a`, 'sales.stockDocument.changed', envelope);
      ins.out.run(`${id}b`, 'sales.document.changed', envelope);
      for (let i = 0; i < 5; i++) ins.move.run(id, `item${i}`, 'store', -10000, -40000);
      ins.entry.run(id, id, randomBytes(32).toString('hex'), 1725000);
      for (let i = 0; i < 8; i++) ins.eline.run(id, i + 1, `acc${i}`, i % 2 ? 0 : 100, i % 2 ? 100 : 0);
      n += 1;
    });
    const start = performance.now();
    while (performance.now() - start < ms) one();
    return n / ((performance.now() - start) / 1000);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
