import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Embedded } from '@erp/runner';
import { openDatabase, type Db } from '@erp/service-kit';
import { rawMariadbRate, rawSqliteRate } from './raw-posting';
import { BENCH_PASSWORD, benchSession, postAutomatically, startBenchApp, type BenchSession } from './http';
import { BENCH_MYSQL_URL, printProcessOutput, startBenchTopology, type BenchTopology } from './topology';

/**
 * The sales flow the benchmarks drive (bench/sales.ts embedded, bench/sales-distributed.ts over Kafka,
 * bench/flow.ts both): five items with stock, a cash payment method and a customer, the branch booking documents
 * as their events come; then a 5-line cash invoice saved and issued through the API. With `branches` above one,
 * more branches like the default one, each with a store holding the items' stock and its own cash and sales
 * (revenue) accounts, so invoices can be spread over several branches' accounts.
 */
export interface SalesFlow {
  /** One invoice saved and issued in the `branch`th branch (0, the default one); the API's answer time in ms. */
  post(branch?: number): Promise<number>;
  /** How many branches the flow sells in. */
  branches: number;
  /** What a client sends for an invoice in each branch (`sustained`'s clients send it from their own thread). */
  requests: readonly { url: string; headers: Record<string, string>; body: string }[];
}

export const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `attempt` until it succeeds, for up to `ms`: in the distributed mode what one service saved reaches the
 * others' replicas over Kafka, so the first use of it elsewhere waits for them.
 */
export async function retrying<T>(attempt: () => Promise<T>, ms = 60_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() - started > ms) throw error;
      await sleep(250);
    }
  }
}

/** Another branch like `model`, posting to its own new cash and sales accounts (siblings of the model's). */
async function spreadBranch(
  session: BenchSession,
  model: Record<string, unknown>,
  n: number,
): Promise<string> {
  const links = model.accountLinks as Record<string, string | null>;
  const sibling = async (link: 'cash' | 'sales') => {
    // the distributed mode's accounts service makes the tenant's default chart when it hears of the tenant
    const of = await retrying(() => session.call('GET', `/api/Accounts/${links[link]}`));
    return String(
      (
        await session.call('POST', '/api/Accounts', {
          arabicName: `${link === 'cash' ? 'صندوق' : 'مبيعات'} فرع ${n}`,
          isSub: true,
          parentId: of.parentId,
          nature: of.nature,
          accountType: of.accountType,
        })
      ).id,
    );
  };
  const branch = await session.call('POST', '/api/Branches', {
    ...model,
    code: `BF${n}`,
    arabicName: `فرع ${n}`,
    englishName: `Branch ${n}`,
    accountLinks: { ...links, cash: await sibling('cash'), sales: await sibling('sales') },
  });
  return String(branch.id);
}

