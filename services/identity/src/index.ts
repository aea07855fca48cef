import type { ServiceModule } from '@erp/service-kit';
import { republishIdentity } from './application/republish.use-case';
import { tenantUseCases } from './application/tenants.use-case';
import { auditConsumer } from './consumers/audit.consumer';
import { branchTransactionsConsumer } from './consumers/branch-transactions.consumer';
import { identityHttpRoutes } from './http/identity.routes';
import { identityMigrations } from './migrations';

export { subscriptionIsActive } from './application/session.use-case';

/** identity: tenants, users, permissions, company, branches, fiscal years, favorites, tickets, audit log. */
export const identityModule: ServiceModule = {
  name: 'identity',
  migrations: identityMigrations,
  routes: identityHttpRoutes,
  consumers: () => ({ ...auditConsumer, ...branchTransactionsConsumer }),
  seed: (deps) => tenantUseCases(deps).seedDemo(),
  republish: () => republishIdentity,
};
