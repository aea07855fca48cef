import { dec, storedToString, toStored } from '@erp/contracts';
import { nowIso, tenantScope, type Executor, type TenantScope } from '@erp/service-kit';
import { appendEntry, reverseEntry } from '../journal';
import { branchLinks, entryLines, type NotPostable } from './entry-lines';
import { postingSourceType, ruleFor } from './registry';
import type { PostingAmounts } from './rules';

export type PostingStatus = 'posted' | 'unposted' | 'notPosted' | 'nothing';

/** A document as accounts knows it: its last revision's amounts and where its booking stands. */
export interface PostingDocument {
  sourceService: string;
  documentType: string;
  documentId: string;
  branchId: string;
  code: string;
  revision: number;
  date: string;
  inValue: string;
  outValue: string;
  status: PostingStatus;
  reason: string | null;
  reasonLink: string | null;
}

export const POSTING_DOCUMENTS = 'posting_documents';
export const POSTING_CORRECTIONS = 'posting_corrections';

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
    status: String(row.status) as PostingStatus,
    reason: row.reason === null || row.reason === undefined ? null : String(row.reason),
    reasonLink: row.reason_link === null || row.reason_link === undefined ? null : String(row.reason_link),
  };
}

export const documentKey = (d: Pick<PostingDocument, 'sourceService' | 'documentType' | 'documentId'>) => ({
  source_service: d.sourceService,
  document_type: d.documentType,
  document_id: d.documentId,
});

export async function findPostingDocument(
  s: TenantScope,
  key: Pick<PostingDocument, 'sourceService' | 'documentType' | 'documentId'>,
): Promise<PostingDocument | null> {
  const row = await s(POSTING_DOCUMENTS).where(documentKey(key)).first();
  return row ? toPostingDocument(row) : null;
}

/** Saves the document's revision and amounts (the booking's status is set by `bookDocument`). */
export async function saveRevision(s: TenantScope, doc: PostingDocument, existing: boolean): Promise<void> {
  const row = {
    branch_id: doc.branchId,
    code: doc.code.slice(0, 40),
    revision: doc.revision,
    date: doc.date,
    in_value: toStored(doc.inValue),
    out_value: toStored(doc.outValue),
    status: doc.status,
    reason: doc.reason,
    reason_link: doc.reasonLink,
    updated_at: nowIso(),
  };
  if (existing) await s(POSTING_DOCUMENTS).where(documentKey(doc)).update(row);
  else await s.insert(POSTING_DOCUMENTS, { ...documentKey(doc), ...row });
}

/** The document's entries that stand: neither reversals nor reversed (its booking, base and corrections). */
export async function liveEntries(s: TenantScope, doc: PostingDocument): Promise<string[]> {
  const entries = (await s('journal_entries')
    .where({ source_type: postingSourceType(doc.sourceService, doc.documentType), source_id: doc.documentId })
    .select('id', 'reverses_entry_id')) as { id: string; reverses_entry_id: string | null }[];
  const reversed = new Set(entries.map((e) => e.reverses_entry_id).filter(Boolean));
  return entries.filter((e) => !e.reverses_entry_id && !reversed.has(e.id)).map((e) => e.id);
}

/** The signed sum of the cost corrections received for the document's current revision. */
export async function correctionsOf(s: TenantScope, doc: PostingDocument): Promise<string> {
  const row = (await s(POSTING_CORRECTIONS)
    .where({ ...documentKey(doc), revision: doc.revision })
    .sum({ total: 'value' })
    .first()) as { total: unknown } | undefined;
  return storedToString((row?.total ?? 0) as string);
}

export async function amountsOf(s: TenantScope, doc: PostingDocument): Promise<PostingAmounts> {
  return { in: dec(doc.inValue), out: dec(doc.outValue), correction: dec(await correctionsOf(s, doc)) };
}

