import type { CostCenterRow, StatementOfAccountsRow } from '@erp/contracts';
import type { ReportResult, RequestContext, TenantScope } from '@erp/service-kit';
import { ALL } from '../balances/kept-balances';
import { SEPARATION_SOURCE } from '../fiscal/balance-separation';
import { YEAR_CLOSE_SOURCE } from '../fiscal/year-close';
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

/**
 * The period's year-close and balance-separation entries taken back out of `leaves`: an income statement shows
 * the year's result, not the close that moved it into retained earnings (fiscal/year-close.ts) nor the
 * separation that zeroed it (fiscal/balance-separation.ts). The closes are few: found by their
 * source type's index, then their lines by the primary key.
 */
async function withoutYearCloses(
  s: TenantScope,
  leaves: Map<string, Sums>,
  f: { branches: readonly string[]; costCenterId?: string | undefined; from?: string; to?: string },
): Promise<void> {
  const entries = (await s('journal_entries')
    .whereIn('source_type', [YEAR_CLOSE_SOURCE, SEPARATION_SOURCE])
    .select('id', 'date', 'branch_id')) as { id: string; date: string; branch_id: string }[];
  const ids = entries
    .filter((e) => (!f.from || e.date >= f.from) && (!f.to || e.date <= f.to))
    .filter((e) => f.branches[0] === ALL || f.branches.includes(e.branch_id))
    .map((e) => e.id);
  if (ids.length === 0) return;
  const q = s('journal_lines').whereIn('entry_id', ids);
  if (f.costCenterId) q.where('cost_center_id', f.costCenterId);
  const rows = (await q.groupBy('account_id').select('account_id').sum({ d: 'debit', c: 'credit' })) as {
    account_id: string;
    d: unknown;
    c: unknown;
  }[];
  for (const r of rows) {
    const was = leaves.get(r.account_id) ?? { debit: 0n, credit: 0n };
    leaves.set(r.account_id, {
      debit: was.debit - BigInt(String(r.d ?? 0)),
      credit: was.credit - BigInt(String(r.c ?? 0)),
    });
  }
}

/** The income statement: the period's net movements of the income-statement accounts; net income in the summary. */
export async function incomeStatement(
  s: TenantScope,
  ctx: RequestContext,
  p: StatementParams & { dateFrom?: string | undefined; dateTo?: string | undefined },
): Promise<ReportResult<StatementOfAccountsRow>> {
  const filter = {
    branches: branchesOf(ctx, p.branchId),
    costCenterId: p.costCenterId,
    from: p.dateFrom,
    to: p.dateTo,
  };
  const [chart, leaves] = await Promise.all([loadChart(s), sumsByAccount(s, filter)]);
  await withoutYearCloses(s, leaves, filter);
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
