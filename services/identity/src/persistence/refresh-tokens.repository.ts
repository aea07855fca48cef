import { newId, nowIso, type Executor, type TenantScope } from '@erp/service-kit';

export const refreshTokensRepository = {
  async insert(s: TenantScope, userId: string, hash: string, ttlSeconds: number): Promise<void> {
    await s.insert('refresh_tokens', {
      id: newId(),
      user_id: userId,
      token_hash: hash,
      expires_at: new Date(Date.now() + ttlSeconds * 1000).toISOString(),
      created_at: nowIso(),
    });
  },
  /** Looked up by its hash before the tenant is known: the hash itself is the secret. */
  async findActive(
    db: Executor,
    hash: string,
  ): Promise<{ id: string; tenantId: string; userId: string } | null> {
    const row = await db('refresh_tokens').where({ token_hash: hash }).whereNull('revoked_at').first();
    if (!row || String(row.expires_at) < nowIso()) return null;
    return { id: String(row.id), tenantId: String(row.tenant_id), userId: String(row.user_id) };
  },
  /** Revokes one token; false when another request revoked it first (a replayed refresh token). */
  async revoke(s: TenantScope, id: string): Promise<boolean> {
    const n = await s('refresh_tokens')
      .where({ id })
      .whereNull('revoked_at')
      .update({ revoked_at: nowIso() });
    return n === 1;
  },
  async revokeAllOf(s: TenantScope, userId: string): Promise<void> {
    await s('refresh_tokens')
      .where({ user_id: userId })
      .whereNull('revoked_at')
      .update({ revoked_at: nowIso() });
  },
};
