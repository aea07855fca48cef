import { selectArrays, tenantScope, type Executor, type TenantScope } from '@erp/service-kit';
import { GENESIS_HASH, entryHash, type ChainLine } from './chain-hash';

/** Why the walk stopped at an entry: the keys of the server messages that explain it. */
export type BreakReason =
  | 'journal.contentChanged'
  | 'journal.entryMissing'
  | 'journal.linkBroken'
  | 'journal.unbalanced'
  | 'journal.entryAfterHead'
  | 'journal.headMismatch';

export interface BrokenEntry {
  /** The place in the chain where the walk stopped. */
  seq: number;
  /** The entry found there; null when the chain's last entries are missing (nothing left to name). */
  entryId: string | null;
  date: string | null;
  sourceType: string | null;
  sourceId: string | null;
  reason: BreakReason;
}

export interface ChainReport {
  branchId: string;
  /** Entries checked and found sound before the first broken one (all of them when none is broken). */
  verified: number;
  /** The chain's head as recorded: its last posted entry's place. */
  headSeq: number;
  broken: BrokenEntry | null;
}

interface EntryRow {
  id: string;
  tenant_id: string;
  branch_id: string;
  seq: unknown;
  date: string;
  source_type: string;
  source_id: string;
  source_revision: unknown;
  reverses_entry_id: string | null;
  memo: string;
  total_debit: unknown;
  total_credit: unknown;
  posted_at: string;
  prev_hash: string;
  hash: string;
}

interface LineRow {
  entry_id: string;
  line_no: unknown;
  account_id: string;
  cost_center_id: string | null;
  debit: number | string;
  credit: number | string;
  note: string;
  tax_tag: string | null;
}

const big = (v: unknown) => BigInt(String(v));

// the walk's reads, rows as arrays (no knex object per row): a chunk of entries in chain order, then its lines
const ENTRY_COLUMNS = [
  'id',
  'tenant_id',
  'branch_id',
  'seq',
  'date',
  'source_type',
  'source_id',
  'source_revision',
  'reverses_entry_id',
  'memo',
  'total_debit',
  'total_credit',
  'posted_at',
  'prev_hash',
  'hash',
] as const;
const ENTRIES_SQL = `select ${ENTRY_COLUMNS.join(', ')} from journal_entries
  where tenant_id = ? and branch_id = ? and seq >= ? order by seq limit ?`;
const LINES_SQL = `select l.entry_id, l.line_no, l.account_id, l.cost_center_id, l.debit, l.credit, l.note, l.tax_tag
  from journal_entries e join journal_lines l on l.entry_id = e.id
  where e.tenant_id = ? and e.branch_id = ? and e.seq between ? and ? and l.tenant_id = ?`;

const entryOf = (a: unknown[]) =>
  Object.fromEntries(ENTRY_COLUMNS.map((c, i) => [c, a[i]])) as unknown as EntryRow;
const lineOf = (a: unknown[]): LineRow => ({
  entry_id: a[0] as string,
  line_no: a[1],
  account_id: a[2] as string,
  cost_center_id: a[3] as string | null,
  debit: a[4] as number | string,
  credit: a[5] as number | string,
  note: a[6] as string,
  tax_tag: a[7] as string | null,
});

function brokenAt(row: EntryRow, reason: BreakReason): BrokenEntry {
  return {
    seq: Number(row.seq),
    entryId: row.id,
    date: row.date,
    sourceType: row.source_type,
    sourceId: row.source_id,
    reason,
  };
}

/** The first reason an entry fails, given the hash the one before it carries. */
function checkEntry(
  row: EntryRow,
  lines: LineRow[],
  expectedSeq: number,
  prevHash: string,
): BreakReason | null {
  if (Number(row.seq) > expectedSeq) return 'journal.entryMissing';
  if (row.prev_hash !== prevHash) return 'journal.linkBroken';
  const chainLines: ChainLine[] = lines.map((l) => ({
    lineNo: Number(l.line_no),
    accountId: l.account_id,
    costCenterId: l.cost_center_id,
    debit: l.debit,
    credit: l.credit,
    note: l.note,
    taxTag: l.tax_tag,
  }));
  const recomputed = entryHash(
    {
      id: row.id,
      tenantId: row.tenant_id,
      branchId: row.branch_id,
      seq: Number(row.seq),
      date: row.date,
      sourceType: row.source_type,
      sourceId: row.source_id,
      sourceRevision: Number(row.source_revision),
      reversesEntryId: row.reverses_entry_id,
      memo: row.memo,
      postedAt: row.posted_at,
      lines: chainLines,
    },
    prevHash,
  );
  if (recomputed !== row.hash) return 'journal.contentChanged';
  // a sound hash over unbalanced lines would mean the chain was forged whole: still say so
  const debit = lines.reduce((sum, l) => sum + big(l.debit), 0n);
  const credit = lines.reduce((sum, l) => sum + big(l.credit), 0n);
  if (debit !== credit || debit !== big(row.total_debit) || credit !== big(row.total_credit))
    return 'journal.unbalanced';
  return null;
}

