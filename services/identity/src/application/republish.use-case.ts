import { emit, tenantScope, type Republisher } from '@erp/service-kit';
import { branchesRepository } from '../persistence/branches.repository';
import { companyRepository } from '../persistence/company.repository';
import { tenantsRepository } from '../persistence/tenants.repository';
import { toUser } from '../persistence/users.repository';
import { branchEventPayload, companyEventPayload } from './events';
import { emitTenant } from './tenants.use-case';
import { userEventPayload } from './users.use-case';

/**
 * Identity's replicated data as it is now (branches, users, the company in every master-data service; the tenant's
 * subscription in the gateway), published again as 'changed' events: the rebuild of those replicas.
 */
export const republishIdentity: Republisher = async (trx, origin) => {
  const s = tenantScope(trx, origin.tenantId);
  let events = 0;
  for (const branch of await branchesRepository.all(s)) {
    await emit(trx, origin, 'branchChanged', branch.id, branchEventPayload(branch));
    events += 1;
  }
  for (const row of await s('users').orderBy('user_name')) {
    const user = toUser(row);
    await emit(trx, origin, 'userChanged', user.id, userEventPayload(user));
    events += 1;
  }
  const company = await companyRepository.get(s);
  if (company) {
    await emit(
      trx,
      origin,
      'companyChanged',
      origin.tenantId,
      companyEventPayload(company, company.posConfiguration),
    );
    events += 1;
  }
  const tenant = await tenantsRepository.find(trx, origin.tenantId);
  if (tenant) {
    await emitTenant(trx, tenant);
    events += 1;
  }
  return events;
};
