import type { TrialBalanceRow } from '@erp/contracts';
import type { ReportResult, RequestContext, TenantScope } from '@erp/service-kit';
import { chartNames, loadChart, rollUp, rowsToLevel } from './account-tree';
import { money, netSides, plus } from './net';
import { dayBefore } from './date-ranges';
import { branchesOf, sumsByAccount, ZERO, type SumFilter } from './period-sums';

export interface TrialBalanceParams {
  branchId?: string | undefined;
  costCenterId?: string | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  level: string;
  nonZero: 'true' | 'false';
}

/**
 * The trial balance: per account rolled up to the level, the opening balance (net, before the period), the
 * period's debits and credits (gross) and the closing balance (net). The totals add the totalled rows (not the
 * group rows), so closing debit equals closing credit whenever every entry balances.
 */
export async function trialBalance(
  s: TenantScope,
  ctx: RequestContext,
  p: TrialBalanceParams,
): Promise<ReportResult<TrialBalanceRow>> {
  const base: SumFilter = { branches: branchesOf(ctx, p.branchId), costCenterId: p.costCenterId };
  const [chart, openingLeaves, periodLeaves] = await Promise.all([
    loadChart(s),
    p.dateFrom ? sumsByAccount(s, { ...base, to: dayBefore(p.dateFrom) }) : Promise.resolve(new Map()),
    sumsByAccount(s, { ...base, from: p.dateFrom, to: p.dateTo }),
  ]);
  const opening = rollUp(chart, openingLeaves);
  const period = rollUp(chart, periodLeaves);
  const totals = [0n, 0n, 0n, 0n, 0n, 0n];
  const rows: TrialBalanceRow[] = [];
  for (const { node, group } of rowsToLevel(chart, Number(p.level))) {
    const o = opening.get(node.id) ?? ZERO;
    const m = period.get(node.id) ?? ZERO;
    const os = netSides(o);
    const cs = netSides(plus(o, m));
    const figures = [os.debit, os.credit, m.debit, m.credit, cs.debit, cs.credit];
    if (p.nonZero === 'true' && figures.every((f) => f === 0n)) continue;
    if (!group) figures.forEach((f, i) => (totals[i]! += f));
    rows.push({
      accountId: node.id,
      code: node.code,
      level: node.depth,
      group,
      openingDebit: money(os.debit),
      openingCredit: money(os.credit),
      periodDebit: money(m.debit),
      periodCredit: money(m.credit),
      closingDebit: money(cs.debit),
      closingCredit: money(cs.credit),
    });
  }
  const names = [
    'openingDebit',
    'openingCredit',
    'periodDebit',
    'periodCredit',
    'closingDebit',
    'closingCredit',
  ];
  return {
    rows,
    total: rows.length,
    totals: Object.fromEntries(names.map((n, i) => [n, money(totals[i]!)])),
    names: chartNames(chart),
  };
}
