import { accountsRoutes } from '@erp/contracts';
import { translate } from '@erp/i18n';
import { handle, requirePrincipal, type BoundRoute, type ServiceDeps } from '@erp/service-kit';
import { verifyJournal } from './verify';

/** `GET /api/Journal/verify` (admins): every chain of the tenant, or the one of `branchId`. */
export function journalRouteHandlers(deps: ServiceDeps): BoundRoute[] {
  return [
    handle(accountsRoutes.verifyJournal, async ({ ctx, query }) => {
      const { branchId } = query as { branchId?: string };
      const result = await verifyJournal(deps.db, requirePrincipal(ctx).tenantId, branchId ?? null);
      return {
        ...result,
        chains: result.chains.map((c) => ({
          ...c,
          broken: c.broken ? { ...c.broken, message: translate(ctx.language, c.broken.reason) } : null,
        })),
      };
    }),
  ];
}
