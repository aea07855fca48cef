import type { Knex } from 'knex';
import type { Executor } from './database';

/**
 * The one way repositories reach tenant data: every query built from a scope is filtered by tenant_id and
 * every row inserted through it carries tenant_id. A request that names another tenant's id finds nothing.
 */
export interface TenantScope {
  (table: string): Knex.QueryBuilder;
  readonly tenantId: string;
  readonly db: Executor;
  insert(table: string, rows: Record<string, unknown> | Record<string, unknown>[]): Promise<void>;
}

export function tenantScope(db: Executor, tenantId: string): TenantScope {
  if (!tenantId) throw new Error('tenantScope needs a tenant');
  const scope = ((table: string) => db(table).where(`${table}.tenant_id`, tenantId)) as TenantScope;
  Object.defineProperty(scope, 'tenantId', { value: tenantId });
  Object.defineProperty(scope, 'db', { value: db });
  scope.insert = async (table, rows) => {
    const list = Array.isArray(rows) ? rows : [rows];
    if (list.length === 0) return;
    await db(table).insert(list.map((r) => ({ ...r, tenant_id: tenantId })));
  };
  return scope;
}
