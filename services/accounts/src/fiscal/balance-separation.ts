import { fromStored } from '@erp/contracts';
import { AppError, conflict, newId, notFound, nowIso, tenantScope, type Executor } from '@erp/service-kit';
import { appendEntry, lockTenantChains, reverseEntry, type JournalLineInput } from '../journal';

/**
 * Separating previous balances (spec section 4; issue 13, deliverable 5): after the user confirms with their
 * password, every account's balance before a date becomes zero. Nothing is deleted or edited: each branch gets
 * one entry, dated the day before, that takes out every account's balance (per cost center) at that day, so
 * the reports from the date on open at zero and the journal keeps the trail. The entries balance by themselves:
 * a ledger's balances sum to zero. Undoing one books the reversals.
 */
export const SEPARATION_SOURCE = 'balanceSeparation';

export interface BalanceSeparation {
  id: string;
  /** The first day that opens at zero. */
  date: string;
  branches: number;
  lines: number;
  postedAt: string;
  postedBy: string | null;
  undone: boolean;
}

/** The day before an ISO date (the entries' date). */
export function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** The lines that bring each account (and cost center) of a branch from its net balance to zero. */
export function separationLines(
  nets: readonly { accountId: string; costCenterId: string | null; debit: unknown; credit: unknown }[],
): JournalLineInput[] {
  const lines: JournalLineInput[] = [];
  for (const n of nets) {
    const net = fromStored(n.debit as string).minus(fromStored(n.credit as string));
    if (net.isZero()) continue;
    lines.push({
      accountId: n.accountId,
      costCenterId: n.costCenterId,
      debit: net.isNegative() ? net.negated().toString() : '0',
      credit: net.isNegative() ? '0' : net.toString(),
      note: '',
    });
  }
  return lines;
}

/**
 * Separates the balances before `date` of every branch, in the caller's transaction. The chains of the tenant
 * are locked first, so no entry is appended between reading a balance and taking it out. A date whose day
 * before is in a closed year or on a locked date is refused by the journal (409), as any entry there.
 */
export async function separateBalances(
  trx: Executor,
  tenantId: string,
  date: string,
  userId: string | null,
): Promise<BalanceSeparation> {
  const s = tenantScope(trx, tenantId);
  await lockTenantChains(trx, tenantId);
  const until = dayBefore(date);
  const nets = (await s('journal_lines')
    .where('date', '<=', until)
    .groupBy('branch_id', 'account_id', 'cost_center_id')
    .orderBy([{ column: 'branch_id' }, { column: 'account_id' }, { column: 'cost_center_id' }])
    .select('branch_id as branchId', 'account_id as accountId', 'cost_center_id as costCenterId')
    .sum({ debit: 'debit', credit: 'credit' })) as {
    branchId: string;
    accountId: string;
    costCenterId: string | null;
    debit: unknown;
    credit: unknown;
  }[];
  const byBranch = new Map<string, typeof nets>();
  for (const n of nets) byBranch.set(n.branchId, [...(byBranch.get(n.branchId) ?? []), n]);
  const id = newId();
  let branches = 0;
  let lineCount = 0;
  for (const [branchId, rows] of byBranch) {
    const lines = separationLines(rows);
    if (lines.length === 0) continue;
    await appendEntry(trx, {
      tenantId,
      branchId,
      date: until,
      source: { type: SEPARATION_SOURCE, id, revision: 1 },
      memo: date,
      postedBy: userId,
      lines,
    });
    branches++;
    lineCount += lines.length;
  }
  // every balance is already zero: nothing to separate, and nothing written
  if (branches === 0) throw new AppError(409, 'separation.nothingToSeparate', { date });
  return {
    id,
    date,
    branches,
    lines: lineCount,
    postedAt: nowIso(),
    postedBy: userId,
    undone: false,
  };
}

/** The separations done, newest first, from the journal itself (its entries are the record). */
export async function listSeparations(db: Executor, tenantId: string): Promise<BalanceSeparation[]> {
  const s = tenantScope(db, tenantId);
  const rows = (await s('journal_entries')
    .where({ source_type: SEPARATION_SOURCE })
    .select('id', 'source_id', 'memo', 'reverses_entry_id', 'posted_at', 'posted_by')
    .orderBy('posted_at')) as {
    id: string;
    source_id: string;
    memo: string;
    reverses_entry_id: string | null;
    posted_at: string;
    posted_by: string | null;
  }[];
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.id, 0);
  const lineRows = rows.length
    ? ((await s('journal_lines')
        .whereIn(
          'entry_id',
          rows.filter((r) => !r.reverses_entry_id).map((r) => r.id),
        )
        .groupBy('entry_id')
        .select('entry_id')
        .count({ n: '*' })) as { entry_id: string; n: unknown }[])
    : [];
  for (const l of lineRows) counts.set(l.entry_id, Number(l.n));
  const byId = new Map<string, BalanceSeparation>();
  for (const r of rows) {
    const current = byId.get(r.source_id) ?? {
      id: r.source_id,
      date: r.memo,
      branches: 0,
      lines: 0,
      postedAt: String(r.posted_at),
      postedBy: r.posted_by,
      undone: false,
    };
    if (r.reverses_entry_id) current.undone = true;
    else {
      current.branches++;
      current.lines += counts.get(r.id) ?? 0;
    }
    byId.set(r.source_id, current);
  }
  return [...byId.values()].reverse();
}

/** Undoes a separation: each of its entries reversed, on the entries' own date. */
export async function undoSeparation(
  trx: Executor,
  tenantId: string,
  id: string,
  userId: string | null,
): Promise<{ id: string; reversed: number }> {
  const s = tenantScope(trx, tenantId);
  await lockTenantChains(trx, tenantId);
  const entries = (await s('journal_entries')
    .where({ source_type: SEPARATION_SOURCE, source_id: id })
    .select('id', 'date', 'memo', 'reverses_entry_id')) as {
    id: string;
    date: string;
    memo: string;
    reverses_entry_id: string | null;
  }[];
  if (entries.length === 0) throw notFound();
  if (entries.some((e) => e.reverses_entry_id)) throw conflict('separation.alreadyUndone');
  for (const e of entries)
    await reverseEntry(trx, tenantId, e.id, {
      date: String(e.date),
      source: { type: SEPARATION_SOURCE, id, revision: 1 },
      memo: e.memo,
      postedBy: userId,
    });
  return { id, reversed: entries.length };
}
