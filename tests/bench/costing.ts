/**
 * Re-costing at scale in the embedded mode (issue 11). Not a timed test (the machine is shared): it prints
 * figures and whether each target of the issue is met. Run: pnpm bench:costing
 *
 * 1. A back-dated purchase ahead of COSTING_BENCH_LATER (100,000) later movements of the same item and store,
 *    saved through the API, until its re-costing is done (target < 1 s): beyond ERP_RECOST_INLINE_LIMIT later
 *    movements the save books its own lines and queues the rest as a job, so the clock stops when no re-costing
 *    job is left and every correction is booked, not when the save answers.
 * 2. A typical back-dated purchase (an item with COSTING_BENCH_TYPICAL, 200, later movements): its save time
 *    with re-costing against the same purchase dated after them (nothing to re-cost), and the ratio.
 * 3. A back-dated purchase of COSTING_BENCH_WIDE_ITEMS (1,000) lines, each item with 20 later movements (the
 *    largest document, in the transaction), with the p99 of other requests while it runs.
 * The history is seeded straight into the tables (bulk inserts, yielding to the event loop), not by HTTP.
 * COSTING_BENCH_MYSQL=1 runs it on MySQL/MariaDB at ERP_TEST_MYSQL_URL (default mysql://root@127.0.0.1:3306).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { items, tableOf } from '@erp/contracts';
import { testDatabases } from '../support/databases';
import { LedgerSeeder } from './ledger-seed';
import { benchSession, startBenchApp } from './support/http';
import { recostJobsDone } from './support/recost-jobs';

const LATER = Number(process.env.COSTING_BENCH_LATER ?? 100_000);
const TYPICAL = Number(process.env.COSTING_BENCH_TYPICAL ?? 200);
const WIDE_ITEMS = Number(process.env.COSTING_BENCH_WIDE_ITEMS ?? 1_000);
const SCALE = 10_000n;

function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = random(20261123);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p99 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))]!;

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'erp-bench-costing-'));
  const mysql = process.env.COSTING_BENCH_MYSQL === '1';
  if (mysql) process.env.ERP_TEST_MYSQL_URL ??= 'mysql://root@127.0.0.1:3306';
  const databases = testDatabases(mysql ? 'mysql' : 'sqlite');
  console.log(`engine: ${mysql ? 'mysql' : 'sqlite'}`);
  const app = await startBenchApp(dir, (name) => databases.config(name));
  try {
    // the history runs through this fiscal year, up to today
    const { auth, call } = await benchSession(app.url);
    const timed = async (fn: () => Promise<unknown>) => {
      const t = performance.now();
      await fn();
      return performance.now() - t;
    };
    const piece = String((await call('POST', '/api/Units', { arabicName: 'حبة' })).id);
    const category = String((await call('POST', '/api/ItemCategories', { arabicName: 'أغذية' })).id);
    const store = String(
      (await call('POST', '/api/Stores', { arabicName: 'مخزن', branchId: auth.defaultBranchId })).id,
    );
    let n = 0;
    const item = async () =>
      String(
        (
          await call('POST', '/api/Items', {
            arabicName: `صنف ${++n}`,
            barcode: `CB${n}`,
            categoryId: category,
            mainUnitId: piece,
            salesPrice: '12',
            costPrice: '8',
          })
        ).id,
      );
    const db = app.services.inventory!.db;
    const hot = await item();
    const tenantId = String((await db(tableOf(items)).first('tenant_id'))!.tenant_id);
    const seeder = new LedgerSeeder(db, tenantId, 8n * SCALE);
    const year = new Date().getFullYear();
    const firstDay = Date.UTC(year, 0, 2);
    const days = Math.max(1, Math.floor((Date.now() - firstDay) / 86_400_000) - 1);
    const dateOf = (k: number, of: number) =>
      new Date(firstDay + Math.floor((k * days) / of) * 86_400_000).toISOString().slice(0, 10);
    /** `count` movements of one item, alternating purchases and sales, from 2 January to yesterday. */
    const history = async (itemId: string, count: number, offset = 0, of = count) => {
      for (let k = 0; k < count; k++) {
        const buying = k % 3 === 0;
        const quantity = BigInt(1 + Math.floor(rnd() * 5)) * SCALE;
        await seeder.document(buying ? 'purchases' : 'sales', store, dateOf(k + offset, of), [
          {
            itemId,
            quantity: buying ? quantity * 3n : quantity,
            value: buying ? (BigInt(Math.floor(rnd() * 50_000) + 10_000) * quantity * 3n) / SCALE : null,
          },
        ]);
      }
    };
    const purchase = (date: string, lines: { itemId: string; quantity: string; unitCost: string }[]) =>
      call('POST', '/api/AdditionOrders', {
        date,
        storeId: store,
        lines: lines.map((l) => ({
          itemId: l.itemId,
          unitId: piece,
          quantity: l.quantity,
          unitCost: l.unitCost,
        })),
      });
    const corrections = async () =>
      Number(
        ((await db('stock_movements').where({ kind: 'correction' }).count({ n: '*' })) as { n: number }[])[0]!
          .n,
      );
    const early = `${year}-01-01`;
    const late = new Date().toISOString().slice(0, 10);

    // --- 1. one item and store with LATER later movements ---
    let t = performance.now();
    await history(hot, LATER);
    await seeder.writeBalances();
    console.log(
      `seeded ${LATER} movements of one item and store in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    for (let k = 0; k < 20; k++) await call('GET', '/api/Items?pageSize=15');
    const before = await corrections();
    // the process's CPU time too: the server runs in this process, and on a shared machine the wall time
    // also counts the waits for a core
    const cpu = process.cpuUsage();
    const began = performance.now();
    const answer = await purchase(early, [{ itemId: hot, quantity: '10', unitCost: '1' }]);
    const savedMs = performance.now() - began;
    // looked at every 5 ms: the figure is about a second
    await recostJobsDone(db, 5);
    const big = performance.now() - began;
    const { user, system } = process.cpuUsage(cpu);
    const corrected = (await corrections()) - before;
    if (corrected === 0) throw new Error('the back-dated purchase corrected no later line');
    console.log(
      `back-dated purchase ahead of ${LATER} later movements: saved in ${savedMs.toFixed(0)} ms (${answer.jobId ? 'the later movements queued as a job' : 'all re-costed in its transaction'}), re-costing done ${big.toFixed(0)} ms after the save began (CPU ${((user + system) / 1000).toFixed(0)} ms); ${corrected} later lines corrected`,
    );
    await verify(db, hot, store);

    // --- 2. a typical back-dated purchase, with and without re-costing ---
    const typical: string[] = [];
    for (let k = 0; k < 10; k++) typical.push(await item());
    for (const id of typical) await history(id, TYPICAL);
    await seeder.writeBalances();
    const withRecost: number[] = [];
    const without: number[] = [];
    for (const [k, id] of typical.entries()) {
      // alternate, so the machine's load falls on both alike
      const back = () => purchase(dateOf(5, 700), [{ itemId: id, quantity: '4', unitCost: '3.25' }]);
      const ahead = () => purchase(late, [{ itemId: id, quantity: '4', unitCost: '3.25' }]);
      if (k % 2) {
        withRecost.push(await timed(back));
        without.push(await timed(ahead));
      } else {
        without.push(await timed(ahead));
        withRecost.push(await timed(back));
      }
    }
    const ratio = median(withRecost) / median(without);
    console.log(
      `typical purchase (${TYPICAL} later movements of its item): back-dated ${median(withRecost).toFixed(1)} ms, dated after them ${median(without).toFixed(1)} ms (medians of 10): ratio ${ratio.toFixed(2)}`,
    );

    // --- 3. the largest document: WIDE_ITEMS lines, each item with 20 later movements ---
    const wide: string[] = [];
    t = performance.now();
    const template = (await db(tableOf(items)).where({ id: typical[0] }).first()) as Record<string, unknown>;
    const rows = Array.from({ length: WIDE_ITEMS }, (_, k) => ({
      ...template,
      id: `${String(template.id).slice(0, 24)}${String(k).padStart(12, '0')}`,
      code: `W${k}`,
      code_number: 100_000 + k,
      barcode: `WB${k}`,
      arabic_name: `واسع ${k}`,
      english_name: `Wide ${k}`,
    }));
    for (let i = 0; i < rows.length; i += 200) await db(tableOf(items)).insert(rows.slice(i, i + 200));
    wide.push(...rows.map((r) => r.id));
    for (let k = 0; k < 20; k++)
      for (const id of wide) {
        await seeder.document(k % 3 === 0 ? 'purchases' : 'sales', store, dateOf(k * 30 + 10, 700), [
          {
            itemId: id,
            quantity: (k % 3 === 0 ? 30n : 5n) * SCALE,
            value: k % 3 === 0 ? 300n * SCALE : null,
          },
        ]);
      }
    await seeder.writeBalances();
    console.log(
      `seeded ${WIDE_ITEMS} items × 20 movements in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    // other requests while the wide document saves
    const others: number[] = [];
    let saving = true;
    const load = (async () => {
      while (saving) {
        const s = performance.now();
        await call('GET', `/api/Items?pageSize=25&search=${encodeURIComponent('صنف')}`);
        others.push(performance.now() - s);
      }
    })();
    const wideMs = await timed(() =>
      purchase(
        early,
        wide.map((id) => ({ itemId: id, quantity: '1', unitCost: '2' })),
      ),
    );
    saving = false;
    await load;
    console.log(
      `back-dated purchase of ${WIDE_ITEMS} lines ahead of ${WIDE_ITEMS * 20} later movements: saved in ${wideMs.toFixed(0)} ms; other requests meanwhile: n=${others.length}, p99 ${p99(others).toFixed(1)} ms`,
    );

    const verdict = (label: string, value: number, target: number) =>
      console.log(
        `${value < target ? 'MET    ' : 'NOT MET'} ${label}: ${value.toFixed(0)} ms (target < ${target} ms)`,
      );
    verdict(`re-costing ahead of ${LATER} later movements (the save and its job)`, big, 1000);
    console.log(
      `ratio of a typical back-dated purchase's save time with re-costing to without: ${ratio.toFixed(2)}`,
    );
  } finally {
    await app.stop();
    await databases.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The balance is the sum of the movements, and the value of an empty holding is nil. */
async function verify(db: import('@erp/service-kit').Db, itemId: string, storeId: string): Promise<void> {
  const [sum] = (await db('stock_movements')
    .where({ item_id: itemId, store_id: storeId })
    .sum({ q: 'quantity', v: 'value' })) as Record<string, unknown>[];
  const balance = await db('stock_balances').where({ item_id: itemId, store_id: storeId }).first();
  if (String(sum!.q) !== String(balance.quantity) || String(sum!.v) !== String(balance.value))
    throw new Error('the balance is not the sum of its movements');
  console.log(
    `checked: the balance (${String(balance.quantity)} / ${String(balance.value)}, scaled) is the sum of the movements`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
