import type { Knex } from 'knex';
import { readInWorker } from './checkpointer';
import { isSqlite } from './raw-sql';

/**
 * A heavy read (a report's totals over a whole store) run off the event loop on SQLite: better-sqlite3 is
 * synchronous, and a 100 to 300 ms aggregate held the loop every request and event of the embedded process is
 * served on; the requests that came meanwhile all waited behind it (issue 11: with the whole-store stock page
 * among other users' requests, the typical p99 while a re-costing ran was 83 to 129 ms; without it, 41.6). The
 * checkpoint worker's connection to the same file runs it (db/checkpointer.ts). MySQL, an in-memory file, a
 * read inside a transaction (it must see the transaction's own writes) or a worker that cannot: the query runs
 * as usual. The rows are SQLite's own (column names as selected), as knex would give them.
 */
export async function readOffLoop<T = Record<string, unknown>>(
  db: Knex,
  query: Knex.QueryBuilder,
): Promise<T[]> {
  const filename = sqliteFileOf(db);
  if (filename) {
    const { sql, bindings } = query.toSQL().toNative();
    const rows = await readInWorker(filename, sql, bindings);
    if (rows) return rows as T[];
  }
  return (await query) as T[];
}

function sqliteFileOf(db: Knex): string | null {
  if ((db as { isTransaction?: boolean }).isTransaction || !isSqlite(db)) return null;
  const client = db.client as { config?: { connection?: { filename?: unknown } } };
  const filename = client.config?.connection?.filename;
  return typeof filename === 'string' && filename !== ':memory:' && filename !== '' ? filename : null;
}
