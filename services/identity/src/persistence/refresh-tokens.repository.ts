import { newId, nowIso, type Executor, type TenantScope } from '@erp/service-kit';

export interface RefreshTokenRow {
  id: string;
  tenantId: string;
  userId: string;
  familyId: string;
  revoked: boolean;
  expired: boolean;
}

export const refreshTokensRepository = {
  /** A token of a family: a sign-in starts one, each refresh continues it (reuse detection, issue 9 item 4). */
  async insert(
    s: TenantScope,
    userId: string,
    hash: string,
    ttlSeconds: number,
    familyId: string = newId(),
  ): Promise<void> {
    await s.insert('refresh_tokens', {
      id: newId(),
      user_id: userId,
      token_hash: hash,
      family_id: familyId,
      expires_at: new Date(Date.now() + ttlSeconds * 1000).toISOString(),
      created_at: nowIso(),
    });
  },
  /** Looked up by its hash before the tenant is known: the hash itself is the secret. Revoked ones too. */
  async findByHash(db: Executor, hash: string): Promise<RefreshTokenRow | null> {
    const row = await db('refresh_tokens').where({ token_hash: hash }).first();
    if (!row) return null;
    return {
      id: String(row.id),
      tenantId: String(row.tenant_id),
      userId: String(row.user_id),
      // tokens from before families existed are each a family of their own
      familyId: String(row.family_id ?? row.id),
      revoked: row.revoked_at !== null && row.revoked_at !== undefined,
      expired: String(row.expires_at) < nowIso(),
    };
  },
  /** Revokes one token; false when another request revoked it first (a replayed refresh token). */
  async revoke(s: TenantScope, id: string): Promise<boolean> {
    const n = await s('refresh_tokens')
      .where({ id })
      .whereNull('revoked_at')
      .update({ revoked_at: nowIso() });
    return n === 1;
  },
  async revokeFamily(s: TenantScope, familyId: string): Promise<void> {
    await s('refresh_tokens')
      .where({ family_id: familyId })
      .whereNull('revoked_at')
      .update({ revoked_at: nowIso() });
  },
  async revokeAllOf(s: TenantScope, userId: string): Promise<void> {
    await s('refresh_tokens')
      .where({ user_id: userId })
      .whereNull('revoked_at')
      .update({ revoked_at: nowIso() });
  },
};
