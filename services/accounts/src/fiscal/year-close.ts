import { dec, fromStored, type Dec } from '@erp/contracts';
import {
  AppError,
  conflict,
  fiscalYearPeriod,
  newId,
  nowIso,
  starterRecordId,
  tenantScope,
  type Executor,
  type TenantScope,
} from '@erp/service-kit';
import { defaultAccountKey } from '../chart';
import { appendEntry, reverseEntry, type JournalLineInput } from '../journal';

/** The journal's source type of the closing entries (the income statement leaves them out of its year). */
export const YEAR_CLOSE_SOURCE = 'fiscalYearClose';

export interface YearCloseResult {
  year: number;
  startDate: string;
  endDate: string;
  /** One closing entry per branch that had income-statement balances in the year. */
  entries: { branchId: string; entryId: string; lines: number; netIncome: string }[];
}

interface CloseRow {
  year: number;
  start_date: string;
  end_date: string;
  status: string;
  retained_account_id: string;
  source_id: string;
  revision: number;
}

/** Each branch's net (debit − credit) per income-statement account over [start, end], zero nets left out. */
async function incomeBalances(s: TenantScope, startDate: string, endDate: string) {
  // the scope filters the first table by tenant (no aliases: it names the table); the joined ones get their own
  const rows = (await s('journal_lines')
    .join('journal_entries', 'journal_entries.id', 'journal_lines.entry_id')
    .join('md_accounts', 'md_accounts.id', 'journal_lines.account_id')
    .where('journal_entries.tenant_id', s.tenantId)
    .andWhere('md_accounts.tenant_id', s.tenantId)
    .andWhere('md_accounts.account_type', 'incomeStatement')
    .andWhere('journal_entries.date', '>=', startDate)
    .andWhere('journal_entries.date', '<=', endDate)
    .groupBy('journal_entries.branch_id', 'journal_lines.account_id')
    .select('journal_entries.branch_id as branchId', 'journal_lines.account_id as accountId')
    .sum({ debit: 'journal_lines.debit', credit: 'journal_lines.credit' })) as {
    branchId: string;
    accountId: string;
    debit: unknown;
    credit: unknown;
  }[];
  const byBranch = new Map<string, { accountId: string; net: Dec }[]>();
  for (const r of rows) {
    const net = fromStored(r.debit as string).minus(fromStored(r.credit as string));
    if (net.isZero()) continue;
    const list = byBranch.get(r.branchId) ?? [];
    list.push({ accountId: r.accountId, net });
    byBranch.set(r.branchId, list);
  }
  return byBranch;
}

/**
 * The closing entry of one branch: every income-statement account's net for the year taken out (a debit net is
 * credited back, a credit net debited), the difference (the year's profit or loss) into retained earnings.
 */
export function closingLines(
  nets: readonly { accountId: string; net: Dec }[],
  retainedAccountId: string,
): { lines: JournalLineInput[]; netIncome: Dec } {
  const lines: JournalLineInput[] = [...nets]
    .sort((a, b) => a.accountId.localeCompare(b.accountId))
    .map(({ accountId, net }) => ({
      accountId,
      debit: net.isNegative() ? net.negated().toString() : '0',
      credit: net.isNegative() ? '0' : net.toString(),
      note: '',
    }));
  // profit: revenues (credit nets) exceed expenses; it is credited to retained earnings
  const netIncome = nets.reduce((sum, n) => sum.minus(n.net), dec(0));
  if (!netIncome.isZero())
    lines.push({
      accountId: retainedAccountId,
      debit: netIncome.isNegative() ? netIncome.negated().toString() : '0',
      credit: netIncome.isNegative() ? '0' : netIncome.toString(),
      note: '',
    });
  return { lines, netIncome };
}

/** The retained-earnings account a close books into: the one asked for, else the default chart's. */
async function retainedAccount(s: TenantScope, requested: string | undefined): Promise<string> {
  const id = requested ?? starterRecordId(s.tenantId, defaultAccountKey('retainedEarnings'));
  const account = await s('md_accounts').where({ id }).first('id', 'account_type');
  const hasChildren = account ? await s('md_accounts').where({ parent_id: id }).first('id') : null;
  if (!account || account.account_type !== 'balanceSheet' || hasChildren)
    throw new AppError(400, 'validationFailed', {}, [
      { field: 'retainedEarningsAccountId', code: 'fiscalYear.retainedEarningsInvalid' },
    ]);
  return id;
}

/** Serialises closes and reopenings of one tenant: its earliest close row, or the one being written. */
async function lockCloses(trx: Executor, s: TenantScope): Promise<CloseRow[]> {
  const query = s('fiscal_year_closes').orderBy('year');
  const mysql = String(trx.client.config.client).startsWith('mysql');
  return (await (mysql ? query.forUpdate() : query)) as CloseRow[];
}

