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

function shiftYear(date: string, years: number): string {
  return `${Number(date.slice(0, 4)) + years}${date.slice(4)}`;
}

/**
 * The dates of fiscal year `year` (the FiscalYear header): years follow the company's first fiscal year one
 * after another (identity's rule). Without the company replica, the calendar year.
 */
export async function fiscalYearPeriod(
  s: TenantScope,
  year: number,
): Promise<{ startDate: string; endDate: string }> {
  const row = await s(replicaTables.companies).first('fiscal_year_start', 'fiscal_year_end');
  const start = row?.fiscal_year_start ? String(row.fiscal_year_start) : null;
  const end = row?.fiscal_year_end ? String(row.fiscal_year_end) : null;
  if (!start || !end) return { startDate: `${year}-01-01`, endDate: `${year}-12-31` };
  const offset = year - Number(start.slice(0, 4));
  return { startDate: shiftYear(start, offset), endDate: shiftYear(end, offset) };
}
