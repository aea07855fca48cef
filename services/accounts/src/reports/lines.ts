import type { TenantScope } from '@erp/service-kit';
import { ALL } from '../balances/kept-balances';
import { money } from './net';

type Query = ReturnType<TenantScope>;

/** Which posted lines a line report lists. */
export interface LineFilter {
  branches: readonly string[];
  costCenterId?: string | undefined;
  accounts?: readonly string[] | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** A query over posted lines (journal_lines), joined to their entries or not yet. */
export interface LineQuery {
  q: Query;
  /** The entries are joined already (the query started from them). */
  joined: boolean;
}

/**
 * The lines the filter selects. An account's lines are read through the lines' (tenant, account, date) index;
 * every account's lines of some days through the entries' (tenant, date) index, then each entry's lines by the
 * primary key (no date index on the lines: one index less to keep on every append).
 */
export function selectLines(s: TenantScope, f: LineFilter): LineQuery {
  if (f.accounts) {
    const q = s('journal_lines');
    if (f.accounts.length === 1) q.where('journal_lines.account_id', f.accounts[0]!);
    else q.whereIn('journal_lines.account_id', [...f.accounts]);
    if (f.from) q.where('journal_lines.date', '>=', f.from);
    if (f.to) q.where('journal_lines.date', '<=', f.to);
    if (f.branches[0] !== ALL) q.whereIn('journal_lines.branch_id', [...f.branches]);
    if (f.costCenterId) q.where('journal_lines.cost_center_id', f.costCenterId);
    return { q, joined: false };
  }
  const q = s('journal_entries').join('journal_lines', 'journal_lines.entry_id', 'journal_entries.id');
  if (f.from) q.where('journal_entries.date', '>=', f.from);
  if (f.to) q.where('journal_entries.date', '<=', f.to);
  if (f.branches[0] !== ALL) q.whereIn('journal_entries.branch_id', [...f.branches]);
  if (f.costCenterId) q.where('journal_lines.cost_center_id', f.costCenterId);
  return { q, joined: true };
}

/** Date, then posting order (entry ids are time-ordered), then the line's place in its entry. */
export const LINE_ORDER = ['journal_lines.date', 'journal_lines.entry_id', 'journal_lines.line_no'];

/** How many lines, and their debit and credit sums (stored). */
export async function countAndSum(q: Query) {
  const row = (await q
    .clone()
    .count({ n: '*' })
    .sum({ d: 'journal_lines.debit', c: 'journal_lines.credit' })
    .first()) as { n: unknown; d: unknown; c: unknown } | undefined;
  return {
    count: Number(row?.n ?? 0),
    debit: BigInt(String(row?.d ?? 0)),
    credit: BigInt(String(row?.c ?? 0)),
  };
}

/** The sums of the first `n` lines in the report's order (the running balance before a page). */
export async function sumOfFirst(s: TenantScope, q: Query, n: number, order: readonly string[]) {
  if (n <= 0) return { debit: 0n, credit: 0n };
  const first = q
    .clone()
    .select('journal_lines.debit', 'journal_lines.credit')
    .orderBy([...order])
    .limit(n)
    .as('first_lines');
  const row = (await s.db.queryBuilder().from(first).sum({ d: 'debit', c: 'credit' }).first()) as
    { d: unknown; c: unknown } | undefined;
  return { debit: BigInt(String(row?.d ?? 0)), credit: BigInt(String(row?.c ?? 0)) };
}

/** A page of lines with their entry's source, as the line reports' rows share them. */
export async function pageOfLines(
  s: TenantScope,
  lines: LineQuery,
  order: readonly string[],
  page: number,
  pageSize: number,
) {
  const q = lines.q.clone();
  if (!lines.joined)
    q.join('journal_entries', 'journal_entries.id', 'journal_lines.entry_id').where(
      'journal_entries.tenant_id',
      s.tenantId,
    );
  const rows = (await q
    .select(
      'journal_lines.entry_id',
      'journal_lines.line_no',
      'journal_lines.date',
      'journal_lines.account_id',
      'journal_lines.cost_center_id',
      'journal_lines.debit',
      'journal_lines.credit',
      'journal_lines.note',
      'journal_entries.seq',
      'journal_entries.source_type',
      'journal_entries.source_id',
    )
    .orderBy([...order])
    .limit(pageSize)
    .offset((page - 1) * pageSize)) as Record<string, unknown>[];
  return rows.map((r) => ({
    lineKey: `${String(r.entry_id)}:${String(r.line_no)}`,
    date: String(r.date),
    accountId: String(r.account_id),
    sourceType: String(r.source_type),
    sourceId: String(r.source_id),
    costCenterId: (r.cost_center_id as string | null) ?? null,
    note: String(r.note ?? ''),
    seq: Number(r.seq),
    debitStored: BigInt(String(r.debit)),
    creditStored: BigInt(String(r.credit)),
    debit: money(BigInt(String(r.debit))),
    credit: money(BigInt(String(r.credit))),
  }));
}
