import { emit, newId, tenantScope, type Executor } from '@erp/service-kit';
import { refreshTokensRepository } from '../persistence/refresh-tokens.repository';
import { usersRepository } from '../persistence/users.repository';

/**
 * Ends every session of a user at once (issue 9 item 4): refresh tokens revoked, the token version raised so the
 * gateway refuses the access tokens already handed out, and the new version announced to its replica.
 */
export async function revokeSessions(
  trx: Executor,
  tenantId: string,
  userId: string,
  correlationId: string = newId(),
): Promise<void> {
  const s = tenantScope(trx, tenantId);
  await refreshTokensRepository.revokeAllOf(s, userId);
  const tokenVersion = await usersRepository.bumpTokenVersion(s, userId);
  await emit(trx, { tenantId, branchId: null, correlationId }, 'userSessionsRevoked', userId, {
    id: userId,
    tokenVersion,
  });
}
