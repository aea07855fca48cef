import type { Executor } from './database';

/**
 * Hot reads and writes below knex (issue 11, then the journal of issue 13): knex's per-query and per-row work
 * (a builder, a compiled text, an object per row, a binding list) costs more than SQLite's own work on an
 * indexed lookup or a small insert. On SQLite they run synchronously on the executor's own connection (a
 * transaction's, when in one); prepared statements are cached per connection (database.ts).
 */

interface RawClient {
  config: { client: string };
  acquireConnection(): Promise<unknown>;
  releaseConnection(conn: unknown): Promise<unknown>;
}
export interface SqliteStatement {
  raw(on: boolean): SqliteStatement;
  all(...bindings: unknown[]): unknown[];
  get(...bindings: unknown[]): unknown;
  run(...bindings: unknown[]): unknown;
}
export interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
  /** Compiled anew on every call (not through the statement cache): a setting pragma acts when compiled. */
  pragma(source: string): unknown;
  readonly inTransaction: boolean;
  transaction<T>(fn: () => T): () => T;
}

const clientOf = (db: Executor) => (db as unknown as { client: RawClient }).client;

/** The executor runs on SQLite (better-sqlite3). */
export const isSqlite = (db: Executor) => String(clientOf(db).config.client) === 'better-sqlite3';

/** The executor runs on MySQL or MariaDB (mysql2): where a read that decides a write takes `FOR UPDATE`. */
export const isMysql = (db: Executor) => String(clientOf(db).config.client).startsWith('mysql');

/**
 * Runs `fn` synchronously on the executor's SQLite connection: nothing else runs on it meanwhile (one
 * connection, no await inside), so a read and the writes that depend on it are one step.
 */
export async function onSqliteConnection<T>(db: Executor, fn: (conn: SqliteConnection) => T): Promise<T> {
  const client = clientOf(db);
  const conn = (await client.acquireConnection()) as SqliteConnection;
  try {
    return fn(conn);
  } finally {
    await client.releaseConnection(conn);
  }
}

/**
 * Runs `fn` on the connection with SQLite's temporary storage in memory, for the sake of one effect: the write
 * transaction that `fn` opens (by its first write) keeps its sub-journals, the page copies a savepoint or a
 * statement inside a transaction keeps to undo itself, in memory until it ends. SQLite otherwise moves a
 * sub-journal past 64 KiB into a temporary file that it creates and deletes in every such transaction; a
 * journal entry's savepoint (some 20 pages: the entry, its lines, their indexes, the kept balances) crossed it,
 * and the file's creation, writes and deletion cost a third of each append. The pager takes the setting when its
 * write transaction begins, so restoring it at once leaves sorts and temporary tables where they were, and a
 * transaction that wrote before `fn` keeps its file. For writes of one request or one event: a sub-journal holds
 * what one savepoint or statement changed, which stays small there.
 */
export function withSubJournalsInMemory<T>(conn: SqliteConnection, fn: () => T): T {
  let set = false;
  try {
    conn.pragma('temp_store = MEMORY');
    set = true;
  } catch {
    // refused while a temporary table is open in the transaction: the file sub-journal, as before
  }
  try {
    return fn();
  } finally {
    if (set) conn.pragma('temp_store = DEFAULT');
  }
}

/** Rows as arrays: better-sqlite3's raw mode, mysql2's rowsAsArray. */
export async function selectArrays(
  db: Executor,
  sql: string,
  bindings: (string | number)[],
): Promise<unknown[][]> {
  if (isSqlite(db))
    // the text is only ever run in raw mode: the prepared-statement cache may hand the same one back
    return onSqliteConnection(
      db,
      (conn) =>
        conn
          .prepare(`/* arrays */ ${sql}`)
          .raw(true)
          .all(...bindings) as unknown[][],
    );
  const [rows] = (await db.raw(sql, bindings).options({ rowsAsArray: true })) as unknown as [unknown[][]];
  return rows;
}

/** Runs a write (insert, update, delete) given as SQL text: a cached prepared statement on SQLite. */
export async function runSql(db: Executor, sql: string, bindings: unknown[]): Promise<void> {
  if (isSqlite(db)) {
    await onSqliteConnection(db, (conn) => conn.prepare(sql).run(...bindings));
    return;
  }
  await db.raw(sql, bindings as never);
}

// multi-row statements on MySQL: `columns` × rows stays under its 65,535 placeholders
const MYSQL_ROWS = 1000;

/**
 * Inserts rows given as value arrays in `columns` order. SQLite: one prepared single-row statement run per
 * row (no SQL text or binding list per batch); MySQL: multi-row VALUES statements (one round trip per batch).
 */
export async function insertArrays(
  db: Executor,
  table: string,
  columns: string[],
  rows: unknown[][],
): Promise<void> {
  if (rows.length === 0) return;
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const head = `insert into ${table} (${columns.join(', ')}) values `;
  if (isSqlite(db)) {
    await onSqliteConnection(db, (conn) => {
      const statement = conn.prepare(head + tuple);
      for (const row of rows) statement.run(...row);
    });
    return;
  }
  for (let i = 0; i < rows.length; i += MYSQL_ROWS) {
    const chunk = rows.slice(i, i + MYSQL_ROWS);
    await db.raw(head + chunk.map(() => tuple).join(', '), chunk.flat() as never);
  }
}
