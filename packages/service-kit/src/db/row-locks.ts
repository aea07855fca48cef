import type { Executor } from './database';
import { isMysql } from './raw-sql';

/**
 * Inserts the rows of `table` that are missing (by the unique `key`) and leaves the others as they are, for a
 * caller that locks them next (`FOR UPDATE`: a chain's or a balance's row, made on first use). On MySQL each row
 * that exists is locked exclusively by this statement already: an `INSERT IGNORE` share-locks it instead, and two
 * transactions that each hold the share then wait for the other to let go of it before their `FOR UPDATE` can
 * upgrade: a deadlock every time two of them meet (found under load by bench:flow, test: stock-locks.test.ts).
 * A no-op update of the key's first column takes the exclusive lock at once. SQLite has one writer: it ignores.
 */
export function insertMissing(
  db: Executor,
  table: string,
  rows: Record<string, unknown> | Record<string, unknown>[],
  key: [string, ...string[]],
): Promise<unknown> {
  const insert = db(table).insert(rows).onConflict(key);
  return isMysql(db) ? insert.merge([key[0]]) : insert.ignore();
}