const sourceOf = (doc: PostingDocument) => ({
  type: postingSourceType(doc.sourceService, doc.documentType),
  id: doc.documentId,
  revision: doc.revision,
});
const memoOf = (doc: PostingDocument) => `${doc.documentType} ${doc.code}`.slice(0, 400);

/**
 * Brings the document's booking to its current revision, in the caller's transaction: every live entry of it is
 * reversed (posted lines are never edited), then, when `post`, one entry is booked from its rule, amounts and
 * the branch's links; a link that is missing or names an unusable account leaves it 'notPosted' with the
 * reason (the not-posted list). Without `post` it waits 'unposted'. Returns the status it ends in.
 */
export async function bookDocument(
  trx: Executor,
  tenantId: string,
  doc: PostingDocument,
  post: boolean,
  postedBy: string | null = null,
): Promise<PostingStatus> {
  const s = tenantScope(trx, tenantId);
  const rule = ruleFor(doc.sourceService, doc.documentType);
  if (!rule) throw new Error(`no posting rule for ${doc.sourceService}.${doc.documentType}`);
  const source = sourceOf(doc);
  for (const id of await liveEntries(s, doc))
    await reverseEntry(trx, tenantId, id, { date: doc.date, source, memo: memoOf(doc), postedBy });
  const amounts = await amountsOf(s, doc);
  let outcome: { status: PostingStatus; problem: NotPostable | null };
  const empty = amounts.in.isZero() && amounts.out.isZero() && amounts.correction.isZero();
  if (empty) outcome = { status: 'nothing', problem: null };
  else if (!post) outcome = { status: 'unposted', problem: null };
  else outcome = await bookLines(trx, tenantId, doc, amounts, postedBy);
  await s(POSTING_DOCUMENTS)
    .where(documentKey(doc))
    .update({
      status: outcome.status,
      reason: outcome.problem?.reason ?? null,
      reason_link: outcome.problem?.link ?? null,
      updated_at: nowIso(),
    });
  return outcome.status;
}

async function bookLines(
  trx: Executor,
  tenantId: string,
  doc: PostingDocument,
  amounts: PostingAmounts,
  postedBy: string | null,
): Promise<{ status: PostingStatus; problem: NotPostable | null }> {
  const s = tenantScope(trx, tenantId);
  const branch = await branchLinks(s, doc.branchId);
  if (!branch.known) return { status: 'notPosted', problem: { reason: 'posting.branchUnknown', link: null } };
  const lines = await entryLines(s, ruleFor(doc.sourceService, doc.documentType)!, amounts, branch.links);
  if (!Array.isArray(lines)) return { status: 'notPosted', problem: lines };
  if (lines.length === 0) return { status: 'nothing', problem: null };
  await appendEntry(trx, {
    tenantId,
    branchId: doc.branchId,
    date: doc.date,
    source: sourceOf(doc),
    memo: memoOf(doc),
    postedBy,
    lines,
  });
  return { status: 'posted', problem: null };
}

/**
 * A cost correction of a posted document: one more entry of the document (the correction lines alone), so the
 * booked entries are left as they are. Falls back to a full booking when the links no longer allow it.
 */
export async function bookCorrection(
  trx: Executor,
  tenantId: string,
  doc: PostingDocument,
  value: string,
): Promise<PostingStatus> {
  const s = tenantScope(trx, tenantId);
  const rule = ruleFor(doc.sourceService, doc.documentType)!;
  const branch = await branchLinks(s, doc.branchId);
  const correctionOnly = { in: dec(0), out: dec(0), correction: dec(value) };
  const lines = branch.known ? await entryLines(s, rule, correctionOnly, branch.links) : null;
  if (!Array.isArray(lines)) return bookDocument(trx, tenantId, doc, true);
  if (lines.length > 0)
    await appendEntry(trx, {
      tenantId,
      branchId: doc.branchId,
      date: doc.date,
      source: sourceOf(doc),
      memo: memoOf(doc),
      lines,
    });
  return 'posted';
}
