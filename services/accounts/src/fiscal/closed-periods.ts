import { AppError, selectArrays, tenantScope, type Executor, type TenantScope } from '@erp/service-kit';

// one statement for both rules, run below knex (prepared and cached on SQLite): it is on every append's path
const CLOSED_PERIOD_SQL =
  '/* journal */ select ' +
  "(select year from fiscal_year_closes where tenant_id = ? and status = 'closed' and start_date <= ? and end_date >= ? limit 1), " +
  '(select lock_date from branch_lock_dates where tenant_id = ? and branch_id = ?)';

/**
 * Why a date takes no entries in a branch, or null (issue 13, deliverable 5): it lies in a closed fiscal year,
 * or on or before the branch's lock date.
 */
export async function closedPeriodIssue(
  s: TenantScope,
  branchId: string,
  date: string,
): Promise<{ code: 'fiscalYear.closed' | 'journal.periodLocked'; params: Record<string, string> } | null> {
  const [row] = await selectArrays(s.db, CLOSED_PERIOD_SQL, [s.tenantId, date, date, s.tenantId, branchId]);
  const [year, lockDate] = row ?? [];
  if (year !== null && year !== undefined)
    return { code: 'fiscalYear.closed', params: { year: String(year) } };
  if (lockDate && date <= String(lockDate))
    return { code: 'journal.periodLocked', params: { date: String(lockDate) } };
  return null;
}

/**
 * The journal's date guard: a closed fiscal year takes no entries, and nothing dated on or before a branch's
 * lock date is posted or un-posted (a reversal is an entry too). Every append checks it inside its transaction,
 * so no path goes around it.
 */
export async function refuseClosedPeriod(
  trx: Executor,
  tenantId: string,
  branchId: string,
  date: string,
): Promise<void> {
  const issue = await closedPeriodIssue(tenantScope(trx, tenantId), branchId, date);
  if (issue) throw new AppError(409, issue.code, issue.params, [{ field: 'date', code: issue.code }]);
}
