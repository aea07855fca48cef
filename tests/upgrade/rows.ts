import type { Db } from '@erp/service-kit';
import { listTables } from './schema';

/** A row as comparable text: keys sorted, binary as hex, so equal rows read from either engine compare equal. */
function canonical(row: Record<string, unknown>): string {
  const keys = Object.keys(row).sort();
  return JSON.stringify(
    keys.map((k) => {
      const v = row[k];
      return [k, Buffer.isBuffer(v) ? `0x${v.toString('hex')}` : v];
    }),
  );
}

/** Every row of every table, each table's rows sorted, so two reads of one database compare equal. */
export async function readRows(db: Db): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const table of await listTables(db)) {
    const rows = (await db(table).select()) as Record<string, unknown>[];
    tables[table] = rows.map(canonical).sort();
  }
  return tables;
}
