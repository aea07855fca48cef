import type { RequestContext, TenantScope } from '@erp/service-kit';
import { ALL, KEPT_TABLES } from '../balances/kept-balances';
import { splitRange, type PeriodRange } from './date-ranges';
import { selectLines } from './lines';

/** Debit and credit sums, stored (integers scaled by 10^4), exact past 2^53. */
export interface Sums {
  debit: bigint;
  credit: bigint;
}
export const ZERO: Readonly<Sums> = Object.freeze({ debit: 0n, credit: 0n });

/** What a report sums: the branches (keys of the kept balances), one cost center or all, a date range. */
export interface SumFilter {
  /** [ALL] for every branch, else the branches themselves. */
  branches: readonly string[];
  costCenterId?: string | undefined;
  /** Only these accounts (an account's statement); none: every account. */
  accounts?: readonly string[] | undefined;
  /** Inclusive ISO days; none: from the first entry, or up to the last. */
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * The branches a report reads: the one asked for (the engine has refused one the caller may not use, 403),
 * else every branch for a caller limited to none (the kept 'all branches' rows), else the caller's own.
 */
export function branchesOf(ctx: RequestContext, branchId: string | undefined): readonly string[] {
  if (branchId) return [branchId];
  return ctx.allowedBranches === null ? [ALL] : ctx.allowedBranches;
}

/** A sum as SQL answers it (a number on SQLite, a decimal string on MySQL) as an exact integer. */
const exact = (v: unknown): bigint =>
  typeof v === 'number' ? BigInt(v) : typeof v === 'bigint' ? v : BigInt(String(v ?? 0));

/** Adds a debit and a credit into the map's entry for `key` (the map's own objects: added in place). */
export function addInto(map: Map<string, Sums>, key: string, debit: unknown, credit: unknown): void {
  const had = map.get(key);
  if (had) {
    had.debit += exact(debit);
    had.credit += exact(credit);
  } else map.set(key, { debit: exact(debit), credit: exact(credit) });
}

/** The key of a per-cost-center sum: the cost center, then the account. */
export const centerKey = (costCenterId: string, accountId: string) => `${costCenterId}\u0000${accountId}`;

/**
 * Per account (or per cost center and account: `centerKey`), the debit and credit sums of the posted lines the
 * filter selects: the kept years and months for the whole ones, the lines for the partial months' days.
 */
export async function sumsByAccount(
  s: TenantScope,
  filter: SumFilter,
  byAccountAndCenter = false,
): Promise<Map<string, Sums>> {
  const { years, months, days } = splitRange(filter.from, filter.to);
  const groups = byAccountAndCenter ? ['cost_center_id', 'account_id'] : ['account_id'];
  const kept = (table: string, range: PeriodRange) => {
    const q = s(table).whereIn('branch_id', [...filter.branches]);
    if (filter.accounts) q.whereIn('account_id', [...filter.accounts]);
    if (filter.costCenterId) q.where('cost_center_id', filter.costCenterId);
    else if (byAccountAndCenter) q.whereNot('cost_center_id', ALL);
    else q.where('cost_center_id', ALL);
    if (range.from) q.where('period', '>=', range.from);
    if (range.to) q.where('period', '<=', range.to);
    return q.groupBy(groups).select(groups).sum({ debit: 'debit', credit: 'credit' });
  };
  const fromLines = ([from, to]: [string, string]) => {
    const { q } = selectLines(s, {
      branches: filter.branches,
      costCenterId: filter.costCenterId,
      accounts: filter.accounts,
      from,
      to,
    });
    if (byAccountAndCenter && !filter.costCenterId) q.whereNotNull('journal_lines.cost_center_id');
    const lineGroups = groups.map((g) => `journal_lines.${g}`);
    return q
      .groupBy(lineGroups)
      .select(lineGroups)
      .sum({ debit: 'journal_lines.debit', credit: 'journal_lines.credit' });
  };
  const reads = await Promise.all([
    ...(years ? [kept(KEPT_TABLES.year, years)] : []),
    ...months.map((m) => kept(KEPT_TABLES.month, m)),
    ...days.map(fromLines),
  ]);
  const out = new Map<string, Sums>();
  for (const rows of reads as Record<string, unknown>[][])
    for (const r of rows)
      addInto(
        out,
        byAccountAndCenter ? centerKey(String(r.cost_center_id), String(r.account_id)) : String(r.account_id),
        r.debit,
        r.credit,
      );
  return out;
}
