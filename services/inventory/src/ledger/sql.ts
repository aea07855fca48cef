import { isSqlite, onSqliteConnection, type Executor } from '@erp/service-kit';

/**
 * The ledger's bulk reads and writes below knex (issue 11): a re-costing reads and books tens of thousands of
 * rows in one request, and knex's per-row work (an object per row read, a binding list per insert) was most
 * of their time. The generic helpers live in service-kit (db/raw-sql.ts, shared with the journal); the
 * balances' adding upsert is the ledger's own.
 */

export { insertArrays, selectArrays } from '@erp/service-kit';

// multi-row statements on MySQL: 6 columns × rows stays far under its 65,535 placeholders
const MYSQL_ROWS = 1000;

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
  if (isSqlite(db)) {
    await onSqliteConnection(db, (conn) => {
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
