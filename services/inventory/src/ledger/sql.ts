import type { Executor } from '@erp/service-kit';

/**
 * The ledger's bulk reads and writes below knex (issue 11): a re-costing reads and books tens of thousands of
 * rows in one request, and knex's per-row work (an object per row read, a binding list per insert) was most
 * of their time. On SQLite they run on the executor's own connection (a transaction's, when in one).
 */

interface RawClient {
  config: { client: string };
  acquireConnection(): Promise<unknown>;
  releaseConnection(conn: unknown): Promise<unknown>;
}
interface SqliteStatement {
  raw(on: boolean): { all(...bindings: unknown[]): unknown[][] };
  run(...bindings: unknown[]): unknown;
}
interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
}

const clientOf = (db: Executor) => (db as unknown as { client: RawClient }).client;
const isSqlite = (client: RawClient) => String(client.config.client) === 'better-sqlite3';

async function withSqlite<T>(client: RawClient, fn: (conn: SqliteConnection) => T): Promise<T> {
  const conn = (await client.acquireConnection()) as SqliteConnection;
  try {
    return fn(conn);
  } finally {
    await client.releaseConnection(conn);
  }
}

/** Rows as arrays: better-sqlite3's raw mode, mysql2's rowsAsArray. */
export async function selectArrays(
  db: Executor,
  sql: string,
  bindings: (string | number)[],
): Promise<unknown[][]> {
  const client = clientOf(db);
  if (isSqlite(client))
    // the text is only ever run in raw mode: the prepared-statement cache may hand the same one back
    return withSqlite(client, (conn) =>
      conn
        .prepare(`/* arrays */ ${sql}`)
        .raw(true)
        .all(...bindings),
    );
  const [rows] = (await db.raw(sql, bindings).options({ rowsAsArray: true })) as unknown as [unknown[][]];
  return rows;
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
  const client = clientOf(db);
  if (isSqlite(client)) {
    await withSqlite(client, (conn) => {
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

/**
 * Adds quantities and values to balance rows (made when missing), in bulk: an upsert that adds in SQL, so no
 * row is read first. Amounts are scaled integers, exact in both engines' 64-bit integers.
 */
export async function addToBalances(
  db: Executor,
  tenantId: string,
  rows: { itemId: string; storeId: string; quantity: bigint; value: bigint }[],
  now: string,
): Promise<void> {
  if (rows.length === 0) return;
  const head =
    'insert into stock_balances (tenant_id, item_id, store_id, quantity, value, updated_at) values ';
  const tuple = '(?, ?, ?, ?, ?, ?)';
  const values = (r: (typeof rows)[number]) => [
    tenantId,
    r.itemId,
    r.storeId,
    r.quantity.toString(),
    r.value.toString(),
    now,
  ];
  const client = clientOf(db);
  if (isSqlite(client)) {
    await withSqlite(client, (conn) => {
      // text bindings take the column's integer affinity before the addition
      const statement = conn.prepare(
        `${head}${tuple} on conflict (tenant_id, item_id, store_id) do update set
          quantity = stock_balances.quantity + excluded.quantity, value = stock_balances.value + excluded.value,
          updated_at = excluded.updated_at`,
      );
      for (const r of rows) statement.run(...values(r));
    });
    return;
  }
  for (let i = 0; i < rows.length; i += MYSQL_ROWS) {
    const chunk = rows.slice(i, i + MYSQL_ROWS);
    await db.raw(
      `${head}${chunk.map(() => tuple).join(', ')} on duplicate key update
        quantity = quantity + values(quantity), value = value + values(value), updated_at = values(updated_at)`,
      chunk.flatMap(values) as never,
    );
  }
}
