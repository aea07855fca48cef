/**
 * The raw database rate of a transaction equivalent to one sales invoice's posting, which the sales benchmarks
 * print beside their end-to-end rates (bench/sales.ts, bench/sales-distributed.ts, bench/flow.ts): one
 * transaction writing an invoice's header, 5 lines, 2 outbox rows, 5 stock movements and a journal entry of 8
 * lines, by better-sqlite3 (the embedded mode) or on MariaDB (the distributed mode).
 */
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import { dropMysqlDatabase, onSqliteConnection, type Db, type SqliteConnection } from '@erp/service-kit';
import { BENCH_MYSQL_URL } from './topology';

/** What the raw transaction writes, for the figures' labels. */
export const RAW_POSTING = 'invoice, 5 lines, 2 outbox rows, 5 movements, 8 journal lines';

/**
 * The same rows as one invoice's posting, one transaction each, on `connections` connections for `ms`, in a
 * database `database` made for it and dropped after.
 */
export async function rawMariadbRate(database: string, connections: number, ms: number): Promise<number> {
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

/**
 * The same rows as one invoice's posting, by prepared statements in one transaction each, on a service's own
 * SQLite connection (its pragmas: give it the sales service's), into scratch tables, for `ms`.
 */
export async function rawSqliteRate(db: Db, ms: number): Promise<number> {
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
