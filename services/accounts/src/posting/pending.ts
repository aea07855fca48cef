import { tenantScope, type Executor } from '@erp/service-kit';
import { POSTING_DOCUMENTS, bookDocument, toPostingDocument, type PostingStatus } from './document-booking';

/** Which documents of a branch a bulk action takes; every field narrows (none: all of the branch). */
export interface PostingFilter {
  sourceService?: string;
  documentType?: string;
  /** Exact codes (the bulk job resolves a code range to codes). */
  codes?: readonly string[];
  documentIds?: readonly string[];
  dateFrom?: string;
  dateTo?: string;
  /** At most this many documents, oldest first (a job's chunk). */
  limit?: number;
}

export interface PostingOutcome {
  /** Documents examined. */
  done: number;
  posted: number;
  notPosted: number;
}

async function selectDocuments(
  trx: Executor,
  tenantId: string,
  branchId: string,
  statuses: readonly PostingStatus[],
  filter: PostingFilter,
) {
  const q = tenantScope(
    trx,
    tenantId,
  )(POSTING_DOCUMENTS)
    .where({ branch_id: branchId })
    .whereIn('status', [...statuses]);
  if (filter.sourceService) q.where({ source_service: filter.sourceService });
  if (filter.documentType) q.where({ document_type: filter.documentType });
  if (filter.codes) q.whereIn('code', [...filter.codes]);
  if (filter.documentIds) q.whereIn('document_id', [...filter.documentIds]);
  if (filter.dateFrom) q.where('date', '>=', filter.dateFrom);
  if (filter.dateTo) q.where('date', '<=', filter.dateTo);
  q.orderBy([{ column: 'date' }, { column: 'document_id' }]);
  if (filter.limit) q.limit(filter.limit);
  return ((await q) as Record<string, unknown>[]).map(toPostingDocument);
}

async function bookAll(
  trx: Executor,
  tenantId: string,
  docs: Awaited<ReturnType<typeof selectDocuments>>,
  post: boolean,
  postedBy: string | null,
): Promise<PostingOutcome> {
  const outcome: PostingOutcome = { done: 0, posted: 0, notPosted: 0 };
  for (const doc of docs) {
    const status = await bookDocument(trx, tenantId, doc, post, postedBy);
    outcome.done++;
    if (status === 'posted') outcome.posted++;
    if (status === 'notPosted') outcome.notPosted++;
  }
  return outcome;
}

/**
 * Posts the branch's documents waiting as unposted (automatic posting off, or un-posted) or not posted (a link
 * missing), in the caller's transaction: each gets its entry, or stays in the not-posted list with its reason.
 * For the bulk-posting job: call it per chunk (`filter.limit`) in one transaction each.
 */
export async function postPendingDocuments(
  trx: Executor,
  tenantId: string,
  branchId: string,
  filter: PostingFilter = {},
  postedBy: string | null = null,
): Promise<PostingOutcome> {
  const docs = await selectDocuments(trx, tenantId, branchId, ['unposted', 'notPosted'], filter);
  return bookAll(trx, tenantId, docs, true, postedBy);
}

/**
 * Un-posts the branch's posted documents: each live entry is reversed (a trail, never a deletion) and the
 * document waits as unposted, to be posted again by `postPendingDocuments`.
 */
export async function unpostDocuments(
  trx: Executor,
  tenantId: string,
  branchId: string,
  filter: PostingFilter = {},
  postedBy: string | null = null,
): Promise<PostingOutcome> {
  const docs = await selectDocuments(trx, tenantId, branchId, ['posted'], filter);
  return bookAll(trx, tenantId, docs, false, postedBy);
}

/** The branch's not-posted documents tried again (its links changed, or a user asked). */
export async function retryNotPosted(
  trx: Executor,
  tenantId: string,
  branchId: string,
  postedBy: string | null = null,
): Promise<PostingOutcome> {
  // its own documents, and those of other branches with a part in it (a transfer to one of its stores)
  const rows = (await tenantScope(
    trx,
    tenantId,
  )(POSTING_DOCUMENTS)
    .where({ status: 'notPosted' })
    .andWhere((q) => q.where({ branch_id: branchId }).orWhere('legs', 'like', `%"${branchId}"%`))
    .orderBy([{ column: 'date' }, { column: 'document_id' }])) as Record<string, unknown>[];
  return bookAll(trx, tenantId, rows.map(toPostingDocument), true, postedBy);
}