export async function salesFlow(
  url: string,
  session: BenchSession,
  options: { branches?: number } = {},
): Promise<SalesFlow> {
  const { auth, headers, call } = session;
  const piece = String((await call('POST', '/api/Units', { arabicName: 'حبة' })).id);
  const category = String((await call('POST', '/api/ItemCategories', { arabicName: 'أغذية' })).id);
  // the branch books documents as their events come; so do the spread ones, made like it
  const model = await postAutomatically(session);
  const branches = [auth.defaultBranchId];
  for (let n = 1; n < (options.branches ?? 1); n++) branches.push(await spreadBranch(session, model, n));
  const stores: string[] = [];
  for (const [n, branchId] of branches.entries())
    stores.push(
      String((await retrying(() => call('POST', '/api/Stores', { arabicName: `مخزن ${n}`, branchId }))).id),
    );
  const items: string[] = [];
  for (let i = 0; i < 5; i++)
    items.push(
      String(
        (
          await call('POST', '/api/Items', {
            arabicName: `صنف ${i}`,
            barcode: `62810000${String(i).padStart(4, '0')}9`,
            categoryId: category,
            mainUnitId: piece,
            salesPrice: '10',
            costPrice: '4',
            openingBalances: stores.map((storeId) => ({ storeId, quantity: '10000000', unitCost: '4' })),
          })
        ).id,
      ),
    );
  const cash = String((await call('POST', '/api/PaymentMethods', { arabicName: 'نقدي', kind: 'cash' })).id);
  const customer = String((await call('POST', '/api/Customers', { arabicName: 'عميل' })).id);

  const body = (storeId: string) => ({
    date: new Date().toISOString().slice(0, 10),
    customerId: customer,
    paymentType: 'cash',
    lines: items.map((itemId, i) => ({
      itemId,
      unitId: piece,
      storeId,
      quantity: String(1 + i),
      price: '10',
      taxCategory: 'S',
      taxRate: '15',
    })),
    // 150 + 15 % VAT = 172.50, paid in cash
    payments: [{ paymentMethodId: cash, amount: '172.5' }],
    then: 'issue',
  });
  const sent = branches.map((branchId, n) => ({
    headers: { ...headers, BranchId: branchId },
    body: JSON.stringify(body(stores[n]!)),
  }));
  const post = async (branch = 0) => {
    const t = performance.now();
    const { headers: branchHeaders, body: json } = sent[branch % sent.length]!;
    const res = await fetch(`${url}/api/SalesInvoices`, {
      method: 'POST',
      headers: { ...branchHeaders, 'Idempotency-Key': randomBytes(12).toString('hex') },
      body: json,
    });
    if (res.status !== 201) throw new Error(`invoice: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    return performance.now() - t;
  };
  const requests = sent.map(({ headers: branchHeaders, body: json }) => ({
    url: `${url}/api/SalesInvoices`,
    headers: branchHeaders,
    body: json,
  }));
  return { post, branches: branches.length, requests };
}

/**
 * `clients` clients posting invoices one after another for `seconds`, all in the default branch or, `spread`,
 * the nth client in the flow's nth branch round the flow's branches; each answer's time in ms. The clients run
 * in a worker thread (flow-clients.mjs): in the embedded mode the product's event loop is this process's.
 */
export function sustained(
  flow: SalesFlow,
  clients: number,
  seconds: number,
  spread = false,
): Promise<number[]> {
  const worker = new Worker(path.join(__dirname, 'flow-clients.mjs'), {
    workerData: { requests: flow.requests, clients, seconds, spread },
  });
  return new Promise<number[]>((resolve, reject) => {
    worker.once('message', (m: { latencies?: number[]; error?: string }) => {
      if (m.error) reject(new Error(m.error));
      else resolve(m.latencies!);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** Sales invoices accounts has booked in both parts (their money and their cost), in accounts' database. */
export async function bookedInvoices(accounts: Db): Promise<number> {
  const row = await accounts('posting_documents')
    .where({ source_service: 'sales', document_type: 'salesInvoices', status: 'posted' })
    .whereNotNull('money_revision')
    .andWhere('revision', '>', 0)
    .count({ n: '*' })
    .first();
  return Number(row?.n ?? 0);
}

/** Every service's outbox sent, twice in a row (an event applied may emit the next: sales, inventory, accounts). */
export async function drained(app: Embedded): Promise<void> {
  let quiet = 0;
  while (quiet < 2) {
    let unsent = 0;
    for (const s of Object.values(app.services)) {
      await s.relay.flush();
      const row = await s.db('outbox').whereNull('sent_at').count({ n: '*' }).first();
      unsent += Number(row?.n ?? 0);
    }
    quiet = unsent === 0 ? quiet + 1 : 0;
    if (quiet < 2) await sleep(20);
  }
}

/** Waits until accounts has booked `target` sales invoices in both parts (the distributed mode: over Kafka). */
export async function untilBooked(accounts: Db, target: number, ms = 300_000): Promise<void> {
  const started = performance.now();
  while ((await bookedInvoices(accounts)) < target) {
    if (performance.now() - started > ms) throw new Error(`not every invoice booked within ${ms / 1000} s`);
    await sleep(50);
  }
}

export interface EndToEnd {
  invoices: number;
  /** invoices per second while the clients were saving */
  saved: number;
  /** invoices per second from the first save until every event was applied */
  rate: number;
  /** seconds from the last save until every event was applied */
  settling: number;
  p50: number;
  p99: number;
}

/**
 * `sustained` (`spread` as there), counted until `settled` says every event is applied, which it is given the
 * number of invoices accounts should have booked by then; each one must be booked in both parts. Run it with
 * the earlier invoices settled.
 */
export async function endToEnd(
  flow: SalesFlow,
  accounts: Db,
  run: { clients: number; seconds: number; spread?: boolean },
  settled: (target: number) => Promise<void>,
): Promise<EndToEnd> {
  const before = await bookedInvoices(accounts);
  const started = performance.now();
  const latencies = await sustained(flow, run.clients, run.seconds, run.spread);
  const saved = performance.now();
  await settled(before + latencies.length);
  const applied = performance.now();
  const booked = (await bookedInvoices(accounts)) - before;
  if (booked !== latencies.length)
    throw new Error(`${latencies.length} invoices issued but ${booked} booked in both parts`);
  return {
    invoices: latencies.length,
    saved: latencies.length / ((saved - started) / 1000),
    rate: latencies.length / ((applied - started) / 1000),
    settling: (applied - saved) / 1000,
    p50: pct(latencies, 0.5),
    p99: pct(latencies, 0.99),
  };
}

/** A run mode's product with the flow in it, its first invoices issued in every branch and booked. */
export interface FlowBench {
  flow: SalesFlow;
  /** accounts' database, where `bookedInvoices` counts */
  accounts: Db;
  /** Resolves once every event is applied, given how many invoices accounts should have booked by then. */
  settled(target: number): Promise<void>;
  /**
   * The raw rate of the equivalent posting transaction (`rawSqliteRate` on the sales service's connection, or
   * `rawMariadbRate` on `connections` connections) for `ms`.
   */
  rawRate(connections: number, ms: number): Promise<number>;
  /** Prints what the processes wrote last (the distributed mode's), when something failed. */
  failed(): void;
  stop(): Promise<void>;
}

/** An invoice in every branch (waiting for the replicas to hear of the master data), then 20 more, all booked. */
async function warmedUp(bench: FlowBench): Promise<void> {
  const { flow } = bench;
  for (let branch = 0; branch < flow.branches; branch++) await retrying(() => flow.post(branch));
  for (let i = 0; i < 20; i++) await flow.post(i);
  await bench.settled(flow.branches + 20);
}

/** The embedded mode on SQLite files in a temporary folder, removed at the stop. */
export async function embeddedFlowBench(
  options: { branches?: number } = {},
): Promise<FlowBench & { app: Embedded }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'erp-bench-flow-'));
  const app = await startBenchApp(dir);
  const stop = async () => {
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const bench = {
      app,
      flow: await salesFlow(app.url, await benchSession(app.url), options),
      accounts: app.services.accounts!.db,
      settled: () => drained(app),
      rawRate: (_connections: number, ms: number) => rawSqliteRate(app.services.sales!.db, ms),
      failed: () => undefined,
      stop,
    };
    await warmedUp(bench);
    return bench;
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The distributed mode (`startBenchTopology`: Kafka, every service its own process on MariaDB, the client at the
 * gateway); its databases dropped at the stop. A failure prints the processes' last lines.
 */
export async function distributedFlowBench(
  options: { branches?: number } = {},
): Promise<FlowBench & { topology: BenchTopology }> {
  const topology = await startBenchTopology({
    ERP_ADMIN_PASSWORD: BENCH_PASSWORD,
    ERP_LOGIN_RATE_LIMIT: '1000000',
  });
  let accounts: Db | undefined;
  const stop = async () => {
    await accounts?.destroy();
    await topology.stop();
  };
  try {
    accounts = await openDatabase({
      client: 'mysql',
      url: BENCH_MYSQL_URL,
      database: `${topology.prefix}accounts`,
    });
    const booked = accounts;
    const bench = {
      topology,
      flow: await salesFlow(topology.gateway, await benchSession(topology.gateway), options),
      accounts: booked,
      settled: (target: number) => untilBooked(booked, target),
      rawRate: (connections: number, ms: number) => rawMariadbRate(`${topology.prefix}raw`, connections, ms),
      failed: () => printProcessOutput(topology),
      stop,
    };
    await warmedUp(bench);
    return bench;
  } catch (error) {
    printProcessOutput(topology);
    await stop();
    throw error;
  }
}
