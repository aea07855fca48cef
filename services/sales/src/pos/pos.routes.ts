import { posReceiptRoutes, posRoutes as r } from '@erp/contracts';
import {
  handle,
  requirePrincipal,
  tenantScope,
  type BoundRoute,
  type RequestContext,
  type ServiceDeps,
} from '@erp/service-kit';
import { findReceipt } from './receipts';
import { catalogPage, posLookups } from './catalog';
import { needsAttention, retryTillSale, syncTillSale } from './sync';
import { listTills, registerTill, tillOf } from './tills';

/** The point of sale's routes (/api/PointOfSale/...): tills, their sales' sync, and what needs a supervisor. */
export function posHandlers(deps: ServiceDeps): BoundRoute[] {
  const scope = (ctx: RequestContext) => tenantScope(deps.db, requirePrincipal(ctx).tenantId);
  return [
    handle(r.catalog, ({ ctx, query }) => catalogPage(scope(ctx), query)),
    handle(r.lookups, ({ ctx }) => posLookups(scope(ctx))),
    handle(r.registerTill, ({ ctx, body }) =>
      deps.transact((trx) => registerTill(tenantScope(trx, requirePrincipal(ctx).tenantId), ctx, body.name)),
    ),
    handle(r.listTills, ({ ctx }) => listTills(scope(ctx), ctx)),
    handle(r.getTill, ({ ctx, params }) => tillOf(scope(ctx), ctx, params.id)),
    handle(r.syncSale, ({ ctx, body }) => syncTillSale(deps, ctx, body)),
    handle(r.needsAttention, ({ ctx, query }) => needsAttention(deps, ctx, query)),
    handle(r.retrySale, ({ ctx, params }) => retryTillSale(deps, ctx, params.tillId, params.counter)),
    // the engine's read of the invoice (its shape is the invoices' read schema, which the route checks)
    handle(
      posReceiptRoutes.findReceipt,
      async ({ ctx, query }) => (await findReceipt(deps, ctx, query)) as never,
    ),
  ];
}
