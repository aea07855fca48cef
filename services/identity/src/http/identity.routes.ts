import { identityRoutes as r } from '@erp/contracts';
import { handle, type BoundRoute, type ServiceDeps } from '@erp/service-kit';
import { auditUseCases } from '../application/audit.use-case';
import { branchUseCases } from '../application/branches.use-case';
import { companyUseCases } from '../application/company.use-case';
import { fiscalYearUseCases } from '../application/fiscal-years.use-case';
import { sessionUseCases } from '../application/session.use-case';
import { supportUseCases } from '../application/support.use-case';
import { tenantUseCases } from '../application/tenants.use-case';
import { userUseCases } from '../application/users.use-case';
import { Mailer } from '../application/mailer';
import { preferenceUseCases } from '../application/preferences.use-case';

const ok = { ok: true as const };

export function identityHttpRoutes(deps: ServiceDeps): BoundRoute[] {
  const session = sessionUseCases(deps);
  const users = userUseCases(deps);
  const branches = branchUseCases(deps);
  const company = companyUseCases(deps);
  const years = fiscalYearUseCases(deps);
  const support = supportUseCases(deps);
  const audit = auditUseCases(deps);
  const tenants = tenantUseCases(deps);
  const preferences = preferenceUseCases(deps);
  const mailer = new Mailer(
    deps.db,
    deps.logger.child('mail'),
    deps.env.ERP_SMTP_URL,
    deps.env.ERP_MAIL_FROM,
  );
  return [
    handle(r.auth, ({ body }) => session.login(body.userName, body.password)),
    handle(r.refresh, ({ body }) => session.refresh(body.refreshToken)),
    handle(r.logout, async ({ principal }) => (await session.logout(principal), ok)),
    handle(r.changePassword, async ({ principal, body }) => {
      await session.changePassword(principal, body.oldPassword, body.newPassword);
      return ok;
    }),
    handle(r.confirmPassword, ({ principal, body }) =>
      session.confirmPassword(principal, body.password, body.purpose),
    ),
    handle(r.forgetPassword, async ({ body }) => (await session.forgetPassword(body.email, mailer), ok)),
    handle(r.subscriptionData, ({ ctx }) => tenants.subscriptionData(ctx)),
    handle(r.getPreferences, ({ principal }) => preferences.get(principal)),
    handle(r.savePreferences, ({ principal, body }) => preferences.save(principal, body)),
    handle(r.startUp, ({ ctx }) => company.startUp(ctx)),
    handle(r.fiscalYears, ({ principal }) => years.list(principal)),
    handle(r.listFavorites, ({ ctx }) => support.favorites(ctx)),
    handle(r.addFavorite, ({ ctx, body }) => support.addFavorite(ctx, body)),
    handle(r.removeFavorite, async ({ ctx, params }) => (await support.removeFavorite(ctx, params.id), ok)),
    handle(r.createTicket, ({ ctx, body }) => support.createTicket(ctx, body)),
    handle(r.listTickets, ({ ctx, query }) => support.tickets(ctx, query)),
    handle(r.listUsers, ({ ctx, query }) => users.list(ctx, query)),
    handle(r.getUser, ({ ctx, params }) => users.get(ctx, params.id)),
    handle(r.createUser, ({ ctx, body }) => users.create(ctx, body)),
    handle(r.updateUser, ({ ctx, params, body }) => users.update(ctx, params.id, body)),
    handle(r.deleteUser, async ({ ctx, params }) => (await users.remove(ctx, params.id), ok)),
    handle(r.listBranches, ({ ctx, query }) => branches.list(ctx, query)),
    handle(r.getBranch, ({ ctx, params }) => branches.get(ctx, params.id)),
    handle(r.createBranch, ({ ctx, body }) => branches.create(ctx, body)),
    handle(r.updateBranch, ({ ctx, params, body }) => branches.update(ctx, params.id, body)),
    handle(r.deleteBranch, async ({ ctx, params }) => (await branches.remove(ctx, params.id), ok)),
    handle(r.getCompany, ({ ctx }) => company.get(ctx)),
    handle(r.updateCompany, ({ ctx, body }) => company.update(ctx, body)),
    handle(r.updatePrintTemplates, ({ ctx, body }) => company.updatePrintTemplates(ctx, body)),
    handle(r.updatePosConfiguration, ({ ctx, body }) => company.updatePosConfiguration(ctx, body)),
    handle(r.auditChanges, ({ ctx, query }) => audit.changes(ctx, query)),
    handle(r.auditLogs, ({ ctx, query }) => audit.list(ctx, query)),
    handle(r.provisionTenant, ({ body }) => tenants.provision(body)),
    handle(r.changeSubscription, ({ params, body }) => tenants.changeSubscription(params.id, body)),
  ];
}
