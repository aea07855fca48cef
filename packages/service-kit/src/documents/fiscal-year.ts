import { AppError } from '../errors';
import type { TenantScope } from '../db/tenant-scope';
import { hasPermission, requirePrincipal, type RequestContext } from '../http/context';
import { replicaTables } from '../master-data/replicas';

function shiftYear(date: string, years: number): string {
  return `${Number(date.slice(0, 4)) + years}${date.slice(4)}`;
}

export interface FiscalPeriod {
  startDate: string;
  endDate: string;
}

/**
 * The tenant's fiscal years, identity's rule: they follow the company's first one, one after another, up to the one
 * holding today. Without the company replica yet, calendar years up to this one.
 */
async function fiscalYearsOf(s: TenantScope, today: string) {
  const row = await s(replicaTables.companies).first('fiscal_year_start', 'fiscal_year_end');
  const start = row?.fiscal_year_start ? String(row.fiscal_year_start) : null;
  const end = row?.fiscal_year_end ? String(row.fiscal_year_end) : null;
  const first = start ? Number(start.slice(0, 4)) : 1901;
  const periodOf = (year: number): FiscalPeriod =>
    start && end
      ? { startDate: shiftYear(start, year - first), endDate: shiftYear(end, year - first) }
      : { startDate: `${year}-01-01`, endDate: `${year}-12-31` };
  let last = Math.max(first, Number(today.slice(0, 4)));
  while (last > first && periodOf(last).startDate > today) last--;
  return { first, last, periodOf };
}

/** The tenant's fiscal years, the first to the one holding today, with their dates. */
export async function fiscalYearList(
  s: TenantScope,
  today = new Date().toISOString().slice(0, 10),
): Promise<({ year: number } & FiscalPeriod)[]> {
  const years = await fiscalYearsOf(s, today);
  const out: ({ year: number } & FiscalPeriod)[] = [];
  for (let y = years.first; y <= years.last; y++) out.push({ year: y, ...years.periodOf(y) });
  return out;
}

/** The dates of fiscal year `year`: see {@link fiscalYearsOf}. */
export async function fiscalYearPeriod(s: TenantScope, year: number): Promise<FiscalPeriod> {
  return (await fiscalYearsOf(s, new Date().toISOString().slice(0, 10))).periodOf(year);
}

/**
 * The period the request works in (spec section 6, issue 9 item 8). viewAllFiscalYears (and admins): any year or
 * 'all'; viewFiscalYears: any year; neither: the first year only. No year chosen: the widest the caller may
 * choose ('all', this year, or the first year). A year that does not exist is a 400, one the caller may not
 * choose a 403.
 */
export async function resolveFiscalYear(
  s: TenantScope,
  ctx: RequestContext,
  today = new Date().toISOString().slice(0, 10),
): Promise<FiscalPeriod> {
  const p = requirePrincipal(ctx);
  const years = await fiscalYearsOf(s, today);
  const all = hasPermission(p, 'viewAllFiscalYears');
  const pick = all || p.permissions.has('viewFiscalYears');
  const choice = ctx.fiscalYear ?? (all ? 'all' : pick ? years.last : years.first);
  if (choice === 'all') {
    if (!all) throw new AppError(403, 'youDontHavePermToThisYear');
    return { startDate: years.periodOf(years.first).startDate, endDate: years.periodOf(years.last).endDate };
  }
  if (choice < years.first || choice > years.last) {
    throw new AppError(400, 'unknownFiscalYear', {}, [{ field: 'FiscalYear', code: 'unknownFiscalYear' }]);
  }
  if (!pick && choice !== years.first) throw new AppError(403, 'youDontHavePermToThisYear');
  return years.periodOf(choice);
}
