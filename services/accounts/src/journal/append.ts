import { storedToString, toStored } from '@erp/contracts';
import {
  isMysql,
  conflict,
  insertArrays,
  isSqlite,
  onSqliteConnection,
  newId,
  notFound,
  nowIso,
  tenantScope,
  withSubJournalsInMemory,
  type Executor,
} from '@erp/service-kit';
import { addBalances, addBalancesOnSqlite, balanceRows } from '../balances/kept-balances';
import { refuseClosedPeriod } from '../fiscal/closed-periods';
import { GENESIS_HASH, entryHash, type ChainEntry } from './chain-hash';
import { checkLines, type CheckedLines, type JournalLineInput } from './entry-rules';

export type { JournalLineInput } from './entry-rules';

export interface JournalEntryInput {
  tenantId: string;
  branchId: string;
  date: string;
  /** The document the entry books (a voucher, an invoice, a stock document) at its revision. */
  source: { type: string; id: string; revision: number };
  memo?: string;
  postedBy?: string | null;
  lines: readonly JournalLineInput[];
}

export interface AppendedEntry {
  id: string;
  seq: number;
  hash: string;
  prevHash: string;
}

/**
 * Locks the chain's head row for the rest of the transaction and reads it (MySQL; SQLite's one writer reads
 * it in `appendOnSqlite`). The locking read comes first: the chain's head exists but for its first append, and
 * it sees the latest committed head whatever snapshot the transaction holds. A chain without a head gets it
 * by an upsert, which takes the row's exclusive lock at once (a plain insert would let two first appends
 * deadlock), then the locking read.
 */
async function lockChainHead(trx: Executor, tenantId: string, branchId: string) {
  const mysql = isMysql(trx);
  const read = () => {
    const query = tenantScope(trx, tenantId)('journal_chains').where({ branch_id: branchId });
    return (mysql ? query.forUpdate() : query).first('last_seq', 'last_hash') as Promise<
      { last_seq: unknown; last_hash: string } | undefined
    >;
  };
  let head = await read();
  if (!head) {
    const fresh = { tenant_id: tenantId, branch_id: branchId, last_seq: 0, last_hash: GENESIS_HASH };
    if (mysql)
      await trx('journal_chains')
        .insert({ ...fresh, updated_at: nowIso() })
        .onConflict(['tenant_id', 'branch_id'])
        .merge(['tenant_id']);
    else await trx('journal_chains').insert({ ...fresh, updated_at: nowIso() });
    head = (await read())!;
  }
  return { seq: Number(head.last_seq), hash: head.last_hash };
}

/**
 * Locks every chain head of a tenant for the rest of the transaction (MySQL; SQLite has one writer), for a
 * booking that reads balances across branches and must not see an entry appended meanwhile.
 */
export async function lockTenantChains(trx: Executor, tenantId: string): Promise<void> {
  if (isMysql(trx)) await tenantScope(trx, tenantId)('journal_chains').forUpdate().select('branch_id');
}

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
  'posted_by',
  'prev_hash',
  'hash',
];
const LINE_COLUMNS = [
  'entry_id',
  'line_no',
  'tenant_id',
  'account_id',
  'cost_center_id',
  'debit',
  'credit',
  'note',
  // the entry's branch and date, copied so an account's lines page by date from one index (accounts_0004)
  'branch_id',
  'date',
  // the line's box of the VAT return (accounts_0011), part of its hash when present
  'tax_tag',
];
const placeholders = (columns: string[]) => columns.map(() => '?').join(', ');
// the texts the SQLite path prepares (cached per connection): the head's read is only run in raw mode
const SQLITE = {
  readHead:
    '/* journal */ select last_seq, last_hash from journal_chains where tenant_id = ? and branch_id = ?',
  insertHead:
    '/* journal */ insert into journal_chains (tenant_id, branch_id, last_seq, last_hash, updated_at) values (?, ?, ?, ?, ?)',
  updateHead:
    '/* journal */ update journal_chains set last_seq = ?, last_hash = ?, updated_at = ? where tenant_id = ? and branch_id = ?',
  insertEntry: `/* journal */ insert into journal_entries (${ENTRY_COLUMNS.join(', ')}) values (${placeholders(ENTRY_COLUMNS)})`,
  insertLine: `/* journal */ insert into journal_lines (${LINE_COLUMNS.join(', ')}) values (${placeholders(LINE_COLUMNS)})`,
};

