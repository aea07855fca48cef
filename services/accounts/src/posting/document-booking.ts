import { dec, storedToString, toStored } from '@erp/contracts';
import {
  insertArrays,
  isMysql,
  nowIso,
  parseJson,
  runSql,
  selectArrays,
  tenantScope,
  type Executor,
  type TenantScope,
} from '@erp/service-kit';
import { closedPeriodIssue } from '../fiscal/closed-periods';
import { appendEntry, reverseEntry, type JournalLineInput } from '../journal';
import { codeKey } from './code-range';
import { branchLinksOnce, entryLines, type BranchLinksReader, type NotPostable } from './entry-lines';
import { postingSourceType, ruleFor } from './registry';
import type { DocumentMoney, PostingAmounts } from './rules';

export type PostingStatus = 'posted' | 'unposted' | 'notPosted' | 'nothing';

/** One branch's part of a document: the value its stores received and issued (decimal strings). */
export interface PostingLeg {
  branchId: string;
  in: string;
  out: string;
}

/** A document as accounts knows it: its last revision's amounts and where its booking stands. */
export interface PostingDocument {
  sourceService: string;
  documentType: string;
  documentId: string;
  /** The branch the document was issued in: its automatic-posting switch and its not-posted list. */
  branchId: string;
  code: string;
  revision: number;
  date: string;
  inValue: string;
  outValue: string;
  /** Its parts by the branch of the stores moved (one, but for a transfer between two branches' stores). */
  legs: PostingLeg[];
  /**
   * A document with a money part (a sales invoice): the money of its last revision received (null: none, or
   * cancelled), and that revision (null: none received). `revision` is then its stock part's (0: none yet): the two
   * parts come in their own events, in any order, and each is stale against its own revision only.
   */
  money: DocumentMoney | null;
  moneyRevision: number | null;
  status: PostingStatus;
  reason: string | null;
  reasonLink: string | null;
}

export const POSTING_DOCUMENTS = 'posting_documents';
export const POSTING_CORRECTIONS = 'posting_corrections';

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

export function toPostingDocument(row: Record<string, unknown>): PostingDocument {
  return {
    sourceService: String(row.source_service),
    documentType: String(row.document_type),
    documentId: String(row.document_id),
    branchId: String(row.branch_id),
    code: String(row.code),
    revision: Number(row.revision),
    date: String(row.date),
    inValue: storedToString(row.in_value as string),
    outValue: storedToString(row.out_value as string),
    legs: parseJson<PostingLeg[]>(row.legs, []),
    money: parseJson<DocumentMoney | null>(row.money, null),
    moneyRevision:
      row.money_revision === null || row.money_revision === undefined ? null : Number(row.money_revision),
    status: String(row.status) as PostingStatus,
    reason: text(row.reason),
    reasonLink: text(row.reason_link),
  };
}

// what `toPostingDocument` reads, in this order
const DOCUMENT_COLUMNS = [
  'source_service',
  'document_type',
  'document_id',
  'branch_id',
  'code',
  'revision',
  'date',
  'in_value',
  'out_value',
  'legs',
  'money',
  'money_revision',
  'status',
  'reason',
  'reason_link',
];
// a document's row by its key; the posting path's reads and writes run below knex (cached prepared statements on
// SQLite): each knex query cost several times SQLite's own work on these lookups, on every posting event.
/** A posting document's key as SQL (its tenant, source service, type and id) and its values, in that order. */
export const KEY_WHERE = 'tenant_id = ? and source_service = ? and document_type = ? and document_id = ?';
export const keyValues = (
  s: TenantScope,
  d: Pick<PostingDocument, 'sourceService' | 'documentType' | 'documentId'>,
) => [s.tenantId, d.sourceService, d.documentType, d.documentId];
const FIND_DOCUMENT_SQL = `/* posting */ select ${DOCUMENT_COLUMNS.join(', ')} from ${POSTING_DOCUMENTS}
  where ${KEY_WHERE}`;

