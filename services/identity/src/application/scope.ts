import {
  requirePrincipal,
  tenantScope,
  type Executor,
  type RequestContext,
  type TenantScope,
} from '@erp/service-kit';

/** The caller's tenant scope: every identity query for a request goes through it. */
export function requireTenant(db: Executor, ctx: RequestContext): TenantScope {
  return tenantScope(db, requirePrincipal(ctx).tenantId);
}
