import { safeTransactionRoutes as r } from '@erp/contracts';
import {
  handle,
  requirePrincipal,
  tenantScope,
  type BoundRoute,
  type RequestContext,
  type ServiceDeps,
} from '@erp/service-kit';
import {
  closeSafeTransaction,
  currentSafeTransaction,
  shiftSafes,
  getSafeTransaction,
  listSafeTransactions,
  openSafeTransaction,
} from './safe-transactions';

/** The shifts' routes (/api/SafeTransactions): `current` and `safes` before `:id`, so the word is never read as an id. */
export function safeTransactionHandlers(deps: ServiceDeps): BoundRoute[] {
  const scope = (ctx: RequestContext) => tenantScope(deps.db, requirePrincipal(ctx).tenantId);
  return [
    handle(r.list, ({ ctx, query }) => listSafeTransactions(scope(ctx), ctx, query)),
    handle(r.current, ({ ctx }) => currentSafeTransaction(scope(ctx), ctx)),
    handle(r.safes, ({ ctx }) => shiftSafes(scope(ctx), ctx)),
    handle(r.open, ({ ctx, body }) => openSafeTransaction(deps, ctx, body)),
    handle(r.get, ({ ctx, params }) => getSafeTransaction(scope(ctx), ctx, params.id)),
    handle(r.close, ({ ctx, params, body }) => closeSafeTransaction(deps, ctx, params.id, body)),
  ];
}