export const documentKey = (d: Pick<PostingDocument, 'sourceService' | 'documentType' | 'documentId'>) => ({
  source_service: d.sourceService,
  document_type: d.documentType,
  document_id: d.documentId,
});

export async function findPostingDocument(
  s: TenantScope,
  key: Pick<PostingDocument, 'sourceService' | 'documentType' | 'documentId'>,
  /**
   * Locked for the caller's transaction (MySQL): a document's stock and money parts come by different events that
   * a distributed consumer may apply at once; each reads the row and writes it whole, so the later one waits for
   * the first instead of writing back what it read before the first committed (a lost update). A row not there
   * yet takes InnoDB's gap lock: of two first arrivals one deadlocks and the inbox runs it again.
   */
  lock = false,
): Promise<PostingDocument | null> {
  // below knex (a cached prepared statement on SQLite): the first read of every posting event
  const sql = lock && isMysql(s.db) ? `${FIND_DOCUMENT_SQL} for update` : FIND_DOCUMENT_SQL;
  const [row] = await selectArrays(s.db, sql, [
    s.tenantId,
    key.sourceService,
    key.documentType,
    key.documentId,
  ]);
  return row ? toPostingDocument(Object.fromEntries(DOCUMENT_COLUMNS.map((c, i) => [c, row[i]]))) : null;
}

function codeColumns(code: string): { code_year: number | null; code_seq: number | null } {
  try {
    const k = codeKey(code);
    return { code_year: k.year, code_seq: k.seq };
  } catch {
    return { code_year: null, code_seq: null };
  }
}

/** Saves the document's revision and amounts (the booking's status is set by `bookDocument`). */
export async function saveRevision(s: TenantScope, doc: PostingDocument, existing: boolean): Promise<void> {
  const row = {
    branch_id: doc.branchId,
    code: doc.code.slice(0, 40),
    // its place in numbering order, for bulk posting's code ranges (null: not an engine code)
    ...codeColumns(doc.code),
    revision: doc.revision,
    date: doc.date,
    in_value: toStored(doc.inValue),
    out_value: toStored(doc.outValue),
    legs: JSON.stringify(doc.legs),
    money: doc.money ? JSON.stringify(doc.money) : null,
    money_revision: doc.moneyRevision,
    status: doc.status,
    reason: doc.reason,
    reason_link: doc.reasonLink,
    updated_at: nowIso(),
  };
  const columns = Object.keys(row);
  const values = Object.values(row);
  if (existing)
    await runSql(
      s.db,
      `/* posting */ update ${POSTING_DOCUMENTS} set ${columns.map((c) => `${c} = ?`).join(', ')} where ${KEY_WHERE}`,
      [...values, ...keyValues(s, doc)],
    );
  else
    await insertArrays(
      s.db,
      POSTING_DOCUMENTS,
      ['tenant_id', 'source_service', 'document_type', 'document_id', ...columns],
      [[...keyValues(s, doc), ...values]],
    );
}

/** The document's entries that stand: neither reversals nor reversed (its booking, base and corrections). */
export async function liveEntries(s: TenantScope, doc: PostingDocument): Promise<string[]> {
  const entries = (await selectArrays(
    s.db,
    '/* posting */ select id, reverses_entry_id from journal_entries where tenant_id = ? and source_type = ? and source_id = ?',
    [s.tenantId, postingSourceType(doc.sourceService, doc.documentType), doc.documentId],
  )) as [string, string | null][];
  const reversed = new Set(entries.map(([, reverses]) => reverses).filter(Boolean));
  return entries.filter(([id, reverses]) => !reverses && !reversed.has(id)).map(([id]) => String(id));
}

