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

/**
 * The kept tables, one per grain of time, keyed alike but for the period: the month ('YYYY-MM',
 * accounts_0004) and the year ('YYYY', accounts_0014), so an opening balance reads a row per account and year
 * instead of one per month of its history.
 */
export const KEPT_TABLES = { month: 'journal_balances', year: 'journal_year_balances' } as const;

/** An entry's kept rows: the same keys at the month and at the year. */
export interface KeptRows {
  month: BalanceRow[];
  year: BalanceRow[];
}

const COLUMNS = ['tenant_id', 'branch_id', 'cost_center_id', 'account_id', 'period', 'debit', 'credit'];
const upsertSqlite = (table: string) => `/* balances */ insert into ${table} (${COLUMNS.join(', ')})
  values (?, ?, ?, ?, ?, ?, ?) on conflict (tenant_id, branch_id, cost_center_id, account_id, period)
  do update set debit = debit + excluded.debit, credit = credit + excluded.credit`;
const UPSERT_SQLITE = { month: upsertSqlite(KEPT_TABLES.month), year: upsertSqlite(KEPT_TABLES.year) };

/**
 * The rows an entry adds to: per line its account at four grains (its branch and every branch; every line and
 * its cost center's), summed per key and sorted, so two appends lock shared rows in one order (no deadlock);
 * the year's rows are the month's with the year for the period.
 */
export function balanceRows(
  tenantId: string,
  branchId: string,
  date: string,
  lines: readonly BalanceLine[],
): KeptRows {
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
  const month = [...sums.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
  const year = month.map(
    (row): BalanceRow => [...row.slice(0, 4), period.slice(0, 4), row[5], row[6]] as BalanceRow,
  );
  return { month, year };
}

/** SQLite: on the append's own connection, inside its savepoint (synchronous, prepared once per connection). */
export function addBalancesOnSqlite(conn: SqliteConnection, rows: KeptRows): void {
  for (const grain of ['month', 'year'] as const) {
    const upsert = conn.prepare(UPSERT_SQLITE[grain]);
    for (const row of rows[grain]) upsert.run(...row);
  }
}

/** MySQL: one statement per grain (the month's rows first, as every append locks them); a key met again adds. */
export async function addBalances(trx: Executor, rows: KeptRows): Promise<void> {
  if (isSqlite(trx)) throw new Error('addBalances: SQLite adds on the append connection');
  for (const grain of ['month', 'year'] as const) {
    if (rows[grain].length === 0) continue;
    const tuples = rows[grain].map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ');
    await trx.raw(
      `insert into ${KEPT_TABLES[grain]} (${COLUMNS.join(', ')}) values ${tuples}
       on duplicate key update debit = debit + values(debit), credit = credit + values(credit)`,
      rows[grain].flat(),
    );
  }
}
