import { documentTableOf, statusesOf, type DocumentDef } from '@erp/contracts';
import { documentTransitioner, tenantScope, type ServiceDeps } from '@erp/service-kit';
import { codeKey, fromKey, toKey } from './code-range';
import type { CodeRange, PostableType } from './postable-types';

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
  const inRange = (
    trx: Parameters<PostableType['countInRange']>[0],
    tenantId: string,
    branchId: string,
    range: CodeRange,
  ) =>
    toKey(
      fromKey(tenantScope(trx, tenantId)(table).where({ branch_id: branchId }), codeKey(range.fromCode)),
      codeKey(range.toCode),
    );
  return {
    type: doc.name,
    labelKey,
    async countInRange(trx, tenantId, branchId, range) {
      const [row] = (await inRange(trx, tenantId, branchId, range).count({ n: '*' })) as { n: unknown }[];
      return Number(row?.n ?? 0);
    },
    async listInRange(trx, tenantId, branchId, range, action, page) {
      const to = codeKey(range.toCode);
      const awaiting = action === 'post' ? unposted : posted;
      const branch = () => tenantScope(trx, tenantId)(table).where({ branch_id: branchId });
      // one year at a time, `seq` a plain index range in it: an (year, seq) OR-condition would make the index
      // walk the branch from its start on every page (quadratic over a long run)
      let at = page.after
        ? { ...codeKey(page.after), strict: true }
        : { ...codeKey(range.fromCode), strict: false };
      for (;;) {
        if (at.year > to.year) return [];
        const q = branch()
          .where('year', at.year)
          .where('seq', at.strict ? '>' : '>=', at.seq);
        if (at.year === to.year) q.where('seq', '<=', to.seq);
        const rows = (await q.orderBy('seq').limit(page.limit).select('id', 'code', 'status')) as {
          id: string;
          code: string;
          status: string;
        }[];
        if (rows.length) return rows.map((r) => ({ id: r.id, code: r.code, pending: r.status === awaiting }));
        const [next] = (await branch()
          .where('year', '>', at.year)
          .where('year', '<=', to.year)
          .min({ y: 'year' })) as { y: unknown }[];
        if (next?.y === null || next?.y === undefined) return [];
        at = { year: Number(next.y), seq: 0, strict: false };
      }
    },
    async post(trx, ctx, id) {
      await transition(ctx, trx, id, 'post');
    },
    async unpost(trx, ctx, id) {
      await transition(ctx, trx, id, 'unpost');
    },
  };
}
