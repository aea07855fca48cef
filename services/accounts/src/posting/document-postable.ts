import { documentTableOf, statusesOf, type DocumentDef } from '@erp/contracts';
import { documentTransitioner, tenantScope, type ServiceDeps } from '@erp/service-kit';
import { countInCodeRange, pageInCodeRange } from './code-range';
import type { PostableType } from './postable-types';

/**
 * A document type of the engine with 'post' and 'unpost' transitions (vouchers) as a postable type: it walks the
 * branch's documents in code order and posts each through the engine's own transition, so a bulk run books, checks
 * and audits exactly what `POST {apiPath}/{id}/post` would (the voucher hook appends the entry; 'unpost' books the
 * reversal).
 */
export function documentPostable(deps: ServiceDeps, doc: DocumentDef, labelKey: string): PostableType {
  const transition = documentTransitioner(deps, doc.name);
  const table = documentTableOf(doc);
  const [unposted, posted] = statusesOf(doc).values as [string, string];
  const branch =
    (trx: Parameters<PostableType['countInRange']>[0], tenantId: string, branchId: string) => () =>
      tenantScope(trx, tenantId)(table).where({ branch_id: branchId });
  return {
    type: doc.name,
    labelKey,
    countInRange: (trx, tenantId, branchId, range) =>
      countInCodeRange(branch(trx, tenantId, branchId), range),
    async listInRange(trx, tenantId, branchId, range, action, page) {
      const awaiting = action === 'post' ? unposted : posted;
      const rows = await pageInCodeRange<{ id: string; code: string; status: string }>(
        branch(trx, tenantId, branchId),
        range,
        page,
        ['id', 'code', 'status'],
      );
      return rows.map((r) => ({ id: r.id, code: r.code, pending: r.status === awaiting }));
    },
    async post(trx, ctx, id) {
      await transition(ctx, trx, id, 'post');
    },
    async unpost(trx, ctx, id) {
      await transition(ctx, trx, id, 'unpost');
    },
  };
}