/** Each branch's amounts of the document's current revision: its part and the cost corrections of its stores. */
export async function amountsByBranch(
  s: TenantScope,
  doc: PostingDocument,
): Promise<Map<string, PostingAmounts>> {
  const out = new Map<string, PostingAmounts>();
  const at = (branchId: string) => {
    const a = out.get(branchId) ?? { in: dec(0), out: dec(0), correction: dec(0), money: [] };
    out.set(branchId, a);
    return a;
  };
  for (const leg of doc.legs) {
    const a = at(leg.branchId);
    a.in = a.in.plus(dec(leg.in));
    a.out = a.out.plus(dec(leg.out));
  }
  const corrections = (await selectArrays(
    s.db,
    `/* posting */ select branch_id, sum(value) from ${POSTING_CORRECTIONS} where ${KEY_WHERE} and revision = ?
      group by branch_id`,
    [...keyValues(s, doc), doc.revision],
  )) as [string, unknown][];
  for (const [branchId, total] of corrections) {
    const a = at(String(branchId));
    a.correction = a.correction.plus(dec(storedToString((total ?? 0) as string)));
  }
  // the money part is the document's own branch's (the cost parts are the branches of the stores)
  const money = doc.money && ruleFor(doc.sourceService, doc.documentType)?.money;
  if (money) at(doc.branchId).money = money(doc.money!);
  return out;
}

const sourceOf = (doc: PostingDocument) => ({
  type: postingSourceType(doc.sourceService, doc.documentType),
  id: doc.documentId,
  revision: Math.max(doc.revision, doc.moneyRevision ?? 0),
});
const memoOf = (doc: PostingDocument) => `${doc.documentType} ${doc.code}`.slice(0, 400);
const isZero = (a: PostingAmounts) =>
  a.in.isZero() && a.out.isZero() && a.correction.isZero() && a.money.every((l) => l.amount.isZero());

/**
 * Brings the document's booking to its current revision, in the caller's transaction: every live entry of it is
 * reversed (posted lines are never edited), then, when `post`, one entry per branch part is booked from its rule,
 * amounts and that branch's links; a link that is missing or names an unusable account books none of them and
 * leaves it 'notPosted' with the reason (the not-posted list). Without `post` it waits 'unposted'.
 */
export async function bookDocument(
  trx: Executor,
  tenantId: string,
  doc: PostingDocument,
  post: boolean,
  postedBy: string | null = null,
  /** The caller's reader when it read the document's branch already (its automatic-posting switch). */
  links: BranchLinksReader = branchLinksOnce(tenantScope(trx, tenantId)),
): Promise<PostingStatus> {
  const s = tenantScope(trx, tenantId);
  const source = sourceOf(doc);
  const live = await liveEntries(s, doc);
  const parts = [...(await amountsByBranch(s, doc))].filter(([, a]) => !isZero(a));
  // a date the journal refuses (a closed year, a locked date) books nothing, not even the reversals: the
  // document waits in the not-posted list until the year is reopened or the lock moved, then a retry books it
  const closed =
    live.length > 0 || (post && parts.length > 0)
      ? await closedPart(s, doc, [...parts.map(([b]) => b), ...(await branchesOfEntries(s, live))])
      : null;
  if (!closed)
    for (const id of live)
      await reverseEntry(trx, tenantId, id, { date: doc.date, source, memo: memoOf(doc), postedBy });
  let outcome: { status: PostingStatus; problem: NotPostable | null };
  if (closed) outcome = { status: 'notPosted', problem: closed };
  else if (parts.length === 0) outcome = { status: 'nothing', problem: null };
  else if (!post) outcome = { status: 'unposted', problem: null };
  // the parts' branches were checked for a closed period just above, in this transaction
  else outcome = await bookParts(trx, tenantId, doc, parts, postedBy, links);
  await runSql(
    s.db,
    `/* posting */ update ${POSTING_DOCUMENTS} set status = ?, reason = ?, reason_link = ?, updated_at = ? where ${KEY_WHERE}`,
    [
      outcome.status,
      outcome.problem?.reason ?? null,
      outcome.problem?.link ?? null,
      nowIso(),
      ...keyValues(s, doc),
    ],
  );
  return outcome.status;
}

