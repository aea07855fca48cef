/**
 * Sales by item for a year over SALES_BENCH_LINES (1,000,000) invoice lines (issue 14 deliverable 7, target under
 * 300 ms). Run: pnpm bench:sales-reports (SALES_BENCH_MYSQL=1 for MySQL/MariaDB at ERP_TEST_MYSQL_URL).
 *
 * Seeds straight into the sales service's tables: a year of issued invoices of five lines each over 2,000 items
 * (two units each, a carton of 12 pieces), 500 customers and 10 branches, with the per-item summary by day, month
 * and year the issue path keeps (reports/figures.ts), summed here as the lines are written. Then GET /api/SalesReports/ByItem
 * for the year through the API, median and p95 of SALES_BENCH_RUNS (15) runs; beside it the same figures by a
 * plain GROUP BY over the lines (what the summary spares), and one customer's by-item report (read from the
 * lines). Not a timed test: it prints the figures and whether the target is met.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Embedded } from '@erp/runner';
import { newId, nowIso, onSqliteConnection, type Db, type SqliteConnection } from '@erp/service-kit';
import { testDatabases } from '../support/databases';
import { yieldToEventLoop } from './ledger-seed';
import { benchSession, startBenchApp } from './support/http';

const LINES = Number(process.env.SALES_BENCH_LINES ?? 1_000_000);
const RUNS = Number(process.env.SALES_BENCH_RUNS ?? 15);
const PER_INVOICE = 5;
const ITEMS = 2_000;
const CUSTOMERS = 500;
const BRANCHES = Array.from({ length: 10 }, (_, i) => `bench-branch-${i}`);
const YEAR = 2025;
const TARGET_MS = 300;

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/** A seeded generator (mulberry32): the same year every run. */
function generator(seed: number) {
  let a = seed >>> 0;
  return (n: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

type Row = Record<string, unknown>;

/** Rows into a table: prepared statements in one transaction on SQLite, multi-row inserts on MySQL. */
async function insertMany(db: Db, table: string, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  if (String(db.client.config.client) === 'better-sqlite3') {
    await onSqliteConnection(db, (conn: SqliteConnection) => {
      const insert = conn.prepare(
        `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
      );
      conn.transaction(() => {
        for (const r of rows) insert.run(...columns.map((c) => r[c]));
      })();
    });
  } else for (let i = 0; i < rows.length; i += 2_000) await db(table).insert(rows.slice(i, i + 2_000));
}

const day = (i: number) => new Date(Date.UTC(YEAR, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);

async function seed(
  db: Db,
  tenantId: string,
): Promise<{ items: string[]; units: [string, string]; customers: string[] }> {
  const at = nowIso();
  const units: [string, string] = [newId(), newId()];
  const items = Array.from({ length: ITEMS }, () => newId());
  const customers = Array.from({ length: CUSTOMERS }, () => newId());
  await insertMany(
    db,
    'replica_md_items',
    items.map((id, i) => ({
      tenant_id: tenantId,
      id,
      code: String(i + 1),
      arabic_name: `صنف ${i + 1}`,
      english_name: `Item ${i + 1}`,
      deleted: 0,
      record: JSON.stringify({
        id,
        code: String(i + 1),
        arabicName: `صنف ${i + 1}`,
        englishName: `Item ${i + 1}`,
        deleted: false,
        isStoredItem: true,
        isActive: true,
        mainUnitId: units[0],
        salesPrice: '10',
        minSalesPrice: null,
        costPrice: '6',
        units: [{ unitId: units[1], conversionRate: '12', salesPrice: '110' }],
      }),
      as_of: at,
    })),
  );
  await insertMany(
    db,
    'md_customers',
    customers.map((id, i) => ({
      id,
      tenant_id: tenantId,
      code: `C${i + 1}`,
      arabic_name: `عميل ${i + 1}`,
      english_name: `Customer ${i + 1}`,
      is_company: 0,
      created_at: at,
      updated_at: at,
    })),
  );
  const random = generator(2025);
  const invoices = Math.ceil(LINES / PER_INVOICE);
  // the summary, as the issue path keeps it: per branch, day, item and unit
  const days = new Map<string, { q: number; net: number; vat: number }>();
  const batch = 20_000;
  for (let from = 0; from < invoices; from += batch) {
    const docs: Row[] = [];
    const lines: Row[] = [];
    for (let i = from; i < Math.min(from + batch, invoices); i++) {
      const id = newId();
      const date = day(Math.floor((i * 365) / invoices));
      const branch = BRANCHES[random(BRANCHES.length)]!;
      let net = 0;
      for (let n = 1; n <= PER_INVOICE; n++) {
        const carton = random(10) === 0;
        const quantity = 1 + random(5);
        const price = carton ? 110 : 5 + random(50);
        const value = quantity * price * 10_000;
        const itemId = items[random(ITEMS)]!;
        const unitId = units[carton ? 1 : 0];
        lines.push({
          tenant_id: tenantId,
          document_id: id,
          line_no: n,
          item_id: itemId,
          unit_id: unitId,
          store_id: null,
          quantity: quantity * 10_000,
          price: price * 10_000,
          tax_category: 'S',
          tax_rate: 150_000,
          value,
        });
        // no discounts: each line's net is its value, its VAT 15 % of it (whole units: exact)
        for (const period of [date, date.slice(0, 7), date.slice(0, 4)]) {
          const key = `${branch}\u0000${period}\u0000${itemId}\u0000${unitId}`;
          const e = days.get(key) ?? { q: 0, net: 0, vat: 0 };
          e.q += quantity * 10_000;
          e.net += value;
          e.vat += (value * 15) / 100;
          days.set(key, e);
        }
        net += value;
      }
      docs.push({
        id,
        tenant_id: tenantId,
        branch_id: branch,
        code: `B${i + 1}`,
        year: YEAR,
        seq: i + 1,
        date,
        status: 'issued',
        reference_number: '',
        notes: '',
        customer_id: customers[random(CUSTOMERS)],
        payment_type: 'cash',
        revision: 1,
        total_quantity: 0,
        total_value: net,
        money_line_net: net,
        money_discount: 0,
        money_tax_exclusive: net,
        money_vat: (net * 15) / 100,
        money_tax_inclusive: net + (net * 15) / 100,
        money_paid: net + (net * 15) / 100,
        paid_status: 'fully',
        issued_at: `${date}T09:00:00.000Z`,
        created_at: at,
        updated_at: at,
      });
    }
    await insertMany(db, 'doc_sales_invoices', docs);
    await insertMany(db, 'doc_sales_invoices_lines', lines);
    await yieldToEventLoop();
  }
  const summary: Row[] = [...days].map(([key, e]) => {
    const [branch, date, itemId, unitId] = key.split('\u0000');
    return {
      tenant_id: tenantId,
      branch_id: branch,
      date,
      item_id: itemId,
      unit_id: unitId,
      sold_quantity: e.q,
      sold_net: e.net,
      sold_vat: e.vat,
      returned_quantity: 0,
      returned_net: 0,
      returned_vat: 0,
    };
  });
  for (let i = 0; i < summary.length; i += 50_000)
    await insertMany(db, 'sales_item_days', summary.slice(i, i + 50_000));
  console.log(`summary rows (branch × day, month and year × item × unit): ${fmt(summary.length)}`);
  if (String(db.client.config.client) === 'better-sqlite3') {
    await onSqliteConnection(db, (conn) => conn.prepare('pragma wal_checkpoint(TRUNCATE)').all());
    await onSqliteConnection(db, (conn) => conn.prepare('analyze').run());
  } else
    for (const t of ['doc_sales_invoices', 'doc_sales_invoices_lines', 'sales_item_days'])
      await db.raw(`analyze table ${t}`);
  return { items, units, customers };
}

async function timed(runs: number, fn: () => Promise<unknown>): Promise<{ median: number; p95: number }> {
  await fn(); // warm
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  return { median: percentile(ms, 50), p95: percentile(ms, 95) };
}

async function bench(app: Embedded, engine: string): Promise<void> {
  let session = await benchSession(app.url);
  const tenantId = String(
    (JSON.parse(Buffer.from(session.auth.token.split('.')[1]!, 'base64url').toString()) as { tid: string })
      .tid,
  );
  const db = app.services.sales!.db;
  console.log(
    `\n== sales by item: ${fmt(LINES)} lines, ${fmt(ITEMS)} items, ${BRANCHES.length} branches, ${YEAR} on ${engine} ==`,
  );
  const t = performance.now();
  const { customers } = await seed(db, tenantId);
  console.log(`seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  session = await benchSession(app.url);

  const year = `dateFrom=${YEAR}-01-01&dateTo=${YEAR}-12-31`;
  const byItem = (await session.call('GET', `/api/SalesReports/ByItem?${year}`)) as {
    items: { quantity: string }[];
    totals: { net: string };
  };
  // the summary agrees with the lines: the year's net, summed both ways
  const [lines] = (await db('doc_sales_invoices_lines')
    .where({ tenant_id: tenantId })
    .sum({ v: 'value' })) as Row[];
  const fromLines = (Number(lines!.v) / 10_000).toString();
  if (byItem.totals.net !== fromLines) throw new Error(`summary ${byItem.totals.net} ≠ lines ${fromLines}`);
  console.log(`rows: ${fmt(byItem.items.length)} items, net ${byItem.totals.net} (agrees with the lines)`);

  const api = await timed(RUNS, () => session.call('GET', `/api/SalesReports/ByItem?${year}`));
  const met = api.median < TARGET_MS;
  console.log(
    `${met ? 'MET    ' : 'NOT MET'} sales by item, a year, all branches (API, summary): median ${api.median.toFixed(1)} ms, p95 ${api.p95.toFixed(1)} ms (target < ${TARGET_MS} ms)`,
  );
  // the year to date (the year less what follows) and a period that is not whole months
  const ytd = await timed(RUNS, () =>
    session.call('GET', `/api/SalesReports/ByItem?dateFrom=${YEAR}-01-01&dateTo=${YEAR}-11-27`),
  );
  console.log(
    `${ytd.median < TARGET_MS ? 'MET    ' : 'NOT MET'} sales by item, 1 January to 27 November, all branches: median ${ytd.median.toFixed(1)} ms, p95 ${ytd.p95.toFixed(1)} ms`,
  );
  const odd = `dateFrom=${YEAR}-02-15&dateTo=${YEAR}-11-20`;
  const part = await timed(RUNS, () => session.call('GET', `/api/SalesReports/ByItem?${odd}`));
  console.log(
    `${part.median < TARGET_MS ? 'MET    ' : 'NOT MET'} sales by item, 15 February to 20 November, all branches: median ${part.median.toFixed(1)} ms, p95 ${part.p95.toFixed(1)} ms`,
  );
  const plain = await timed(Math.min(RUNS, 5), () =>
    db('doc_sales_invoices_lines as l')
      .join('doc_sales_invoices as d', (j) => j.on('d.id', '=', 'l.document_id'))
      .where('d.tenant_id', tenantId)
      .andWhere('d.status', 'issued')
      .andWhereBetween('d.date', [`${YEAR}-01-01`, `${YEAR}-12-31`])
      .groupBy('l.item_id', 'l.unit_id')
      .select('l.item_id', 'l.unit_id')
      .sum({ q: 'l.quantity', v: 'l.value' }),
  );
  console.log(
    `        the same by a plain GROUP BY over the lines (SQL only, no VAT shares): median ${plain.median.toFixed(1)} ms, p95 ${plain.p95.toFixed(1)} ms`,
  );
  const one = await timed(RUNS, () =>
    session.call('GET', `/api/SalesReports/ByItem?${year}&customerId=${customers[7]}`),
  );
  console.log(
    `        one customer's sales by item, a year (from its ~${fmt(LINES / CUSTOMERS)} lines): median ${one.median.toFixed(1)} ms, p95 ${one.p95.toFixed(1)} ms`,
  );
  const month = await timed(RUNS, () =>
    session.call('GET', `/api/SalesReports/ByInvoice?dateFrom=${YEAR}-03-01&dateTo=${YEAR}-03-31`),
  );
  console.log(
    `        sales by invoice, a month, first page with totals: median ${month.median.toFixed(1)} ms, p95 ${month.p95.toFixed(1)} ms`,
  );
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'erp-bench-sales-'));
  const mysql = process.env.SALES_BENCH_MYSQL === '1';
  if (mysql) process.env.ERP_TEST_MYSQL_URL ??= 'mysql://root@127.0.0.1:3306';
  const databases = testDatabases(mysql ? 'mysql' : 'sqlite');
  const app = await startBenchApp(dir, (name) => databases.config(name));
  try {
    await bench(app, mysql ? 'mysql' : 'sqlite');
  } finally {
    await app.stop();
    await databases.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
