import type { Db } from '@erp/service-kit';
import { listTables } from './schema';

/** A row as comparable text: keys sorted, binary as hex, so equal rows compare equal as strings. */
function canonical(row: Record<string, unknown>): string {
  const keys = Object.keys(row).sort();
  return JSON.stringify(
    keys.map((k) => {
      const v = row[k];
      return [k, Buffer.isBuffer(v) ? `0x${v.toString('hex')}` : v];
    }),
  );
}

export interface TableRows {
  columns: string[];
  rows: string[];
}

/**
 * Every row of every table, each table's rows sorted, so two reads of one database compare equal. With
 * `columns`, a table is read in those columns only: an upgrade's rows in the columns the fixture had (a column
 * a migration added is new, not a change to a kept row).
 */
export async function readRows(
  db: Db,
  columns: Record<string, string[]> = {},
): Promise<Record<string, TableRows>> {
  const tables: Record<string, TableRows> = {};
  for (const table of await listTables(db)) {
    const only = columns[table];
    const rows = (await (only ? db(table).select(only) : db(table).select())) as Record<string, unknown>[];
    tables[table] = {
      columns:
        only ??
        (await db(table)
          .columnInfo()
          .then((info) => Object.keys(info))),
      rows: rows.map(canonical).sort(),
    };
  }
  return tables;
}