/** The entry as chained after `head`: its hash and its rows (in ENTRY_COLUMNS and LINE_COLUMNS order). */
function chainedRows(
  entry: JournalEntryInput,
  lines: CheckedLines,
  reversesEntryId: string | null,
  head: { seq: number; hash: string },
) {
  const chained: ChainEntry = {
    id: newId(),
    tenantId: entry.tenantId,
    branchId: entry.branchId,
    seq: head.seq + 1,
    date: entry.date,
    sourceType: entry.source.type,
    sourceId: entry.source.id,
    sourceRevision: entry.source.revision,
    reversesEntryId,
    memo: entry.memo ?? '',
    postedAt: nowIso(),
    lines: entry.lines.map((l, i) => ({
      lineNo: i + 1,
      accountId: l.accountId,
      costCenterId: l.costCenterId ?? null,
      debit: lines.stored[i]!.debit,
      credit: lines.stored[i]!.credit,
      note: l.note ?? '',
      taxTag: l.taxTag ?? null,
    })),
  };
  const hash = entryHash(chained, head.hash);
  const entryRow = [
    chained.id,
    chained.tenantId,
    chained.branchId,
    chained.seq,
    chained.date,
    chained.sourceType,
    chained.sourceId,
    chained.sourceRevision,
    reversesEntryId,
    chained.memo,
    toStored(lines.debit),
    toStored(lines.credit),
    chained.postedAt,
    entry.postedBy ?? null,
    head.hash,
    hash,
  ];
  const lineRows = chained.lines.map((l) => [
    chained.id,
    l.lineNo,
    chained.tenantId,
    l.accountId,
    l.costCenterId,
    l.debit,
    l.credit,
    l.note,
    chained.branchId,
    chained.date,
    l.taxTag ?? null,
  ]);
  // the kept balances (accounts_0004, by month; accounts_0014, by year): the reports read them instead of the
  // lines' history
  const balances = balanceRows(
    chained.tenantId,
    chained.branchId,
    chained.date,
    entry.lines.map((l, i) => ({
      accountId: l.accountId,
      costCenterId: l.costCenterId ?? null,
      ...lines.stored[i]!,
    })),
  );
  const appended: AppendedEntry = { id: chained.id, seq: chained.seq, hash, prevHash: head.hash };
  return { chained, appended, entryRow, lineRows, balances };
}

/**
 * SQLite: the head's read, the entry, its lines and the head's move run synchronously on the transaction's
 * connection, prepared statements without knex in between: nothing else can run on the one connection
 * meanwhile, so the chain cannot fork. The step is atomic on its own (below).
 */
function appendOnSqlite(
  trx: Executor,
  entry: JournalEntryInput,
  lines: CheckedLines,
  reversesEntryId: string | null,
): Promise<AppendedEntry> {
  return onSqliteConnection(trx, (conn) => {
    const write = () => {
      const found = conn.prepare(SQLITE.readHead).raw(true).get(entry.tenantId, entry.branchId) as
        [number, string] | undefined;
      const head = found ? { seq: Number(found[0]), hash: found[1] } : { seq: 0, hash: GENESIS_HASH };
      const rows = chainedRows(entry, lines, reversesEntryId, head);
      conn.prepare(SQLITE.insertEntry).run(...rows.entryRow);
      const insertLine = conn.prepare(SQLITE.insertLine);
      for (const line of rows.lineRows) insertLine.run(...line);
      addBalancesOnSqlite(conn, rows.balances);
      const { seq, postedAt } = rows.chained;
      if (found)
        conn
          .prepare(SQLITE.updateHead)
          .run(seq, rows.appended.hash, postedAt, entry.tenantId, entry.branchId);
      else
        conn
          .prepare(SQLITE.insertHead)
          .run(entry.tenantId, entry.branchId, seq, rows.appended.hash, postedAt);
      return rows.appended;
    };
    // a savepoint inside the caller's transaction (its own transaction outside one): a failed line insert
    // takes its entry with it even if the caller goes on after the error; its page copies kept in memory when the
    // append is the transaction's first write (raw-sql.ts)
    return withSubJournalsInMemory(conn, conn.transaction(write));
  });
}

