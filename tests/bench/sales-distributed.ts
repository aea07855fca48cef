/**
 * Sales invoices end to end in the distributed mode (issue 14, Performance): every service in its own process
 * on MariaDB, events over a real single-node Kafka (tests/support/kafka.ts), the client at the gateway. Not a
 * timed test (the machine is shared): it prints figures beside the target. Run: pnpm bench:sales-distributed
 * (MariaDB at ERP_TEST_MYSQL_URL, default mysql://root@127.0.0.1:3306).
 *
 * 1. Sustained: SALES_BENCH_CLIENTS (16) clients issuing 5-line invoices for SALES_BENCH_SECONDS (10 s), counted
 *    until accounts has booked every one in both parts (money from sales' event, cost from inventory's).
 * 2. The raw MariaDB rate of an equivalent posting transaction in the same run, at as many connections: one
 *    transaction writing an invoice's header, 5 lines, 2 outbox rows, 5 stock movements and a journal entry of 8
 *    lines (target: the end-to-end rate at least 25 % of it).
 */
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import { dropMysqlDatabase, openDatabase, type Db } from '@erp/service-kit';
import { BENCH_PASSWORD, benchSession } from './support/http';
import { bookedInvoices, pct, salesFlow, sustained } from './support/sales-flow';
import { BENCH_MYSQL_URL, startBenchTopology } from './support/topology';

const CLIENTS = Number(process.env.SALES_BENCH_CLIENTS ?? 16);
const SECONDS = Number(process.env.SALES_BENCH_SECONDS ?? 10);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The same rows as one invoice's posting, one transaction each, on `connections` connections for `ms`. */
async function rawMariadbRate(database: string, connections: number, ms: number): Promise<number> {
  const admin = await mysql.createConnection({ uri: BENCH_MYSQL_URL });
  await admin.query(`create database ${database}`);
  await admin.end();
  const pool = mysql.createPool({ uri: BENCH_MYSQL_URL, database, connectionLimit: connections });
  try {
    for (const sql of [
      'create table inv (id varchar(36) primary key, code bigint, date varchar(10), total bigint, vat bigint, status varchar(20))',
      'create table inv_lines (doc varchar(36), line int, item varchar(36), qty bigint, price bigint, primary key (doc, line))',
      'create table outbox (seq bigint primary key auto_increment, id varchar(40), type varchar(80), envelope text, sent_at varchar(30))',
      'create table moves (seq bigint primary key auto_increment, doc varchar(36), item varchar(36), store varchar(36), qty bigint, value bigint)',
      'create table entries (id varchar(36) primary key, doc varchar(36), hash varchar(64), total bigint)',
      'create table entry_lines (entry varchar(36), line int, account varchar(36), debit bigint, credit bigint, primary key (entry, line))',
    ])
      await pool.query(sql);
    const envelope = JSON.stringify({ lines: Array.from({ length: 5 }, (_, i) => ({ item: i, qty: '1' })) });
    let n = 0;
    const until = performance.now() + ms;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: connections }, async () => {
        const conn = await pool.getConnection();
        try {
          while (performance.now() < until) {
            const id = randomBytes(16).toString('hex');
            await conn.beginTransaction();
            await conn.execute('insert into inv values (?, ?, ?, ?, ?, ?)', [
              id,
              n,
              '2026-01-01',
              1725000,
              225000,
              'issued',
            ]);
            await conn.query('insert into inv_lines values ?', [
              Array.from({ length: 5 }, (_, i) => [id, i + 1, `item${i}`, 10000, 100000]),
            ]);
            await conn.query('insert into outbox (id, type, envelope) values ?', [
              [
                [`${id}a`, 'sales.stockDocument.changed', envelope],
                [`${id}b`, 'sales.document.changed', envelope],
              ],
            ]);
            await conn.query('insert into moves (doc, item, store, qty, value) values ?', [
              Array.from({ length: 5 }, (_, i) => [id, `item${i}`, 'store', -10000, -40000]),
            ]);
            await conn.execute('insert into entries values (?, ?, ?, ?)', [
              id,
              id,
              randomBytes(32).toString('hex'),
              1725000,
            ]);
            await conn.query('insert into entry_lines values ?', [
              Array.from({ length: 8 }, (_, i) => [id, i + 1, `acc${i}`, i % 2 ? 0 : 100, i % 2 ? 100 : 0]),
            ]);
            await conn.commit();
            n += 1;
          }
        } finally {
          conn.release();
        }
      }),
    );
    return n / ((performance.now() - start) / 1000);
  } finally {
    await pool.end();
    await dropMysqlDatabase(BENCH_MYSQL_URL, database);
  }
}

async function main(): Promise<void> {
  const t = Date.now();
  const topology = await startBenchTopology({
    ERP_ADMIN_PASSWORD: BENCH_PASSWORD,
    ERP_LOGIN_RATE_LIMIT: '1000000',
  });
  let accounts: Db | undefined;
  try {
    console.log(
      `topology: Kafka and ${Object.keys(topology.procs).length} processes up in ${Date.now() - t} ms`,
    );
    accounts = await openDatabase({
      client: 'mysql',
      url: BENCH_MYSQL_URL,
      database: `${topology.prefix}accounts`,
    });
    const flow = await salesFlow(topology.gateway, await benchSession(topology.gateway));
    // the master data reaches sales' and inventory's replicas over Kafka: the first invoice waits for them
    const waiting = Date.now();
    for (;;) {
      try {
        await flow.post();
        break;
      } catch (error) {
        if (Date.now() - waiting > 60_000) throw error;
        await sleep(250);
      }
    }
    for (let i = 0; i < 20; i++) await flow.post();

    const before = await bookedInvoices(accounts);
    const started = performance.now();
    const latencies = await sustained(flow, CLIENTS, SECONDS);
    const saved = performance.now();
    const target = before + latencies.length;
    while ((await bookedInvoices(accounts)) < target) {
      if (performance.now() - saved > 300_000) throw new Error('not every invoice booked within 5 minutes');
      await sleep(50);
    }
    const applied = performance.now();
    const rate = latencies.length / ((applied - started) / 1000);
    console.log(
      `distributed, ${CLIENTS} clients for ${SECONDS} s: ${latencies.length} invoices, ` +
        `${(latencies.length / ((saved - started) / 1000)).toFixed(0)}/s saved, ${rate.toFixed(0)}/s end to end ` +
        `(every invoice booked ${((applied - saved) / 1000).toFixed(1)} s after the last save), ` +
        `API p50 ${pct(latencies, 0.5).toFixed(1)} ms p99 ${pct(latencies, 0.99).toFixed(1)} ms`,
    );
    const raw = await rawMariadbRate(`${topology.prefix}raw`, CLIENTS, 5_000);
    const share = (rate / raw) * 100;
    console.log(
      `raw MariaDB posting transaction at ${CLIENTS} connections (invoice, 5 lines, 2 outbox rows, 5 movements, ` +
        `8 journal lines): ${raw.toFixed(0)}/s; end to end is ${share.toFixed(1)} % of it ` +
        `(${share >= 25 ? 'MET' : 'NOT MET'}: target at least 25 %)`,
    );
  } catch (error) {
    process.stdout.write(`\n----- process output -----\n${topology.logs.slice(-200).join('\n')}\n`);
    throw error;
  } finally {
    await accounts?.destroy();
    await topology.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
