import { userPreferencesSchema, type UserPreferences } from '@erp/contracts';
import { tenantScope, type Principal, type ServiceDeps } from '@erp/service-kit';
import { usersRepository } from '../persistence/users.repository';

/** The theme customizer's and language choices, remembered per user (issue 3, layout and themes). */
export function preferenceUseCases(deps: ServiceDeps) {
  return {
    async get(principal: Principal): Promise<UserPreferences> {
      const stored = await usersRepository.preferences(
        tenantScope(deps.db, principal.tenantId),
        principal.userId,
      );
      const parsed = userPreferencesSchema.safeParse(stored);
      return parsed.success ? parsed.data : userPreferencesSchema.parse({});
    },
    async save(principal: Principal, preferences: UserPreferences): Promise<UserPreferences> {
      await deps.transact((trx) =>
        usersRepository.savePreferences(tenantScope(trx, principal.tenantId), principal.userId, preferences),
      );
      return preferences;
    },
  };
}