async function branchesOfEntries(s: TenantScope, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = (await s('journal_entries')
    .whereIn('id', [...ids])
    .distinct('branch_id')) as {
    branch_id: string;
  }[];
  return rows.map((r) => r.branch_id);
}

/** The reason the journal would refuse the document's date in one of `branches`, or null. */
async function closedPart(
  s: TenantScope,
  doc: PostingDocument,
  branches: readonly string[],
): Promise<NotPostable | null> {
  for (const branchId of new Set(branches))
    if (await closedPeriodIssue(s, branchId, doc.date)) return { reason: 'posting.periodClosed', link: null };
  return null;
}

/** Each part's lines in its branch, or the first reason one cannot be booked (then none is). */
async function linesOfParts(
  s: TenantScope,
  doc: PostingDocument,
  parts: readonly [string, PostingAmounts][],
  /** Set by a caller that checked the parts' branches for a closed period in this transaction already. */
  checked: { links: BranchLinksReader; periodChecked: boolean } = {
    links: branchLinksOnce(s),
    periodChecked: false,
  },
): Promise<[string, JournalLineInput[]][] | NotPostable> {
  const rule = ruleFor(doc.sourceService, doc.documentType);
  if (!rule) throw new Error(`no posting rule for ${doc.sourceService}.${doc.documentType}`);
  const out: [string, JournalLineInput[]][] = [];
  const closed = checked.periodChecked
    ? null
    : await closedPart(
        s,
        doc,
        parts.map(([b]) => b),
      );
  if (closed) return closed;
  for (const [branchId, amounts] of parts) {
    const branch = await checked.links(branchId);
    if (!branch.known) return { reason: 'posting.branchUnknown', link: null };
    const lines = await entryLines(s, rule, amounts, branch.links);
    if (!Array.isArray(lines)) return lines;
    if (lines.length > 0) out.push([branchId, lines]);
  }
  return out;
}

async function bookParts(
  trx: Executor,
  tenantId: string,
  doc: PostingDocument,
  parts: readonly [string, PostingAmounts][],
  postedBy: string | null,
  links: BranchLinksReader,
): Promise<{ status: PostingStatus; problem: NotPostable | null }> {
  const entries = await linesOfParts(tenantScope(trx, tenantId), doc, parts, {
    links,
    periodChecked: true,
  });
  if (!Array.isArray(entries)) return { status: 'notPosted', problem: entries };
  if (entries.length === 0) return { status: 'nothing', problem: null };
  for (const [branchId, lines] of entries)
    await appendEntry(trx, {
      tenantId,
      branchId,
      date: doc.date,
      source: sourceOf(doc),
      memo: memoOf(doc),
      postedBy,
      lines,
    });
  return { status: 'posted', problem: null };
}

/**
 * Cost corrections of a posted document (signed values by the branch of their stores): one more entry of the
 * document per branch (the correction lines alone), so the booked entries are left as they are. Falls back to a
 * full booking when the links no longer allow it.
 */
export async function bookCorrections(
  trx: Executor,
  tenantId: string,
  doc: PostingDocument,
  byBranch: ReadonlyMap<string, string>,
): Promise<PostingStatus> {
  const parts = [...byBranch].map(
    ([branchId, value]) =>
      [branchId, { in: dec(0), out: dec(0), correction: dec(value), money: [] }] as [string, PostingAmounts],
  );
  const entries = await linesOfParts(tenantScope(trx, tenantId), doc, parts);
  if (!Array.isArray(entries)) return bookDocument(trx, tenantId, doc, true);
  for (const [branchId, lines] of entries)
    await appendEntry(trx, {
      tenantId,
      branchId,
      date: doc.date,
      source: sourceOf(doc),
      memo: memoOf(doc),
      lines,
    });
  return 'posted';
}
