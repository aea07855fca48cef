import {
  AppError,
  requirePrincipal,
  tenantScope,
  type Executor,
  type RequestContext,
} from '@erp/service-kit';
import type { ServerMessageKey } from '@erp/i18n';
import { countInCodeRange, pageInCodeRange, type CodeColumns } from './code-range';
import { POSTING_DOCUMENTS, bookDocument, findPostingDocument, type PostingStatus } from './document-booking';
import type { PostableType } from './postable-types';
import type { PostingRule } from './rules';

const CODES: CodeColumns = { year: 'code_year', seq: 'code_seq' };
/** What 'post' takes (waiting, or listed as not posted) and what 'unpost' takes. */
const AWAITING: Record<'post' | 'unpost', readonly PostingStatus[]> = {
  post: ['unposted', 'notPosted'],
  unpost: ['posted'],
};

/**
 * A document type booked from another service's events (a posting rule: inventory's stock documents) as a type
 * bulk posting walks by code range (issue 13, deliverables 3 and 4): with the branch's automatic posting off its
 * documents wait unposted, and a bulk run posts them, or un-posts posted ones (their entries reversed). A document
 * that cannot be booked (a link missing, a closed period) is refused with its reason and left as it was.
 */
export function eventPostable(rule: PostingRule): PostableType {
  const key = (id: string) => ({
    sourceService: rule.sourceService,
    documentType: rule.documentType,
    documentId: id,
  });
  const branch = (trx: Executor, tenantId: string, branchId: string) => () =>
    tenantScope(
      trx,
      tenantId,
    )(POSTING_DOCUMENTS).where({
      branch_id: branchId,
      source_service: rule.sourceService,
      document_type: rule.documentType,
    });
  async function book(trx: Executor, ctx: RequestContext, id: string, post: boolean) {
    const p = requirePrincipal(ctx);
    const doc = await findPostingDocument(tenantScope(trx, p.tenantId), key(id));
    if (!doc) throw new AppError(404, 'notFound');
    const status = await bookDocument(trx, p.tenantId, doc, post, p.userId);
    // the job rolls the document back to what it was and reports the reason
    if (status === 'notPosted') {
      const after = await findPostingDocument(tenantScope(trx, p.tenantId), key(id));
      throw new AppError(409, (after?.reason ?? 'posting.branchUnknown') as ServerMessageKey, {
        link: after?.reasonLink ?? '',
      });
    }
  }
  return {
    type: rule.documentType,
    labelKey: `documents.${rule.documentType}`,
    countInRange: (trx, tenantId, branchId, range) =>
      countInCodeRange(branch(trx, tenantId, branchId), range, CODES),
    async listInRange(trx, tenantId, branchId, range, action, page) {
      const rows = await pageInCodeRange<{ document_id: string; code: string; status: PostingStatus }>(
        branch(trx, tenantId, branchId),
        range,
        page,
        ['document_id', 'code', 'status'],
        CODES,
      );
      return rows.map((r) => ({
        id: r.document_id,
        code: r.code,
        pending: AWAITING[action].includes(r.status),
      }));
    },
    post: (trx, ctx, id) => book(trx, ctx, id, true),
    unpost: (trx, ctx, id) => book(trx, ctx, id, false),
  };
}
