/**
 * Sustained sales invoices end to end (issue 16 item 5): 5-line cash invoices saved and issued through the API,
 * counted until every event is applied (stock moved, both parts of each invoice booked in the ledger), in the
 * embedded mode (one process, SQLite) and in the distributed mode (every service its own process on MariaDB,
 * events over a real Kafka broker), each beside the raw database rate of an equivalent posting transaction
 * measured in the same run (better-sqlite3; MariaDB at 16 connections). Not a timed test (the machine is shared):
 * it prints a table of figures beside the issue's targets. Run: pnpm bench:flow
 *
 * Cells: each mode × each number of clients × the accounts the sales hit:
 * - hot: every client sells in the default branch, so every sale hits its one cash and one revenue account (and
 *   its journal chain, number series and stock rows);
 * - spread: the nth client sells in the nth of FLOW_BENCH_BRANCHES branches (round), each with its own cash and
 *   revenue accounts, store and number series.
 *
 * Targets: embedded at least 1,000 invoices/s with the API's p99 under 50 ms; distributed at least 25 % of the
 * raw MariaDB rate; hot at least 80 % of spread; at 64 clients at least 90 % of the rate at 16 (the first
 * number of clients).
 *
 * Beside the embedded cells: the product's event loop's busy time an invoice (the gateway and every service share
 * that one loop, so 1,000 invoices/s leaves each at most 1 ms of it), and the floor of the fixed stack measured
 * by the same clients with the same body: a bare express app answering 201 (`http-floor.ts`).
 *
 * Settings: FLOW_BENCH_MODES (`embedded,distributed`), FLOW_BENCH_CLIENTS (`16,64`), FLOW_BENCH_SECONDS a cell
 * (10), FLOW_BENCH_BRANCHES (4), FLOW_BENCH_RAW_SECONDS (5); MariaDB at ERP_TEST_MYSQL_URL (default
 * mysql://root@127.0.0.1:3306). The databases, files and processes it makes are removed at the end.
 */
import { httpFloor, loopBusy, type HttpFloor } from './support/http-floor';
import { RAW_POSTING } from './support/raw-posting';
import {
  distributedFlowBench,
  embeddedFlowBench,
  endToEnd,
  type EndToEnd,
  type FlowBench,
} from './support/sales-flow';

const list = (value: string | undefined, fallback: string) =>
  (value || fallback)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const MODES = list(process.env.FLOW_BENCH_MODES, 'embedded,distributed');
const CLIENTS = list(process.env.FLOW_BENCH_CLIENTS, '16,64').map(Number);
const SECONDS = Number(process.env.FLOW_BENCH_SECONDS || 10);
const BRANCHES = Number(process.env.FLOW_BENCH_BRANCHES || 4);
const RAW_SECONDS = Number(process.env.FLOW_BENCH_RAW_SECONDS || 5);
const RAW_CONNECTIONS = 16;

type Mode = 'embedded' | 'distributed';
type Accounts = 'hot' | 'spread';

interface Cell {
  mode: Mode;
  clients: number;
  accounts: Accounts;
  run: EndToEnd;
  /** the mode's raw rate, invoices' worth of rows per second */
  raw: number;
  /**
   * Embedded: the product's event loop's busy milliseconds an invoice (every service and the gateway share it;
   * 1,000 invoices/s leaves at most 1 ms).
   */
  loopMs?: number;
}

/** The bare express floor at each number of clients (`httpFloor`), measured after the embedded cells. */
const floors = new Map<number, HttpFloor>();

