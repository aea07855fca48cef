import {
  conflict,
  requirePrincipal,
  tenantScope,
  type Executor,
  type RequestContext,
} from '@erp/service-kit';
import { codeKey, keyNumber } from './code-range';

const ACTIVE = ['queued', 'running'];

/** The contexts bulk runs post with: their own postings pass the guard below. */
const bulkContexts = new WeakSet<RequestContext>();

export const markBulkContext = (ctx: RequestContext): void => void bulkContexts.add(ctx);

/**
 * A document inside the range of a bulk run still queued or running is not posted, un-posted, changed or deleted
 * by anyone else meanwhile: 409 with the spec's 'please wait while posting or cancelling posting finishes'.
 * (The run would cope, each document's status is checked in its own savepoint, but the user would see their
 * change undone or skipped without being told.)
 */
export async function refuseDuringBulkRun(
  trx: Executor,
  ctx: RequestContext,
  documentType: string,
  branchId: string,
  code: string,
): Promise<void> {
  if (bulkContexts.has(ctx)) return;
  const key = keyNumber(codeKey(code));
  const running = await tenantScope(
    trx,
    requirePrincipal(ctx).tenantId,
  )('bulk_posting_runs')
    .join('jobs', 'jobs.id', 'bulk_posting_runs.job_id')
    .where({ 'bulk_posting_runs.branch_id': branchId, 'bulk_posting_runs.document_type': documentType })
    .whereIn('jobs.status', ACTIVE)
    .where('bulk_posting_runs.from_key', '<=', key)
    .where('bulk_posting_runs.to_key', '>=', key)
    .first('bulk_posting_runs.id');
  if (running) throw conflict('waitForPosting');
}
