import type { JournalListingRow, LedgerRow, StatementRow } from '@erp/contracts';
import { label } from '@erp/i18n';
import { notFound, type ReportResult, type RequestContext, type TenantScope } from '@erp/service-kit';
import { loadChart, readAccount, subtree } from './account-tree';
import { dayBefore } from './date-ranges';
import { countAndSum, LINE_ORDER, pageOfLines, selectLines, sumOfFirst } from './lines';
import { money } from './net';
import { branchesOf, sumsByAccount } from './period-sums';

interface Paging {
  page: number;
  pageSize: number;
}
interface PeriodParams {
  branchId?: string | undefined;
  costCenterId?: string | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}

/**
 * An account's statement: its lines (a parent's: its sub-accounts' lines) in date and posting order, each with
 * the running balance on the side of the account's nature, after an opening balance row on the first page. A
 * later page starts from the opening plus the lines before it, summed in SQL: no page reads the ones before.
 */
export async function accountStatement(
  s: TenantScope,
  ctx: RequestContext,
  p: PeriodParams & { accountId: string } & Paging,
): Promise<ReportResult<StatementRow>> {
  const account = await readAccount(s, p.accountId);
  if (!account) throw notFound();
  // a parent's statement: its subtree's lines (the chart read for it); a leaf's: its own
  const accounts = account.hasChildren ? subtree(await loadChart(s), account.id) : [account.id];
  const branches = branchesOf(ctx, p.branchId);
  const sign = account.nature === 'credit' ? -1n : 1n;
  const signed = (s: { debit: bigint; credit: bigint }) => sign * (s.debit - s.credit);
  let opening = 0n;
  if (p.dateFrom) {
    const before = await sumsByAccount(s, {
      branches,
      costCenterId: p.costCenterId,
      accounts,
      to: dayBefore(p.dateFrom),
    });
    for (const sums of before.values()) opening += signed(sums);
  }
  const lines = selectLines(s, {
    branches,
    costCenterId: p.costCenterId,
    accounts,
    from: p.dateFrom,
    to: p.dateTo,
  });
  const offset = (p.page - 1) * p.pageSize;
  const [all, before, page] = await Promise.all([
    countAndSum(lines.q),
    sumOfFirst(s, lines.q, offset, LINE_ORDER),
    pageOfLines(s, lines, LINE_ORDER, p.page, p.pageSize),
  ]);
  let balance = opening + signed(before);
  const rows: StatementRow[] = page.map((l) => {
    balance += signed({ debit: l.debitStored, credit: l.creditStored });
    return {
      lineKey: l.lineKey,
      date: l.date,
      accountId: l.accountId,
      sourceType: l.sourceType,
      sourceId: l.sourceId,
      costCenterId: l.costCenterId,
      note: l.note,
      debit: l.debit,
      credit: l.credit,
      balance: money(balance),
    };
  });
  if (p.page === 1) {
    const side = opening * sign;
    rows.unshift({
      lineKey: 'opening',
      date: p.dateFrom ?? '',
      accountId: account.id,
      sourceType: '',
      sourceId: '',
      costCenterId: null,
      note: label(ctx.language, 'reports.opening'),
      debit: money(side > 0n ? side : 0n),
      credit: money(side < 0n ? -side : 0n),
      balance: money(opening),
    });
  }
  return {
    rows,
    total: all.count,
    totals: { debit: money(all.debit), credit: money(all.credit) },
    summary: {
      openingBalance: money(opening),
      closingBalance: money(opening + signed(all)),
    },
  };
}

/**
 * The leaf accounts whose codes lie between the two accounts' codes (either end open; none: every account), and
 * each account's code. One account (the usual ledger) is read alone, not the chart: itself if a leaf, none if a
 * parent (its code bounds no leaf).
 */
async function accountRange(s: TenantScope, fromId?: string, toId?: string) {
  if (fromId && fromId === toId) {
    const one = await readAccount(s, fromId);
    if (!one) throw notFound();
    return { accounts: one.hasChildren ? [] : [one.id], codeOf: () => one.code };
  }
  const chart = await loadChart(s);
  const codeOf = (id: string) => chart.get(id)?.code ?? '';
  if (!fromId && !toId) return { accounts: undefined, codeOf };
  const from = fromId ? chart.get(fromId)?.code : undefined;
  const to = toId ? chart.get(toId)?.code : undefined;
  if ((fromId && from === undefined) || (toId && to === undefined)) throw notFound();
  const accounts = [...chart.values()]
    .filter(
      (n) => !n.hasChildren && (from === undefined || n.code >= from) && (to === undefined || n.code <= to),
    )
    .map((n) => n.id);
  return { accounts, codeOf };
}

/** The general ledger: the lines of an account or a range of accounts, by account code, then date. */
export async function generalLedger(
  s: TenantScope,
  ctx: RequestContext,
  p: PeriodParams & { accountFrom?: string | undefined; accountTo?: string | undefined } & Paging,
): Promise<ReportResult<LedgerRow>> {
  const { accounts, codeOf } = await accountRange(s, p.accountFrom, p.accountTo);
  if (accounts && accounts.length === 0) return { rows: [], total: 0, totals: { debit: '0', credit: '0' } };
  const lines = selectLines(s, {
    branches: branchesOf(ctx, p.branchId),
    costCenterId: p.costCenterId,
    accounts,
    from: p.dateFrom,
    to: p.dateTo,
  });
  // one account: its index is already in date order; a range is ordered by the accounts' codes first
  const single = accounts?.length === 1;
  if (!single)
    lines.q
      .join('md_accounts', 'md_accounts.id', 'journal_lines.account_id')
      .where('md_accounts.tenant_id', s.tenantId);
  const order = single ? LINE_ORDER : ['md_accounts.code', ...LINE_ORDER];
  const [all, page] = await Promise.all([
    countAndSum(lines.q),
    pageOfLines(s, lines, order, p.page, p.pageSize),
  ]);
  return {
    rows: page.map((l) => ({
      lineKey: l.lineKey,
      code: codeOf(l.accountId),
      date: l.date,
      accountId: l.accountId,
      sourceType: l.sourceType,
      sourceId: l.sourceId,
      costCenterId: l.costCenterId,
      note: l.note,
      debit: l.debit,
      credit: l.credit,
    })),
    total: all.count,
    totals: { debit: money(all.debit), credit: money(all.credit) },
  };
}

/** The journal listing: every posted line of a period, entry by entry, in date and posting order. */
export async function journalListing(
  s: TenantScope,
  ctx: RequestContext,
  p: { branchId?: string | undefined; dateFrom?: string | undefined; dateTo?: string | undefined } & Paging,
): Promise<ReportResult<JournalListingRow>> {
  const lines = selectLines(s, { branches: branchesOf(ctx, p.branchId), from: p.dateFrom, to: p.dateTo });
  const order = ['journal_entries.date', ...LINE_ORDER.slice(1)];
  const [all, page] = await Promise.all([
    countAndSum(lines.q),
    pageOfLines(s, lines, order, p.page, p.pageSize),
  ]);
  return {
    rows: page.map((l) => ({
      lineKey: l.lineKey,
      seq: l.seq,
      date: l.date,
      accountId: l.accountId,
      sourceType: l.sourceType,
      sourceId: l.sourceId,
      costCenterId: l.costCenterId,
      note: l.note,
      debit: l.debit,
      credit: l.credit,
    })),
    total: all.count,
    totals: { debit: money(all.debit), credit: money(all.credit) },
  };
}