async function append(
  trx: Executor,
  entry: JournalEntryInput,
  reversesEntryId: string | null,
): Promise<AppendedEntry> {
  const lines = checkLines(entry.lines);
  await refuseClosedPeriod(trx, entry.tenantId, entry.branchId, entry.date);
  if (isSqlite(trx)) return appendOnSqlite(trx, entry, lines, reversesEntryId);
  // MySQL: six round trips (the locking read, the entry, its lines in one statement, the kept balances by
  // month and by year, the head's move)
  const head = await lockChainHead(trx, entry.tenantId, entry.branchId);
  const rows = chainedRows(entry, lines, reversesEntryId, head);
  await insertArrays(trx, 'journal_entries', ENTRY_COLUMNS, [rows.entryRow]);
  await insertArrays(trx, 'journal_lines', LINE_COLUMNS, rows.lineRows);
  await addBalances(trx, rows.balances);
  await tenantScope(
    trx,
    entry.tenantId,
  )('journal_chains')
    .where({ branch_id: entry.branchId })
    .update({ last_seq: rows.chained.seq, last_hash: rows.appended.hash, updated_at: rows.chained.postedAt });
  return rows.appended;
}

/**
 * Appends a posted entry to its branch's chain, in the caller's transaction (the posting and its document
 * commit together). Posted entries are never changed: a correction is a reversal (below) and a new entry.
 */
export function appendEntry(trx: Executor, entry: JournalEntryInput): Promise<AppendedEntry> {
  return append(trx, entry, null);
}

/**
 * Books the reversal of a posted entry as a new entry of the same chain: every line with debit and credit
 * swapped, naming the entry it reverses. An entry is reversed once; a reversal is not reversed.
 */
export async function reverseEntry(
  trx: Executor,
  tenantId: string,
  entryId: string,
  booking: { date: string; source: JournalEntryInput['source']; memo?: string; postedBy?: string | null },
): Promise<AppendedEntry> {
  const s = tenantScope(trx, tenantId);
  const found = await s('journal_entries').where({ id: entryId }).first('branch_id');
  if (!found) throw notFound();
  // the chain's lock first: two reversals of one entry then see each other
  await lockChainHead(trx, tenantId, String(found.branch_id));
  const original = await s('journal_entries').where({ id: entryId }).first('branch_id', 'reverses_entry_id');
  if (!original) throw notFound();
  if (original.reverses_entry_id) throw conflict('journal.reversalOfReversal');
  if (await s('journal_entries').where({ reverses_entry_id: entryId }).first('id'))
    throw conflict('journal.alreadyReversed');
  const lines = (await s('journal_lines').where({ entry_id: entryId }).orderBy('line_no')) as {
    account_id: string;
    cost_center_id: string | null;
    debit: unknown;
    credit: unknown;
    note: string;
    tax_tag: string | null;
  }[];
  const asDecimal = (raw: unknown) => storedToString(raw as number | string);
  return append(
    trx,
    {
      tenantId,
      branchId: String(original.branch_id),
      ...booking,
      lines: lines.map((l) => ({
        accountId: l.account_id,
        costCenterId: l.cost_center_id,
        debit: asDecimal(l.credit),
        credit: asDecimal(l.debit),
        note: l.note,
        taxTag: l.tax_tag,
      })),
    },
    entryId,
  );
}
