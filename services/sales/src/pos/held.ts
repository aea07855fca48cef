import {
  documentTableOf,
  fromStored,
  salesInvoices,
  type DocumentInput,
  type PosHeldSale,
} from '@erp/contracts';
import {
  documentSaver,
  documentTransitioner,
  requireBranch,
  requirePrincipal,
  tenantScope,
  type RequestContext,
  type ServiceDeps,
} from '@erp/service-kit';

type Row = Record<string, unknown>;

const heldOf = (r: Row): PosHeldSale => ({
  id: String(r.id),
  code: String(r.code),
  date: String(r.date),
  totalValue: fromStored(r.money_tax_inclusive as number).toFixed(2),
});

async function heldRow(deps: ServiceDeps, ctx: RequestContext, id: string): Promise<PosHeldSale> {
  const row = (await tenantScope(
    deps.db,
    requirePrincipal(ctx).tenantId,
  )(documentTableOf(salesInvoices))
    .where({ id })
    .first('id', 'code', 'date', 'money_tax_inclusive')) as Row;
  return heldOf(row);
}

/**
 * A till's sale held (hung): saved as a held sales invoice by the document engine (its checks, its audit), new
 * or, for a sale the till retrieved, the same invoice again. The till's permission is enough (issue 15).
 */
export async function holdTillSale(
  deps: ServiceDeps,
  ctx: RequestContext,
  sale: DocumentInput,
  id?: string,
): Promise<PosHeldSale> {
  const save = documentSaver(deps, salesInvoices.name);
  const record = await deps.transact((trx) => save(ctx, trx, { ...sale, then: 'hold' }, id));
  return heldRow(deps, ctx, record.id);
}

/** The held sales of the caller's branch, newest first (what 'hung invoices' at a till lists). */
export async function listHeldSales(
  deps: ServiceDeps,
  ctx: RequestContext,
): Promise<{ items: PosHeldSale[] }> {
  const q = tenantScope(
    deps.db,
    requirePrincipal(ctx).tenantId,
  )(documentTableOf(salesInvoices))
    .where({ status: 'held' })
    .select('id', 'code', 'date', 'money_tax_inclusive')
    .orderBy('created_at', 'desc')
    .limit(200);
  if (ctx.branchId) q.andWhere('branch_id', ctx.branchId);
  else if (ctx.allowedBranches) q.whereIn('branch_id', [...ctx.allowedBranches]);
  return { items: ((await q) as Row[]).map(heldOf) };
}

/** A held sale retrieved into a till, once: the engine's `retrieve` (held → drafted; a second one is 409). */
export async function retrieveHeldSale(deps: ServiceDeps, ctx: RequestContext, id: string) {
  const row = (await tenantScope(
    deps.db,
    requirePrincipal(ctx).tenantId,
  )(documentTableOf(salesInvoices))
    .where({ id })
    .first('branch_id')) as Row | undefined;
  if (row) requireBranch(ctx, String(row.branch_id));
  const transition = documentTransitioner(deps, salesInvoices.name);
  return deps.transact((trx) => transition(ctx, trx, id, 'retrieve'));
}
