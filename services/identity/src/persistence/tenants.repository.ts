import { tenantSchema } from '@erp/contracts';
import { bool, nowIso, type Executor } from '@erp/service-kit';
import type { z } from 'zod';

type Row = Record<string, unknown>;
export type Tenant = z.infer<typeof tenantSchema> & { defaultBranchId: string | null };

function toTenant(row: Row): Tenant {
  return {
    id: String(row.id),
    name: String(row.name),
    subscriptionStart: String(row.subscription_start),
    subscriptionEnd: String(row.subscription_end),
    active: bool(row.active),
    isInvoicePlan: bool(row.is_invoice_plan),
    isNew: bool(row.is_new),
    defaultBranchId: row.default_branch_id ? String(row.default_branch_id) : null,
  };
}

/** The tenants table is the registry of tenants itself, so it is the one table read without a tenant scope. */
export const tenantsRepository = {
  async count(db: Executor): Promise<number> {
    const [{ n }] = (await db('tenants').count({ n: '*' })) as [{ n: number | string }];
    return Number(n);
  },
  async find(db: Executor, id: string): Promise<Tenant | null> {
    const row = await db('tenants').where({ id }).first();
    return row ? toTenant(row) : null;
  },
  async insert(db: Executor, t: Tenant): Promise<void> {
    await db('tenants').insert({
      id: t.id,
      name: t.name,
      subscription_start: t.subscriptionStart,
      subscription_end: t.subscriptionEnd,
      active: t.active,
      is_invoice_plan: t.isInvoicePlan,
      is_new: t.isNew,
      default_branch_id: t.defaultBranchId,
      created_at: nowIso(),
    });
  },
  async update(db: Executor, id: string, patch: Partial<Omit<Tenant, 'id'>>): Promise<void> {
    const row: Row = {};
    if (patch.name !== undefined) row.name = patch.name;
    if (patch.subscriptionStart !== undefined) row.subscription_start = patch.subscriptionStart;
    if (patch.subscriptionEnd !== undefined) row.subscription_end = patch.subscriptionEnd;
    if (patch.active !== undefined) row.active = patch.active;
    if (patch.isInvoicePlan !== undefined) row.is_invoice_plan = patch.isInvoicePlan;
    if (patch.isNew !== undefined) row.is_new = patch.isNew;
    if (patch.defaultBranchId !== undefined) row.default_branch_id = patch.defaultBranchId;
    await db('tenants').where({ id }).update(row);
  },
};