/** One mode's cells: its product started, every number of clients on hot then spread accounts, its raw rate. */
async function modeCells(mode: Mode): Promise<Cell[]> {
  const t = Date.now();
  const options = { branches: BRANCHES };
  const bench: FlowBench =
    mode === 'embedded' ? await embeddedFlowBench(options) : await distributedFlowBench(options);
  try {
    console.log(`${mode}: product up and the flow set in ${Date.now() - t} ms`);
    const runs: Omit<Cell, 'raw'>[] = [];
    for (const clients of CLIENTS)
      for (const accounts of ['hot', 'spread'] as const) {
        const { result: run, busyMs } = await loopBusy(() =>
          endToEnd(
            bench.flow,
            bench.accounts,
            { clients, seconds: SECONDS, spread: accounts === 'spread' },
            bench.settled,
          ),
        );
        // the distributed mode's services are other processes: this loop only drives them
        const loopMs = mode === 'embedded' ? busyMs / run.invoices : undefined;
        console.log(
          `  ${clients} clients, ${accounts}: ${run.invoices} invoices, ${run.saved.toFixed(0)}/s saved, ` +
            `${run.rate.toFixed(1)}/s end to end (settled ${run.settling.toFixed(1)} s after the last save), ` +
            `API p50 ${run.p50.toFixed(1)} ms p99 ${run.p99.toFixed(1)} ms` +
            (loopMs === undefined ? '' : `, event loop ${loopMs.toFixed(2)} ms an invoice`),
        );
        runs.push({ mode, clients, accounts, run, ...(loopMs === undefined ? {} : { loopMs }) });
      }
    if (mode === 'embedded')
      for (const clients of CLIENTS) {
        const floor = await httpFloor(bench.flow, clients, RAW_SECONDS);
        floors.set(clients, floor);
        console.log(
          `  floor, a bare express app answering the invoice's body at ${clients} clients: ` +
            `${floor.rate.toFixed(0)}/s, its event loop ${floor.loopMs.toFixed(2)} ms a request`,
        );
      }
    const raw = await bench.rawRate(RAW_CONNECTIONS, RAW_SECONDS * 1000);
    console.log(
      `  raw ${mode === 'embedded' ? 'better-sqlite3' : `MariaDB at ${RAW_CONNECTIONS} connections`}: ` +
        `${raw.toFixed(0)}/s`,
    );
    return runs.map((r) => ({ ...r, raw }));
  } catch (error) {
    bench.failed();
    throw error;
  } finally {
    await bench.stop();
  }
}

const verdict = (met: boolean) => (met ? 'MET' : 'NOT MET');
const percent = (x: number) => `${(x * 100).toFixed(1)} %`;

/** The table's row of a cell: its figures, each target beside it. */
function row(cell: Cell, cells: Cell[]): string[] {
  const { run, raw } = cell;
  const share = run.rate / raw;
  const rateTarget =
    cell.mode === 'embedded'
      ? `>= 1,000/s: ${verdict(run.rate >= 1000)}`
      : `>= 25 % of raw: ${verdict(share >= 0.25)}`;
  const p99Target = cell.mode === 'embedded' ? `< 50 ms: ${verdict(run.p99 < 50)}` : '';
  const floor = floors.get(cell.clients);
  const loop =
    cell.loopMs === undefined
      ? ''
      : `${cell.loopMs.toFixed(2)} ms` + (floor ? ` (floor ${floor.loopMs.toFixed(2)})` : '');
  const like = (c: Cell, clients: number, accounts: Accounts) =>
    c.mode === cell.mode && c.clients === clients && c.accounts === accounts;
  const spread = cells.find((c) => like(c, cell.clients, 'spread'));
  const hotTarget =
    cell.accounts === 'hot' && spread
      ? `${percent(run.rate / spread.run.rate)} (>= 80 %): ${verdict(run.rate >= 0.8 * spread.run.rate)}`
      : '';
  const base = cells.find((c) => like(c, CLIENTS[0]!, cell.accounts));
  const scaleTarget =
    base && cell.clients > base.clients
      ? `${percent(run.rate / base.run.rate)} (>= 90 %): ${verdict(run.rate >= 0.9 * base.run.rate)}`
      : '';
  return [
    cell.mode,
    String(cell.clients),
    cell.accounts,
    run.rate.toFixed(1),
    rateTarget,
    `${run.p50.toFixed(1)} / ${run.p99.toFixed(1)} ms`,
    p99Target,
    loop,
    raw.toFixed(0),
    percent(share),
    hotTarget,
    scaleTarget,
  ];
}

/** A Markdown table, its columns padded. */
function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

async function main(): Promise<void> {
  const cells: Cell[] = [];
  for (const mode of MODES) {
    if (mode !== 'embedded' && mode !== 'distributed') throw new Error(`FLOW_BENCH_MODES: no mode ${mode}`);
    cells.push(...(await modeCells(mode)));
  }
  console.log(
    `\nSales invoices end to end, ${SECONDS} s a cell; hot: every sale in one branch (its one cash and one revenue ` +
      `account), spread: over ${BRANCHES} branches with their own; raw: ${RAW_POSTING} in one transaction ` +
      `(better-sqlite3; MariaDB at ${RAW_CONNECTIONS} connections), measured in the same run\n`,
  );
  console.log(
    table(
      [
        'mode',
        'clients',
        'accounts',
        'invoices/s',
        'target',
        'API p50 / p99',
        'p99 target',
        'loop a sale',
        'raw/s',
        'of raw',
        'hot vs spread',
        `vs ${CLIENTS[0]} clients`,
      ],
      cells.map((c) => row(c, cells)),
    ),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