/**
 * Closes fiscal year `year` (spec section 4; issue 13, deliverable 5): in one transaction, books each branch's
 * closing entry dated the year's last day, then marks the year closed, after which the journal refuses any entry
 * dated in it. Balance-sheet accounts carry on by themselves: the journal is one continuous ledger, so the next
 * year's opening balance of an account is the sum of everything before it, which the close leaves untouched.
 * Years close in order: an earlier year that is not closed is refused, as is closing a closed one.
 */
export async function closeFiscalYear(
  trx: Executor,
  tenantId: string,
  year: number,
  options: { retainedEarningsAccountId?: string; userId: string | null },
): Promise<YearCloseResult> {
  const s = tenantScope(trx, tenantId);
  const closes = await lockCloses(trx, s);
  const current = closes.find((c) => Number(c.year) === year);
  if (current?.status === 'closed') throw conflict('fiscalYear.alreadyClosed');
  const { startDate, endDate } = await fiscalYearPeriod(s, year);
  if (startDate > new Date().toISOString().slice(0, 10)) throw new AppError(400, 'unknownFiscalYear');
  const earlier = await s('journal_entries').where('date', '<', startDate).min({ first: 'date' });
  const firstDate = earlier[0]?.first ? String(earlier[0].first) : null;
  if (firstDate) {
    const { startDate: firstStart } = await fiscalYearPeriod(s, Number(firstDate.slice(0, 4)));
    // every year from the one holding the first entry up to this one must be closed already
    for (let y = Number(firstDate.slice(0, 4)) - (firstStart > firstDate ? 1 : 0); y < year; y++) {
      if (!closes.some((c) => Number(c.year) === y && c.status === 'closed'))
        throw new AppError(409, 'fiscalYear.earlierOpen', { year: String(y) });
    }
  }
  const retainedId = await retainedAccount(s, options.retainedEarningsAccountId);
  const sourceId = current?.source_id ?? newId();
  const revision = (current ? Number(current.revision) : 0) + 1;
  const entries: YearCloseResult['entries'] = [];
  const balances = [...(await incomeBalances(s, startDate, endDate))].sort((a, b) =>
    a[0].localeCompare(b[0]),
  );
  for (const [branchId, nets] of balances) {
    const { lines, netIncome } = closingLines(nets, retainedId);
    const appended = await appendEntry(trx, {
      tenantId,
      branchId,
      date: endDate,
      source: { type: YEAR_CLOSE_SOURCE, id: sourceId, revision },
      memo: `${year}`,
      postedBy: options.userId,
      lines,
    });
    entries.push({ branchId, entryId: appended.id, lines: lines.length, netIncome: netIncome.toString() });
  }
  const row = {
    start_date: startDate,
    end_date: endDate,
    status: 'closed',
    retained_account_id: retainedId,
    source_id: sourceId,
    revision,
    closed_at: nowIso(),
    closed_by: options.userId,
  };
  if (current) await s('fiscal_year_closes').where({ year }).update(row);
  else await s.insert('fiscal_year_closes', { year, ...row, reopened_at: null, reopened_by: null });
  return { year, startDate, endDate, entries };
}

/**
 * Reopens the last closed year: marks it open first (the journal then takes entries dated in it again), then
 * books the reversal of each closing entry; the trail keeps both. A year with a later closed year stays closed.
 */
export async function reopenFiscalYear(
  trx: Executor,
  tenantId: string,
  year: number,
  userId: string | null,
): Promise<{ year: number; reversed: number }> {
  const s = tenantScope(trx, tenantId);
  const closes = await lockCloses(trx, s);
  const current = closes.find((c) => Number(c.year) === year);
  if (!current || current.status !== 'closed') throw conflict('fiscalYear.notClosed');
  if (closes.some((c) => Number(c.year) > year && c.status === 'closed'))
    throw new AppError(409, 'fiscalYear.laterClosed', {});
  await s('fiscal_year_closes')
    .where({ year })
    .update({ status: 'reopened', reopened_at: nowIso(), reopened_by: userId });
  const revision = Number(current.revision);
  const entries = (await s('journal_entries')
    .where({ source_type: YEAR_CLOSE_SOURCE, source_id: current.source_id, source_revision: revision })
    .whereNull('reverses_entry_id')
    .select('id')) as { id: string }[];
  for (const e of entries)
    await reverseEntry(trx, tenantId, e.id, {
      date: String(current.end_date),
      source: { type: YEAR_CLOSE_SOURCE, id: current.source_id, revision },
      memo: `${year}`,
      postedBy: userId,
    });
  return { year, reversed: entries.length };
}