async function head(s: TenantScope, branchId: string): Promise<{ seq: number; hash: string }> {
  const row = await s('journal_chains').where({ branch_id: branchId }).first('last_seq', 'last_hash');
  return row ? { seq: Number(row.last_seq), hash: String(row.last_hash) } : { seq: 0, hash: GENESIS_HASH };
}

/**
 * Walks one chain in posting order, a chunk of entries at a time (memory stays flat over millions), and stops
 * at the first entry that does not hold: a gap in the numbering (a deleted row), a link that does not name the
 * previous entry's hash (an inserted row or a changed order), a hash that does not match the content (an
 * edited entry or line), unbalanced lines. The walk ends against the chain's head: entries past it were
 * inserted; a head past the last entry means the last ones were deleted. Appends running meanwhile only
 * move the head forward, and the walk follows it.
 */
export async function verifyChain(
  db: Executor,
  tenantId: string,
  branchId: string,
  chunk = 5000,
): Promise<ChainReport> {
  const s = tenantScope(db, tenantId);
  let expectedSeq = 1;
  let prevHash = GENESIS_HASH;
  const report = (broken: BrokenEntry | null, headSeq: number): ChainReport => ({
    branchId,
    verified: expectedSeq - 1,
    headSeq,
    broken,
  });
  for (;;) {
    const rows = (await selectArrays(db, ENTRIES_SQL, [tenantId, branchId, expectedSeq, chunk])).map(entryOf);
    if (rows.length === 0) {
      const h = await head(s, branchId);
      if (h.seq > expectedSeq - 1) {
        // the head is ahead: either appends landed since the last read (walk on) or the last rows are gone
        const more = await s('journal_entries')
          .where({ branch_id: branchId })
          .where('seq', '>=', expectedSeq)
          .first('id');
        if (more) continue;
        return report(
          {
            seq: expectedSeq,
            entryId: null,
            date: null,
            sourceType: null,
            sourceId: null,
            reason: 'journal.headMismatch',
          },
          h.seq,
        );
      }
      if (h.seq < expectedSeq - 1) {
        const row = (await s('journal_entries')
          .where({ branch_id: branchId, seq: h.seq + 1 })
          .first()) as EntryRow;
        expectedSeq = h.seq + 1;
        return report(brokenAt(row, 'journal.entryAfterHead'), h.seq);
      }
      if (h.hash !== prevHash) {
        const row = (await s('journal_entries')
          .where({ branch_id: branchId, seq: h.seq })
          .first()) as EntryRow;
        expectedSeq = h.seq;
        return report(brokenAt(row, 'journal.headMismatch'), h.seq);
      }
      return report(null, h.seq);
    }
    // the chunk's lines in one read: those of the entries numbered from its first to its last
    const lines = await selectArrays(db, LINES_SQL, [
      tenantId,
      branchId,
      Number(rows[0]!.seq),
      Number(rows[rows.length - 1]!.seq),
      tenantId,
    ]);
    const byEntry = new Map<string, LineRow[]>();
    for (const l of lines) {
      const line = lineOf(l);
      const list = byEntry.get(line.entry_id);
      if (list) list.push(line);
      else byEntry.set(line.entry_id, [line]);
    }
    for (const row of rows) {
      const reason = checkEntry(row, byEntry.get(row.id) ?? [], expectedSeq, prevHash);
      if (reason) return report(brokenAt(row, reason), (await head(s, branchId)).seq);
      prevHash = row.hash;
      expectedSeq += 1;
    }
  }
}

/** Every chain of the tenant (or one branch's): the branches that have a head or any entry. */
export async function verifyJournal(
  db: Executor,
  tenantId: string,
  branchId?: string | null,
  chunk?: number,
): Promise<{ ok: boolean; verified: number; chains: ChainReport[] }> {
  const s = tenantScope(db, tenantId);
  let branches: string[];
  if (branchId) branches = [branchId];
  else {
    const heads = (await s('journal_chains').distinct('branch_id')) as { branch_id: string }[];
    const entries = (await s('journal_entries').distinct('branch_id')) as { branch_id: string }[];
    branches = [...new Set([...heads, ...entries].map((r) => r.branch_id))].sort();
  }
  const chains: ChainReport[] = [];
  for (const b of branches) chains.push(await verifyChain(db, tenantId, b, chunk));
  return {
    ok: chains.every((c) => c.broken === null),
    verified: chains.reduce((n, c) => n + c.verified, 0),
    chains,
  };
}
