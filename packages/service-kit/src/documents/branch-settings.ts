import { branchPolicies, branchSwitches, type Branch } from '@erp/contracts';
import { parseJson } from '../db/database';
import type { TenantScope } from '../db/tenant-scope';
import { replicaTables } from '../master-data/replicas';

export interface BranchSettings {
  id: string | null;
  digits: number | null;
  policies: Branch['policies'];
  switches: Branch['switches'];
}

/**
 * The policies and switches of the branch a request works in, from the identity replica. A branch the
 * replica has not heard of yet (or a request without BranchId) gets the defaults: the strict ones.
 */
export async function branchSettings(s: TenantScope, branchId: string | null): Promise<BranchSettings> {
  const row = branchId
    ? await s(replicaTables.branches).where({ id: branchId }).first('decimal_digits', 'settings')
    : undefined;
  const settings = parseJson<{ policies?: unknown; switches?: unknown }>(row?.settings, {});
  return {
    id: row ? branchId : null,
    digits: row ? Number(row.decimal_digits) : null,
    policies: branchPolicies.parse(settings.policies ?? {}),
    switches: branchSwitches.parse(settings.switches ?? {}),
  };
}
