import { chmodSync, closeSync, openSync } from 'node:fs';
import knexFactory, { type Knex } from 'knex';
import mysql from 'mysql2/promise';
import { gateKnex, gateStatement, gateTransactions, newWriteGate, WriteGate } from './write-gate';
import { checkpointAfterWrites, offloadCheckpoints, releaseCheckpoints } from './checkpointer';

export type DbConfig =
  | {
      client: 'sqlite';
      filename: string;
      /** A reader beside the service's own connection (the fault run's checks): no writes, no checkpoints. */
      readonly?: boolean;
      /**
       * A second writer beside the service's own connection (its job thread), through the first one's write
       * gate (`writeGateOf`); checkpoints stay with the first.
       */
      secondary?: { gate: SharedArrayBuffer };
    }
  | { client: 'mysql'; url: string; database: string };

export type Db = Knex;
export type Trx = Knex.Transaction;
/** Either the root connection or a transaction; repositories accept both and never reach for the root. */
export type Executor = Knex | Knex.Transaction;

async function ensureMysqlDatabase(url: string, database: string): Promise<void> {
  if (!/^[A-Za-z0-9_]+$/.test(database)) throw new Error(`bad database name ${database}`);
  const conn = await mysql.createConnection(url);
  try {
    await conn.query(
      `CREATE DATABASE IF NOT EXISTS \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
  } finally {
    await conn.end();
  }
}

interface SqliteConnection {
  pragma(s: string): unknown;
  prepare(sql: string): unknown;
  readonly inTransaction: boolean;
  transaction(fn: (...args: unknown[]) => unknown): (...args: unknown[]) => unknown;
}

/** Statements kept per connection; the SQL of a service's queries repeats (knex prepares on every query). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Reuses the prepared statement of an SQL text already seen on this connection: knex's better-sqlite3 client
 * prepares each query anew, which costs as much as running a lookup by index. SQLite re-prepares a cached
 * statement itself after a schema change; the least recently used one is dropped past the limit.
 */
function cachePreparedStatements(conn: SqliteConnection, gate: WriteGate | null): void {
  const prepare = conn.prepare.bind(conn);
  const cache = new Map<string, unknown>();
  conn.prepare = (sql: string) => {
    let statement = cache.get(sql);
    if (statement !== undefined) cache.delete(sql);
    else {
      statement = prepare(sql);
      if (gate) gateStatement(statement as Parameters<typeof gateStatement>[0], sql, conn, gate);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    cache.set(sql, statement);
    return statement;
  };
}

const gates = new WeakMap<Db, SharedArrayBuffer>();

/** The write gate of a service's SQLite connection, for a second writer (its job thread); null on MySQL. */
export const writeGateOf = (db: Db): SharedArrayBuffer | null => gates.get(db) ?? null;

/** Runs `write` in the gate's turn (`WriteGate.turn`): asked before the write takes the connection, ended after it. */
async function inTurn<T>(gate: WriteGate, write: () => Promise<T>): Promise<T> {
  const done = await gate.turn();
  try {
    return await write();
  } finally {
    done();
  }
}

/**
 * Runs a write outside a transaction in the service's turn, so it does not wait at the gate with the one
 * connection taken. At once on MySQL (no gate).
 */
export function inWriteTurn<T>(db: Db, write: () => Promise<T>): Promise<T> {
  const gate = serviceGates.get(db);
  return gate ? inTurn(gate, write) : write();
}
const serviceGates = new WeakMap<Db, WriteGate>();

/**
 * The service's transactions run in its turn: a BEGIN that waited at the gate for the job thread's chunk held
 * the one connection meanwhile, every read of the service queued behind it.
 */
function transactionsInTurn(db: Db, gate: WriteGate): void {
  const transaction = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
  // knex keeps its methods on a shared prototype, unwritable: the instance gets its own
  Object.defineProperty(db, 'transaction', {
    configurable: true,
    value: (...args: unknown[]) => inTurn(gate, () => transaction(...args)),
  });
}

/**
 * A database file only its owner reads (0600), made so before SQLite opens it: SQLite gives its -wal and -shm
 * files the database file's permissions (issue 9 item 11).
 */
function privateFile(filename: string): void {
  if (filename === ':memory:' || filename === '') return;
  closeSync(openSync(filename, 'a', 0o600));
  chmodSync(filename, 0o600);
}

/**
 * Opens a service's own database. SQLite: one connection (better-sqlite3 is synchronous; one writer avoids
 * SQLITE_BUSY), WAL, foreign keys. MySQL: big numbers as strings, dates as strings, UTC.
 */
export async function openDatabase(config: DbConfig): Promise<Db> {
  if (config.client === 'sqlite' && config.readonly)
    return knexFactory({
      client: 'better-sqlite3',
      connection: { filename: config.filename, options: { readonly: true } },
      useNullAsDefault: true,
      pool: { min: 0, max: 1 },
    });
  if (config.client === 'sqlite') {
    if (!config.secondary) privateFile(config.filename);
    const secondary = config.secondary !== undefined;
    // the service's connection makes the gate its job thread's connection will pass too (write-gate.ts)
    const memory = config.secondary?.gate ?? newWriteGate();
    const gate = new WriteGate(memory, secondary ? 'thread' : 'service');
    const filename = config.filename;
    const offloaded: SqliteConnection[] = [];
    const db = knexFactory({
      client: 'better-sqlite3',
      connection: { filename: config.filename },
      useNullAsDefault: true,
      pool: {
        min: 1,
        max: 1,
        afterCreate(conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) {
          // the thread's own checkpoints pass no gate (a checkpoint is not a write: it copies what was)
          const passive = secondary
            ? (conn.prepare('PRAGMA wal_checkpoint(PASSIVE)') as { get(): unknown })
            : null;
          cachePreparedStatements(conn, gate);
          gateTransactions(conn, gate);
          conn.pragma('journal_mode = WAL');
          conn.pragma('foreign_keys = ON');
          conn.pragma('busy_timeout = 5000');
          conn.pragma('synchronous = NORMAL');
          // a bulk load can grow the log to gigabytes; once checkpointed it is cut back to this
          conn.pragma('journal_size_limit = 67108864');
          // 32 MB of pages in memory (the default is 2 MB): a re-costing walks the ledger's indexes item by item
          conn.pragma('cache_size = -32768');
          if (passive) checkpointAfterWrites(conn, gate, passive);
          else if (offloadCheckpoints(filename, conn)) offloaded.push(conn);
          done(null, conn);
        },
      },
    });
    gates.set(db, memory);
    if (!secondary) {
      gateKnex(db.client as unknown as Parameters<typeof gateKnex>[0], gate);
      transactionsInTurn(db, gate);
      serviceGates.set(db, gate);
    }
    // the checkpoint worker lets go of the file first: the service's connection then closes last (see checkpointer.ts)
    const client = db.client as { destroy: (callback?: unknown) => Promise<unknown> };
    const destroy = client.destroy.bind(client);
    client.destroy = async (callback?: unknown) => {
      await releaseCheckpoints(filename, offloaded);
      return destroy(callback);
    };
    return db;
  }
  await ensureMysqlDatabase(config.url, config.database);
  const url = new URL(config.url);
  return knexFactory({
    client: 'mysql2',
    connection: {
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      database: config.database,
      charset: 'utf8mb4',
      supportBigNumbers: true,
      bigNumberStrings: true,
      dateStrings: true,
      timezone: 'Z',
    },
    pool: {
      min: 0,
      max: 10,
      // a read after a lock sees what the lock's holder committed (the stock ledger locks an item's holding
      // and then reads its movements); REPEATABLE READ would answer from a snapshot taken before the lock
      afterCreate(
        conn: { query: (sql: string, cb: (err: Error | null) => void) => void },
        done: (err: Error | null, conn: unknown) => void,
      ) {
        conn.query('SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED', (err) => done(err, conn));
      },
    },
  });
}

export async function dropMysqlDatabase(url: string, database: string): Promise<void> {
  const conn = await mysql.createConnection(url);
  try {
    await conn.query(`DROP DATABASE IF EXISTS \`${database}\``);
  } finally {
    await conn.end();
  }
}

