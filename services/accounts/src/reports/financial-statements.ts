import type { CostCenterRow, StatementOfAccountsRow } from '@erp/contracts';
import type { ReportResult, RequestContext, TenantScope } from '@erp/service-kit';
import { chartNames, loadChart, rollUp, rowsToLevel, type AccountNode } from './account-tree';
import { money, netSides } from './net';
import { branchesOf, centerKey, sumsByAccount, type Sums } from './period-sums';

interface StatementParams {
  branchId?: string | undefined;
  costCenterId?: string | undefined;
  level: string;
}

/** The rows of one type's accounts rolled up to the level, net on their side; totals over totalled rows. */
function statementRows(
  chart: Map<string, AccountNode>,
  leaves: Map<string, Sums>,
  type: AccountNode['accountType'],
  level: number,
) {
  const sums = rollUp(chart, leaves);
  let debit = 0n;
  let credit = 0n;
  let result = 0n;
  const rows: StatementOfAccountsRow[] = [];
  for (const [id, s] of leaves)
    if (chart.get(id)?.accountType === 'incomeStatement') result += s.credit - s.debit;
  for (const { node, group } of rowsToLevel(chart, level)) {
    if (node.accountType !== type) continue;
    const s = sums.get(node.id);
    if (!s) continue;
    const side = netSides(s);
    if (side.debit === 0n && side.credit === 0n) continue;
    if (!group) {
      debit += side.debit;
      credit += side.credit;
    }
    rows.push({
      accountId: node.id,
      code: node.code,
      level: node.depth,
      group,
      debit: money(side.debit),
      credit: money(side.credit),
    });
  }
  return {
    rows,
    total: rows.length,
    totals: { debit: money(debit), credit: money(credit) },
    summary: { netIncome: money(result) },
    names: chartNames(chart),
  };
}

/** The income statement: the period's net movements of the income-statement accounts; net income in the summary. */
export async function incomeStatement(
  s: TenantScope,
  ctx: RequestContext,
  p: StatementParams & { dateFrom?: string | undefined; dateTo?: string | undefined },
): Promise<ReportResult<StatementOfAccountsRow>> {
  const [chart, leaves] = await Promise.all([
    loadChart(s),
    sumsByAccount(s, {
      branches: branchesOf(ctx, p.branchId),
      costCenterId: p.costCenterId,
      from: p.dateFrom,
      to: p.dateTo,
    }),
  ]);
  return statementRows(chart, leaves, 'incomeStatement', Number(p.level));
}

/**
 * The balance sheet: the balance-sheet accounts' balances at the date (every line up to it); the income
 * accounts' result not closed yet is the summary's net income.
 */
export async function balanceSheet(
  s: TenantScope,
  ctx: RequestContext,
  p: StatementParams & { date?: string | undefined },
): Promise<ReportResult<StatementOfAccountsRow>> {
  const [chart, leaves] = await Promise.all([
    loadChart(s),
    sumsByAccount(s, { branches: branchesOf(ctx, p.branchId), costCenterId: p.costCenterId, to: p.date }),
  ]);
  return statementRows(chart, leaves, 'balanceSheet', Number(p.level));
}

/** Each cost center's debits, credits and net per account in the period, by cost center then account code. */
export async function costCenterMovements(
  s: TenantScope,
  ctx: RequestContext,
  p: {
    branchId?: string | undefined;
    costCenterId?: string | undefined;
    dateFrom?: string | undefined;
    dateTo?: string | undefined;
  },
): Promise<ReportResult<CostCenterRow>> {
  const [chart, sums] = await Promise.all([
    loadChart(s),
    sumsByAccount(
      s,
      {
        branches: branchesOf(ctx, p.branchId),
        costCenterId: p.costCenterId,
        from: p.dateFrom,
        to: p.dateTo,
      },
      true,
    ),
  ]);
  const rows: CostCenterRow[] = [...sums]
    .map(([key, v]) => {
      const [costCenterId, accountId] = key.split('\u0000') as [string, string];
      return {
        costCenterId,
        accountId,
        code: chart.get(accountId)?.code ?? '',
        debit: money(v.debit),
        credit: money(v.credit),
        net: money(v.debit - v.credit),
      };
    })
    .filter((r) => r.debit !== '0' || r.credit !== '0')
    .sort((a, b) => (centerKey(a.costCenterId, a.code) < centerKey(b.costCenterId, b.code) ? -1 : 1));
  return { rows, total: rows.length };
}
