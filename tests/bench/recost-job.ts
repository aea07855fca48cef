/**
 * Re-costing a large history in the background (issue 11, Performance), embedded mode. Not a timed test (the
 * machine is shared): it prints figures and whether the targets are met. Run: pnpm bench:recost-job
 *
 * Seeds RECOST_BENCH_MOVEMENTS (2,000,000) movements over RECOST_BENCH_ITEMS (100,000) items in one store
 * straight into the tables (multi-line documents, bulk inserts), then makes a back-dated purchase of every
 * item (documents of 1,000 lines, the engine's maximum, through the API). Each save books its own lines and
 * queues a re-costing job for what came after. Prints: the saves, the jobs' duration (target < 60 s), the p99 of
 * typical requests of other users (a page of items, an item, a document, an item's stock balance) while the jobs
 * run (target < 50 ms) against their idle p99 in the same run, the same for a whole-store report page (its own
 * cost grows with the store), and checks the result.
 * `--small`: 200,000 movements over 10,000 items. `--no-load`: no other requests while the jobs run. COSTING_BENCH_MYSQL=1 runs on MySQL/MariaDB.
 * On SQLite the jobs run in the inventory service's job thread (ERP_JOB_THREAD=off: on the service's own thread,
 * chunks taking turns with the requests, as before 2026-12-07).
 * The server's ERP_RECOST_INLINE_LIMIT is 5,000 here unless set: a 1,000-line document of items with 20
 * movements each is ahead of 20,000 later movements, which the default limit (20,000) would still re-cost inline.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { items, tableOf } from '@erp/contracts';
import { issueValue, type Holding } from '../../services/inventory/src/ledger/costing';
import { testDatabases } from '../support/databases';
import { LedgerSeeder, yieldToEventLoop } from './ledger-seed';
import { benchSession, startBenchApp } from './support/http';
import { OtherUsers, type Sample } from './support/other-users';
import { recostJobsDone } from './support/recost-jobs';

const small = process.argv.includes('--small');
// `--no-load`: nobody else uses the API while the documents save and the jobs run (the jobs' own throughput)
const load = !process.argv.includes('--no-load');
const MOVEMENTS = Number(process.env.RECOST_BENCH_MOVEMENTS ?? (small ? 200_000 : 2_000_000));
const ITEMS = Number(process.env.RECOST_BENCH_ITEMS ?? (small ? 10_000 : 100_000));
const DOC_LINES = 1_000;
const SCALE = 10_000n;
process.env.ERP_RECOST_INLINE_LIMIT ??= '5000';

const p = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))] ?? 0;

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'erp-bench-recost-'));
  const mysql = process.env.COSTING_BENCH_MYSQL === '1';
  if (mysql) process.env.ERP_TEST_MYSQL_URL ??= 'mysql://root@127.0.0.1:3306';
  const databases = testDatabases(mysql ? 'mysql' : 'sqlite');
  console.log(
    `engine: ${mysql ? 'mysql' : 'sqlite'}; ${MOVEMENTS} movements over ${ITEMS} items; inline limit ${process.env.ERP_RECOST_INLINE_LIMIT}`,
  );
  const app = await startBenchApp(dir, (name) => databases.config(name));
  try {
    const { auth, headers, signIn, call } = await benchSession(app.url);
    const piece = String((await call('POST', '/api/Units', { arabicName: 'حبة' })).id);
    const category = String((await call('POST', '/api/ItemCategories', { arabicName: 'أغذية' })).id);
    const store = String(
      (await call('POST', '/api/Stores', { arabicName: 'مخزن', branchId: auth.defaultBranchId })).id,
    );
    const first = String(
      (
        await call('POST', '/api/Items', {
          arabicName: 'صنف 0',
          barcode: 'RB0',
          categoryId: category,
          mainUnitId: piece,
          salesPrice: '12',
          costPrice: '8',
        })
      ).id,
    );
    const db = app.services.inventory!.db;
    const template = (await db(tableOf(items)).where({ id: first }).first()) as Record<string, unknown>;
    const tenantId = String(template.tenant_id);

    // --- seed: the items, then MOVEMENTS movements in multi-line documents, in date order ---
    const t = performance.now();
    const ids: string[] = [first];
    const rows: Record<string, unknown>[] = [];
    for (let k = 1; k < ITEMS; k++) {
      const id = `${String(template.id).slice(0, 24)}${String(k).padStart(12, '0')}`;
      ids.push(id);
      rows.push({
        ...template,
        id,
        code: `R${k}`,
        code_number: 1000 + k,
        barcode: `RB${k}`,
        arabic_name: `صنف ${k}`,
        english_name: `Item ${k}`,
      });
    }
    for (let i = 0; i < rows.length; i += 500) {
      await db(tableOf(items)).insert(rows.slice(i, i + 500));
      await yieldToEventLoop();
    }
    // not kept through the measured part: the server's heap is what the garbage collector walks then
    rows.length = 0;
    const perItem = Math.max(1, Math.floor(MOVEMENTS / ITEMS));
    const seeder = new LedgerSeeder(db, tenantId, 8n * SCALE);
    const year = new Date().getFullYear();
    const firstDay = Date.UTC(year, 0, 2);
    const days = Math.max(1, Math.floor((Date.now() - firstDay) / 86_400_000) - 1);
    const dateOf = (k: number) =>
      new Date(firstDay + Math.floor((k * days) / perItem) * 86_400_000).toISOString().slice(0, 10);
    // what the seed booked per item, for the check at the end: [quantity, value or null (a sale)] per movement
    const booked = (k: number, n: number): [bigint, bigint | null] =>
      k % 3 === 0
        ? [BigInt(15 + (n % 7)) * SCALE, BigInt(150 + ((n * 7 + k) % 90)) * SCALE]
        : [4n * SCALE, null];
    for (let k = 0; k < perItem; k++) {
      for (let i = 0; i < ids.length; i += 500) {
        const batch = ids.slice(i, i + 500);
        await seeder.document(
          k % 3 === 0 ? 'purchases' : 'sales',
          store,
          dateOf(k),
          batch.map((itemId, j) => {
            const [quantity, value] = booked(k, i + j);
            return { itemId, quantity, value };
          }),
        );
      }
    }
    await seeder.writeBalances();
    const seedS = (performance.now() - t) / 1000;
    console.log(`seeded ${seeder.movementCount} movements over ${ITEMS} items in ${seedS.toFixed(0)} s`);
    // the server's overdue timers (keep-alive sockets idle since the API part) run before the first call
    await new Promise((resolve) => setTimeout(resolve, 1000));

    // --- other users' requests, one at a time, from a thread of their own: like a browser elsewhere, the client
    // is not held up by the server's event loop, so the figures are the API's own (request in, answer out).
    // Typical requests (the target): a page of items, an item, a document, one item's stock balance found by its
    // code; and a report over the whole store (a page of the 100,000-row stock balance with its totals), whose
    // own cost grows with the store, reported apart with its ratio to idle ---
    const sample = await call('POST', '/api/AdditionOrders', {
      date: `${year}-12-31`,
      storeId: store,
      lines: [{ itemId: ids[7], unitId: piece, quantity: '1', unitCost: '8' }],
    });
    const others = [
      `${app.url}/api/Items?pageSize=15&page=3`,
      `${app.url}/api/Items/${ids[ids.length >> 1]}`,
      `${app.url}/api/AdditionOrders/${String(sample.id)}`,
      `${app.url}/api/ItemsReports/StockBalance?storeId=${store}&search=R${ITEMS >> 2}&pageSize=15&page=1`,
      `${app.url}/api/ItemsReports/StockBalance?storeId=${store}&pageSize=15&page=2`,
    ];
    const isReport = (x: Sample) => x.url === others.length - 1;
    const client = new OtherUsers(others, headers, signIn);
    const idleSamples = (await client.run(500)).slice(25);
    const idle = idleSamples.filter((x) => !isReport(x)).map((x) => x.ms);
    const idleReport = idleSamples.filter(isReport).map((x) => x.ms);

    // --- the back-dated purchase of every item, 1,000 lines a document ---
    const early = `${year}-01-01`;
    const saves: number[] = [];
    const jobIds = new Set<string>();
    const startedAt = performance.now();
    if (load) client.start();
    for (let i = 0; i < ids.length; i += DOC_LINES) {
      const s = performance.now();
      const saved = await call('POST', '/api/AdditionOrders', {
        date: early,
        storeId: store,
        lines: ids.slice(i, i + DOC_LINES).map((itemId) => ({
          itemId,
          unitId: piece,
          quantity: '2',
          unitCost: '3.5',
        })),
      });
      saves.push(performance.now() - s);
      if (saved.jobId) jobIds.add(String(saved.jobId));
    }
    const savedAt = performance.now();
    const savedAtClock = performance.timeOrigin + savedAt;
    // the server runs in this process: how long its event loop was held at a time while the jobs ran
    const lag = monitorEventLoopDelay({ resolution: 5 });
    lag.enable();
    await recostJobsDone(db, 100);
    const endedAt = performance.now();
    lag.disable();
    const samples = load ? await client.stop() : [];
    // counted where it started: one sent during the last save ends after it
    const during = samples.filter((x) => x.at >= savedAtClock && !isReport(x)).map((x) => x.ms);
    const duringSaves = samples.filter((x) => x.at < savedAtClock && !isReport(x)).map((x) => x.ms);
    const duringReport = samples.filter((x) => x.at >= savedAtClock && isReport(x)).map((x) => x.ms);
    const jobs = (await db('jobs').where({ kind: 'inventory.recost' }).select('status', 'result')) as {
      status: string;
      result: string | null;
    }[];
    const pairs = jobs.reduce((n, j) => n + Number(JSON.parse(j.result ?? '{}').pairs ?? 0), 0);
    const corrections = jobs.reduce((n, j) => n + Number(JSON.parse(j.result ?? '{}').corrections ?? 0), 0);
    console.log(
      `${saves.length} back-dated documents of ${DOC_LINES} lines saved: median ${p(saves, 0.5).toFixed(0)} ms, max ${Math.max(...saves).toFixed(0)} ms; answers named ${jobIds.size} jobs`,
    );
    console.log(
      `jobs: ${jobs.length} (${jobs.filter((j) => j.status === 'succeeded').length} succeeded), ${pairs} items and stores, ${corrections} corrections booked`,
    );
    const jobsS = (endedAt - startedAt) / 1000;
    console.log(
      `re-costing done ${jobsS.toFixed(1)} s after the first save (${((endedAt - savedAt) / 1000).toFixed(1)} s after the last)`,
    );
    console.log(
      `typical requests: idle p50 ${p(idle, 0.5).toFixed(1)} ms, p99 ${p(idle, 0.99).toFixed(1)} ms (n=${idle.length}); while the jobs run (after the last save) p50 ${p(during, 0.5).toFixed(1)} ms, p99 ${p(during, 0.99).toFixed(1)} ms (n=${during.length}); while the documents save p50 ${p(duringSaves, 0.5).toFixed(1)} ms, p99 ${p(duringSaves, 0.99).toFixed(1)} ms (n=${duringSaves.length})`,
    );
    // which request the p99 is made of: each URL's own figures, idle and while the jobs run
    for (const [i, url] of others.entries()) {
      const mine = (xs: Sample[]) => xs.filter((x) => x.url === i).map((x) => x.ms);
      const [a, b] = [mine(idleSamples), mine(samples.filter((x) => x.at >= savedAtClock))];
      console.log(
        `  ${url.slice(app.url.length)}: idle p50 ${p(a, 0.5).toFixed(1)} ms, p99 ${p(a, 0.99).toFixed(1)}; while the jobs run p50 ${p(b, 0.5).toFixed(1)}, p99 ${p(b, 0.99).toFixed(1)}`,
      );
    }
    console.log(
      `whole-store report page: idle p50 ${p(idleReport, 0.5).toFixed(1)} ms, p99 ${p(idleReport, 0.99).toFixed(1)} ms (n=${idleReport.length}); while the jobs run p50 ${p(duringReport, 0.5).toFixed(1)} ms, p99 ${p(duringReport, 0.99).toFixed(1)} ms (n=${duringReport.length}); p99 ratio ${(p(duringReport, 0.99) / p(idleReport, 0.99)).toFixed(2)}`,
    );

    console.log(
      `event loop while the jobs ran: p50 ${(lag.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(lag.percentile(99) / 1e6).toFixed(1)} ms, max ${(lag.max / 1e6).toFixed(0)} ms`,
    );
    // --- check: nothing pending, balances equal their movements, a sample equal to a replay of the rule ---
    const [left] = (await db('recost_pending').count({ n: '*' })) as { n: number | string }[];
    if (Number(left!.n) !== 0) throw new Error('items left pending');
    const step = Math.max(1, Math.floor(ids.length / 50));
    for (let i = 0; i < ids.length; i += step) {
      let h: Holding = { quantity: 2n * SCALE, value: 7n * SCALE };
      for (let k = 0; k < perItem; k++) {
        const [quantity, value] = booked(k, i);
        const v = value ?? -issueValue(h, quantity, 8n * SCALE);
        h = { quantity: h.quantity + (value === null ? -quantity : quantity), value: h.value + v };
      }
      const [sum] = (await db('stock_movements')
        .where({ tenant_id: tenantId, item_id: ids[i], store_id: store })
        .sum({ q: 'quantity', v: 'value' })) as Record<string, unknown>[];
      const balance = (await db('stock_balances')
        .where({ item_id: ids[i], store_id: store })
        .first()) as Record<string, unknown>;
      if (String(sum!.q) !== String(balance.quantity) || String(sum!.v) !== String(balance.value))
        throw new Error(`item ${i}: the balance is not the sum of its movements`);
      if (String(h.quantity) !== String(balance.quantity) || String(h.value) !== String(balance.value))
        throw new Error(`item ${i}: ${String(balance.value)} booked, ${h.value} by the rule`);
    }
    console.log(`checked: ${Math.ceil(ids.length / step)} items equal a replay of the costing rule`);
    const verdict = (label: string, ok: boolean, figure: string) =>
      console.log(`${ok ? 'MET    ' : 'NOT MET'} ${label}: ${figure}`);
    verdict(
      `re-costing ${seeder.movementCount} movements as jobs (target < 60 s)`,
      jobsS < 60,
      `${jobsS.toFixed(1)} s`,
    );
    if (load)
      verdict(
        'p99 of typical requests while the jobs run (target < 50 ms)',
        p(during, 0.99) < 50,
        `${p(during, 0.99).toFixed(1)} ms (idle ${p(idle, 0.99).toFixed(1)} ms; ratio ${(p(during, 0.99) / p(idle, 0.99)).toFixed(2)})`,
      );
  } finally {
    await app.stop();
    await databases.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