/**
 * Marks a unique key broken by a row another transaction committed after this one checked (two saves of the same
 * new code at once): run again, the save's own checks see that row and take the next code or refuse in their own
 * words, instead of the bare 'itemAlreadyExists'.
 */
export function raceLost(error: unknown): unknown {
  return Object.assign(error as object, { raceLost: true });
}

/**
 * A transaction lost to another over locks (MySQL's deadlock or lock wait timeout, SQLite busy) or over a unique
 * key (`raceLost`): retrying helps.
 */
export function isLockConflict(error: unknown): boolean {
  const e = error as { code?: string; raceLost?: boolean };
  return (
    e?.raceLost === true ||
    e?.code === 'ER_LOCK_DEADLOCK' ||
    e?.code === 'ER_LOCK_WAIT_TIMEOUT' ||
    e?.code === 'SQLITE_BUSY' ||
    e?.code === 'SQLITE_LOCKED'
  );
}

/** The connection's or the disk's codes of a failure that says nothing of the data (mysql2, Node, SQLite). */
const UNAVAILABLE_CODES = new Set([
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'SQLITE_FULL',
  'SQLITE_CANTOPEN',
]);

/**
 * The database or its disk failed, not the data: a lock conflict, a lost or refused connection, a full disk, an
 * I/O error, no connection from the pool in time. The same work may succeed later: an event's consumer leaves it
 * for redelivery instead of parking it (the fault run found invoices missing from the ledger, their events parked
 * during a full disk).
 */
export function isUnavailable(error: unknown): boolean {
  if (isLockConflict(error)) return true;
  const e = error as { code?: string; name?: string };
  const code = String(e?.code ?? '');
  return UNAVAILABLE_CODES.has(code) || code.startsWith('SQLITE_IOERR') || e?.name === 'KnexTimeoutError';
}

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; errno?: number; message?: string };
  return (
    e?.code === 'ER_DUP_ENTRY' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    /UNIQUE constraint failed/.test(e?.message ?? '')
  );
}

/** SQLite hands booleans back as 0/1, MySQL as 0/1 or '0'/'1'. */
export function bool(value: unknown): boolean {
  return value === true || value === 1 || value === '1';
}

export function parseJson<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined || value === '') return fallback;
  if (typeof value === 'object') return value as T;
  return JSON.parse(String(value)) as T;
}
