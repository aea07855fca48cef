import type { RequestContext, TenantScope } from '@erp/service-kit';
import { ALL } from '../balances/kept-balances';
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

const day = (iso: string, delta: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + delta);
  return d.toISOString().slice(0, 10);
};
const monthOf = (iso: string) => iso.slice(0, 7);
const monthStart = (iso: string) => `${monthOf(iso)}-01`;
const monthEnd = (iso: string) => day(`${monthOf(day(`${monthOf(iso)}-28`, 4))}-01`, -1);
const nextMonth = (month: string) => monthOf(day(`${month}-28`, 4));
const previousMonth = (month: string) => monthOf(day(`${month}-01`, -1));

/** The day before `iso` (the last day an opening balance covers). */
export const dayBefore = (iso: string) => day(iso, -1);

/**
 * A date range as whole months (read from the kept balances) and the days of its partial first and last
 * months (read from the lines): a report over whole months never reads a line.
 */
export function splitRange(from?: string, to?: string) {
  const days: [string, string][] = [];
  let firstMonth = from ? monthOf(from) : undefined;
  let lastMonth = to ? monthOf(to) : undefined;
  if (from && to && firstMonth === lastMonth && (from !== monthStart(from) || to !== monthEnd(to)))
    return { months: null, days: [[from, to]] as [string, string][] };
  if (from && from !== monthStart(from)) {
    days.push([from, monthEnd(from)]);
    firstMonth = nextMonth(firstMonth!);
  }
  if (to && to !== monthEnd(to)) {
    days.push([monthStart(to), to]);
    lastMonth = previousMonth(lastMonth!);
  }
  const empty = firstMonth !== undefined && lastMonth !== undefined && firstMonth > lastMonth;
  return { months: empty ? null : { from: firstMonth, to: lastMonth }, days };
}

/** Adds `more` into the map's entry for `key`. */
export function addInto(map: Map<string, Sums>, key: string, debit: unknown, credit: unknown): void {
  const d = BigInt(String(debit ?? 0));
  const c = BigInt(String(credit ?? 0));
  const had = map.get(key);
  if (had) map.set(key, { debit: had.debit + d, credit: had.credit + c });
  else map.set(key, { debit: d, credit: c });
}

/** The key of a per-cost-center sum: the cost center, then the account. */
export const centerKey = (costCenterId: string, accountId: string) => `${costCenterId}\u0000${accountId}`;

/**
 * Per account (or per cost center and account: `centerKey`), the debit and credit sums of the posted lines the
 * filter selects: the kept balances for the whole months, the lines for the partial ones.
 */
export async function sumsByAccount(
  s: TenantScope,
  filter: SumFilter,
  byAccountAndCenter = false,
): Promise<Map<string, Sums>> {
  const out = new Map<string, Sums>();
  const { months, days } = splitRange(filter.from, filter.to);
  const keyOf = (r: Record<string, unknown>) =>
    byAccountAndCenter ? centerKey(String(r.cost_center_id), String(r.account_id)) : String(r.account_id);
  const groups = byAccountAndCenter ? ['cost_center_id', 'account_id'] : ['account_id'];
  if (months) {
    const q = s('journal_balances').whereIn('branch_id', [...filter.branches]);
    if (filter.accounts) q.whereIn('account_id', [...filter.accounts]);
    if (filter.costCenterId) q.where('cost_center_id', filter.costCenterId);
    else if (byAccountAndCenter) q.whereNot('cost_center_id', ALL);
    else q.where('cost_center_id', ALL);
    if (months.from) q.where('period', '>=', months.from);
    if (months.to) q.where('period', '<=', months.to);
    const rows = (await q.groupBy(groups).select(groups).sum({ debit: 'debit', credit: 'credit' })) as Record<
      string,
      unknown
    >[];
    for (const r of rows) addInto(out, keyOf(r), r.debit, r.credit);
  }
  for (const [from, to] of days) {
    const { q } = selectLines(s, {
      branches: filter.branches,
      costCenterId: filter.costCenterId,
      accounts: filter.accounts,
      from,
      to,
    });
    if (byAccountAndCenter && !filter.costCenterId) q.whereNotNull('journal_lines.cost_center_id');
    const lineGroups = groups.map((g) => `journal_lines.${g}`);
    const rows = (await q
      .groupBy(lineGroups)
      .select(lineGroups)
      .sum({ debit: 'journal_lines.debit', credit: 'journal_lines.credit' })) as Record<string, unknown>[];
    for (const r of rows) addInto(out, keyOf(r), r.debit, r.credit);
  }
  return out;
}
