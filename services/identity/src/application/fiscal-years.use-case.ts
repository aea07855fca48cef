import type { FiscalYear } from '@erp/contracts';
import {
  hasPermission,
  newId,
  tenantScope,
  type Principal,
  type ServiceDeps,
  type TenantScope,
} from '@erp/service-kit';
import { companyRepository } from '../persistence/company.repository';
import { today } from './session.use-case';

function shiftYear(date: string, years: number): string {
  return `${Number(date.slice(0, 4)) + years}${date.slice(4)}`;
}

/**
 * Fiscal years follow the company's first fiscal year, one after another, up to the one holding today.
 * Rows are created as time reaches them, so closing flags can live on them later.
 */
export async function ensureFiscalYears(s: TenantScope, firstStart: string, firstEnd: string): Promise<void> {
  const existing = new Set(
    (await s('fiscal_years').select('year')).map((r: { year: number }) => Number(r.year)),
  );
  const now = today();
  for (let i = 0; i < 100; i++) {
    const start = shiftYear(firstStart, i);
    if (i > 0 && start > now) break;
    const year = Number(start.slice(0, 4));
    if (!existing.has(year)) {
      await s.insert('fiscal_years', {
        id: newId(),
        year,
        start_date: start,
        end_date: shiftYear(firstEnd, i),
      });
    }
  }
}

export function fiscalYearUseCases(deps: ServiceDeps) {
  return {
    /**
     * Spec section 6: viewAllFiscalYears shows every year plus the synthetic all-years entry (year null, the
     * first start and the last end); viewFiscalYears lets the user pick any year; with neither, only the first.
     */
    async list(principal: Principal): Promise<FiscalYear[]> {
      const company = await companyRepository.get(tenantScope(deps.db, principal.tenantId));
      if (company) {
        await deps.transact((trx) =>
          ensureFiscalYears(
            tenantScope(trx, principal.tenantId),
            company.fiscalYearStart,
            company.fiscalYearEnd,
          ),
        );
      }
      const rows = await tenantScope(deps.db, principal.tenantId)('fiscal_years').orderBy('year');
      const years: FiscalYear[] = rows.map((r: Record<string, unknown>) => ({
        year: Number(r.year),
        startDate: String(r.start_date),
        endDate: String(r.end_date),
      }));
      if (years.length === 0) return [];
      if (hasPermission(principal, 'viewAllFiscalYears')) {
        const first = years[0] as FiscalYear;
        const last = years[years.length - 1] as FiscalYear;
        return [...years, { year: null, startDate: first.startDate, endDate: last.endDate }];
      }
      if (principal.permissions.has('viewFiscalYears')) return years;
      return years.slice(0, 1);
    },
  };
}
