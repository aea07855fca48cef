import { accountsRoutes, type NotPostedDocument } from '@erp/contracts';
import { translate } from '@erp/i18n';
import {
  handle,
  requirePrincipal,
  tenantScope,
  type BoundRoute,
  type RequestContext,
  type ServiceDeps,
} from '@erp/service-kit';
import { POSTING_DOCUMENTS, toPostingDocument } from './document-booking';
import { retryNotPosted, type PostingOutcome } from './pending';

/** The request's branch, or every branch the caller may use (null: all of the tenant's). */
const branchesOf = (ctx: RequestContext): readonly string[] | null =>
  ctx.branchId ? [ctx.branchId] : ctx.allowedBranches;

/** The not-posted list (gLPost, checked by the router) and its retry action. */
export function postingRouteHandlers(deps: ServiceDeps): BoundRoute[] {
  return [
    handle(accountsRoutes.notPostedDocuments, async ({ ctx, query }) => {
      const { page, pageSize } = query as { page: number; pageSize: number };
      const s = tenantScope(deps.db, requirePrincipal(ctx).tenantId);
      const branches = branchesOf(ctx);
      const base = () => {
        const q = s(POSTING_DOCUMENTS).where({ status: 'notPosted' });
        if (branches) q.whereIn('branch_id', [...branches]);
        return q;
      };
      const counted = (await base().count({ n: '*' }).first()) as { n: unknown };
      const rows = (await base()
        .orderBy([{ column: 'date' }, { column: 'document_id' }])
        .limit(pageSize)
        .offset((page - 1) * pageSize)) as Record<string, unknown>[];
      const items: NotPostedDocument[] = rows.map((row) => {
        const d = toPostingDocument(row);
        const reason = d.reason as NotPostedDocument['reason'];
        return {
          sourceService: d.sourceService,
          documentType: d.documentType,
          documentId: d.documentId,
          branchId: d.branchId,
          code: d.code,
          revision: d.revision,
          date: d.date,
          reason,
          link: d.reasonLink,
          message: translate(ctx.language, reason, { link: d.reasonLink ?? '' }),
        };
      });
      return { items, total: Number(counted.n) };
    }),
    handle(accountsRoutes.retryNotPosted, async ({ ctx }) => {
      const principal = requirePrincipal(ctx);
      return deps.transact(async (trx) => {
        const s = tenantScope(trx, principal.tenantId);
        const branches =
          branchesOf(ctx) ??
          (
            (await s(POSTING_DOCUMENTS).where({ status: 'notPosted' }).distinct('branch_id')) as {
              branch_id: string;
            }[]
          ).map((r) => String(r.branch_id));
        const total: PostingOutcome = { done: 0, posted: 0, notPosted: 0 };
        for (const branchId of branches) {
          const o = await retryNotPosted(trx, principal.tenantId, branchId, principal.userId);
          total.done += o.done;
          total.posted += o.posted;
          total.notPosted += o.notPosted;
        }
        return total;
      });
    }),
  ];
}
