import { AppError, tenantScope, type Executor, type TenantScope } from '@erp/service-kit';

/**
 * Why a date takes no entries in a branch, or null (issue 13, deliverable 5): it lies in a closed fiscal year,
 * or on or before the branch's lock date.
 */
export async function closedPeriodIssue(
  s: TenantScope,
  branchId: string,
  date: string,
): Promise<{ code: 'fiscalYear.closed' | 'journal.periodLocked'; params: Record<string, string> } | null> {
  const closed = await s('fiscal_year_closes')
    .where({ status: 'closed' })
    .andWhere('start_date', '<=', date)
    .andWhere('end_date', '>=', date)
    .first('year');
  if (closed) return { code: 'fiscalYear.closed', params: { year: String(closed.year) } };
  const lock = await s('branch_lock_dates').where({ branch_id: branchId }).first('lock_date');
  if (lock && date <= String(lock.lock_date))
    return { code: 'journal.periodLocked', params: { date: String(lock.lock_date) } };
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
