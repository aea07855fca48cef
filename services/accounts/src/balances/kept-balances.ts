import { isSqlite, type Executor, type SqliteConnection } from '@erp/service-kit';

/** One posted line as the kept balances see it (amounts stored: integers scaled by 10^4). */
export interface BalanceLine {
  accountId: string;
  costCenterId: string | null;
  debit: number;
  credit: number;
}

/** The key of a kept balance, in the primary key's order: tenant, branch, cost center, account, month. */
type BalanceRow = [string, string, string, string, string, number, number];

/** The sentinel of 'every branch' and 'every cost center' in the key (a primary key holds no null). */
export const ALL = '';

const COLUMNS = ['tenant_id', 'branch_id', 'cost_center_id', 'account_id', 'period', 'debit', 'credit'];
const UPSERT_SQLITE = `/* balances */ insert into journal_balances (${COLUMNS.join(', ')}) values (?, ?, ?, ?, ?, ?, ?)
  on conflict (tenant_id, branch_id, cost_center_id, account_id, period)
  do update set debit = debit + excluded.debit, credit = credit + excluded.credit`;

/**
 * The rows an entry adds to: per line its account at four grains (its branch and every branch; every line and
 * its cost center's), summed per key and sorted, so two appends lock shared rows in one order (no deadlock).
 */
export function balanceRows(
  tenantId: string,
  branchId: string,
  date: string,
  lines: readonly BalanceLine[],
): BalanceRow[] {
  const period = date.slice(0, 7);
  const sums = new Map<string, BalanceRow>();
  const add = (branch: string, center: string, l: BalanceLine) => {
    const key = [branch, center, l.accountId].join('\u0000');
    const row = sums.get(key);
    if (row) {
      row[5] += l.debit;
      row[6] += l.credit;
    } else sums.set(key, [tenantId, branch, center, l.accountId, period, l.debit, l.credit]);
  };
  for (const l of lines) {
    add(branchId, ALL, l);
    add(ALL, ALL, l);
    if (l.costCenterId) {
      add(branchId, l.costCenterId, l);
      add(ALL, l.costCenterId, l);
    }
  }
  return [...sums.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

/** SQLite: on the append's own connection, inside its savepoint (synchronous, prepared once per connection). */
export function addBalancesOnSqlite(conn: SqliteConnection, rows: readonly BalanceRow[]): void {
  const upsert = conn.prepare(UPSERT_SQLITE);
  for (const row of rows) upsert.run(...row);
}

/** MySQL: one statement; a key met again adds to what is kept. */
export async function addBalances(trx: Executor, rows: readonly BalanceRow[]): Promise<void> {
  if (rows.length === 0) return;
  if (isSqlite(trx)) throw new Error('addBalances: SQLite adds on the append connection');
  const tuples = rows.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ');
  await trx.raw(
    `insert into journal_balances (${COLUMNS.join(', ')}) values ${tuples}
     on duplicate key update debit = debit + values(debit), credit = credit + values(credit)`,
    rows.flat(),
  );
}
