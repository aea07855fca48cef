import { posReceiptRoutes, posRoutes as r, type DocumentInput } from '@erp/contracts';
import {
  handle,
  requirePrincipal,
  tenantScope,
  type BoundRoute,
  type RequestContext,
  type ServiceDeps,
} from '@erp/service-kit';
import { holdTillSale, listHeldSales, retrieveHeldSale } from './held';
import { findReceipt } from './receipts';
import { catalogPage, posLookups } from './catalog';
import { needsAttention, retryTillSale, syncTillSale } from './sync';
import { listTills, registerTill, tillOf } from './tills';

/** The point of sale's routes (/api/PointOfSale/...): tills, their sales' sync, and what needs a supervisor. */
export function posHandlers(deps: ServiceDeps): BoundRoute[] {
  const scope = (ctx: RequestContext) => tenantScope(deps.db, requirePrincipal(ctx).tenantId);
  return [
    handle(r.catalog, ({ ctx, query }) => catalogPage(scope(ctx), query)),
    handle(r.lookups, ({ ctx }) => posLookups(scope(ctx), requirePrincipal(ctx))),
    handle(r.registerTill, ({ ctx, body }) =>
      deps.transact((trx) => registerTill(tenantScope(trx, requirePrincipal(ctx).tenantId), ctx, body.name)),
    ),
    handle(r.listTills, ({ ctx }) => listTills(scope(ctx), ctx)),
    handle(r.getTill, ({ ctx, params }) => tillOf(scope(ctx), ctx, params.id)),
    handle(r.syncSale, ({ ctx, body }) => syncTillSale(deps, ctx, body)),
    handle(r.holdSale, ({ ctx, body }) => holdTillSale(deps, ctx, body as DocumentInput)),
    handle(r.holdAgain, ({ ctx, params, body }) => holdTillSale(deps, ctx, body as DocumentInput, params.id)),
    // 'Held' before 'Held/:id': the list is not read as an id
    handle(r.listHeld, ({ ctx }) => listHeldSales(deps, ctx)),
    handle(
      r.retrieveHeld,
      async ({ ctx, params }) => (await retrieveHeldSale(deps, ctx, params.id)) as never,
    ),
    handle(r.needsAttention, ({ ctx, query }) => needsAttention(deps, ctx, query)),
    handle(r.retrySale, ({ ctx, params }) => retryTillSale(deps, ctx, params.tillId, params.counter)),
    // the engine's read of the invoice (its shape is the invoices' read schema, which the route checks)
    handle(
      posReceiptRoutes.findReceipt,
      async ({ ctx, query }) => (await findReceipt(deps, ctx, query)) as never,
    ),
  ];
}
