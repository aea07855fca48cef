import type { Branch, Company, CompanyInput, PosConfiguration, PrintTemplates } from '@erp/contracts';
import {
  emit,
  notFound,
  originOf,
  recordAudit,
  requirePrincipal,
  type RequestContext,
  type ServiceDeps,
} from '@erp/service-kit';
import { branchesRepository } from '../persistence/branches.repository';
import { companyRepository } from '../persistence/company.repository';
import { companyEventPayload } from './events';
import { ensureFiscalYears } from './fiscal-years.use-case';
import { requireTenant } from './scope';

export function companyUseCases(deps: ServiceDeps) {
  async function get(ctx: RequestContext): Promise<Company> {
    const company = await companyRepository.get(requireTenant(deps.db, ctx));
    if (!company) throw notFound();
    return company;
  }

  return {
    get,

    async update(ctx: RequestContext, input: CompanyInput): Promise<Company> {
      return deps.transact(async (trx) => {
        const s = requireTenant(trx, ctx);
        const before = await companyRepository.get(s);
        if (!before) throw notFound();
        await companyRepository.update(s, input);
        await ensureFiscalYears(s, input.fiscalYearStart, input.fiscalYearEnd);
        const after = (await companyRepository.get(s))!;
        await emit(
          trx,
          originOf(ctx),
          'companyChanged',
          s.tenantId,
          companyEventPayload(input, after.posConfiguration),
        );
        await recordAudit(trx, ctx, 'identity', 'company', s.tenantId, before, after);
        return after;
      });
    },

    /** The print templates of the sales documents (the spec's invoice template): replaced as a whole. */
    async updatePrintTemplates(ctx: RequestContext, templates: PrintTemplates): Promise<PrintTemplates> {
      return deps.transact(async (trx) => {
        const s = requireTenant(trx, ctx);
        const before = await companyRepository.get(s);
        if (!before) throw notFound();
        await companyRepository.updatePrintTemplates(s, templates);
        const after = (await companyRepository.get(s))!;
        await recordAudit(trx, ctx, 'identity', 'company', s.tenantId, before, after);
        return after.printTemplates;
      });
    },

    /**
     * The POS settings (/posConfigurations): the scales' label prefix and mode, replaced as a whole and announced
     * with the company, so inventory's barcode lookup reads scale labels the way this company's scales print them.
     */
    async updatePosConfiguration(ctx: RequestContext, pos: PosConfiguration): Promise<PosConfiguration> {
      return deps.transact(async (trx) => {
        const s = requireTenant(trx, ctx);
        const before = await companyRepository.get(s);
        if (!before) throw notFound();
        await companyRepository.updatePosConfiguration(s, pos);
        const after = (await companyRepository.get(s))!;
        await emit(trx, originOf(ctx), 'companyChanged', s.tenantId, companyEventPayload(after, pos));
        await recordAudit(trx, ctx, 'identity', 'company', s.tenantId, before, after);
        return after.posConfiguration;
      });
    },

    /**
     * GET /api/aggregates/StartUp. Non-admins see the branches of their profile, or all of them when none of
     * their branch ids match (spec section 6).
     */
    async startUp(ctx: RequestContext): Promise<{ branches: Branch[]; currentCompany: Company }> {
      const p = requirePrincipal(ctx);
      const all = await branchesRepository.all(requireTenant(deps.db, ctx));
      const mine = all.filter((b) => p.branches.includes(b.id));
      return { branches: p.isAdmin || mine.length === 0 ? all : mine, currentCompany: await get(ctx) };
    },
  };
}
