import type { Till } from '@erp/contracts';
import {
  newId,
  nowIso,
  notFound,
  requireBranch,
  requirePrincipal,
  AppError,
  type RequestContext,
  type TenantScope,
} from '@erp/service-kit';
import { FIRST_PREVIOUS_HASH } from '../documents/issue';

type Row = Record<string, unknown>;

/** A till's issuing unit in sales_issue_units. */
export const tillUnit = (tillId: string) => `till:${tillId}`;

function tillOfRow(r: Row): Till {
  return {
    id: String(r.id),
    code: String(r.code),
    name: String(r.name),
    branchId: String(r.branch_id),
    counter: Number(r.counter ?? 0),
    lastHash: r.last_hash ? String(r.last_hash) : FIRST_PREVIOUS_HASH,
    createdAt: String(r.created_at),
  };
}

// the till's row with where its chain stands
const withChain = (s: TenantScope) =>
  s('pos_tills')
    .leftJoin('sales_issue_units as u', function joinUnit() {
      this.on('u.tenant_id', '=', 'pos_tills.tenant_id').andOn('u.unit', '=', 'pos_tills.unit');
    })
    .select('pos_tills.*', 'u.counter', 'u.last_hash');

/** A till of a branch the caller may use; 404 for another tenant's or an unknown id. */
export async function tillOf(s: TenantScope, ctx: RequestContext, id: string): Promise<Till> {
  const row = (await withChain(s).where('pos_tills.id', id).first()) as Row | undefined;
  if (!row) throw notFound();
  requireBranch(ctx, String(row.branch_id));
  return tillOfRow(row);
}

/** The tills of the caller's branch, or of every branch the caller may use when none is chosen. */
export async function listTills(s: TenantScope, ctx: RequestContext): Promise<Till[]> {
  const q = withChain(s).orderBy('pos_tills.seq');
  if (ctx.branchId) q.where('pos_tills.branch_id', ctx.branchId);
  else if (ctx.allowedBranches) q.whereIn('pos_tills.branch_id', ctx.allowedBranches);
  return ((await q) as Row[]).map(tillOfRow);
}

/**
 * A new till in the caller's branch: the next code of the tenant ('T1', 'T2', ...), its chain empty. Codes are
 * never reused, so two tills' receipt numbers never collide.
 */
export async function registerTill(s: TenantScope, ctx: RequestContext, name: string): Promise<Till> {
  const branchId = ctx.branchId;
  if (!branchId)
    throw new AppError(400, 'validationFailed', {}, [{ field: 'BranchId', code: 'validation.required' }]);
  requireBranch(ctx, branchId);
  const [m] = (await s('pos_tills').max({ n: 'seq' })) as { n: unknown }[];
  const seq = Number(m?.n ?? 0) + 1;
  const id = newId();
  await s.insert('pos_tills', {
    id,
    branch_id: branchId,
    seq,
    code: `T${seq}`,
    unit: tillUnit(id),
    name,
    created_by: requirePrincipal(ctx).userId,
    created_at: nowIso(),
  });
  return tillOf(s, ctx, id);
}
