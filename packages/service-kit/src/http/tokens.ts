import { createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';

/** Who is calling, from a verified access token. Services trust only this, never ids in the body. */
export interface Principal {
  userId: string;
  tenantId: string;
  userName: string;
  isAdmin: boolean;
  permissions: ReadonlySet<string>;
  branches: readonly string[];
  /** Subscription end (YYYY-MM-DD) and active flag at issuance; the gateway's replica overrides them. */
  subscriptionEnd: string;
  subscriptionActive: boolean;
  /**
   * The user's token version at issuance. Identity raises it whenever a token must stop working at once
   * (deleted, suspended, permissions or branches changed, password set, logged out); the gateway refuses a token
   * older than its replica's version. 0 in tokens issued before versions existed.
   */
  tokenVersion: number;
}

interface Claims {
  sub: string;
  tid: string;
  un: string;
  adm: boolean;
  perms: string[];
  br: string[];
  se: string;
  sa: boolean;
  tv?: number;
}

/** Who re-entered their password, for what (a confirmation token's content). */
export interface Confirmation {
  userId: string;
  tenantId: string;
  purpose: string;
}

export interface TokenService {
  sign(principal: Principal): { token: string; expiresIn: number };
  verify(token: string): Principal | 'expired' | 'invalid';
  /**
   * A short-lived proof that the user re-entered their password for one purpose (separating previous balances):
   * identity signs it after checking the password, the service that acts verifies it. It is never an access
   * token (its audience is the purpose, and `verify` refuses any token with an audience).
   */
  signConfirmation(confirmation: Confirmation, ttlSeconds?: number): { token: string; expiresIn: number };
  verifyConfirmation(token: string, purpose: string): Confirmation | 'expired' | 'invalid';
}

const CONFIRMATION_AUDIENCE = 'confirm:';

/** HS256 access tokens shared by the gateway and every service (the secret comes from configuration). */
export function createTokenService(secret: string, ttlSeconds = 900): TokenService {
  if (secret.length < 32) throw new Error('ERP_JWT_SECRET must have at least 32 characters');
  // a key object made once: given a string, jsonwebtoken first tries it as a PEM public key on every call
  // (a thrown parse error each time, most of a lookup's CPU)
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  return {
    sign(p) {
      const claims: Claims = {
        sub: p.userId,
        tid: p.tenantId,
        un: p.userName,
        adm: p.isAdmin,
        perms: [...p.permissions],
        br: [...p.branches],
        se: p.subscriptionEnd,
        sa: p.subscriptionActive,
        tv: p.tokenVersion,
      };
      return {
        token: jwt.sign(claims, key, { algorithm: 'HS256', expiresIn: ttlSeconds }),
        expiresIn: ttlSeconds,
      };
    },
    verify(token) {
      try {
        const c = jwt.verify(token, key, { algorithms: ['HS256'] }) as unknown as Claims & { aud?: unknown };
        if (c.aud !== undefined) return 'invalid';
        return {
          userId: c.sub,
          tenantId: c.tid,
          userName: c.un,
          isAdmin: c.adm,
          permissions: new Set(c.perms),
          branches: c.br,
          subscriptionEnd: c.se,
          subscriptionActive: c.sa,
          tokenVersion: typeof c.tv === 'number' ? c.tv : 0,
        };
      } catch (error) {
        return (error as Error).name === 'TokenExpiredError' ? 'expired' : 'invalid';
      }
    },
    signConfirmation(c, ttl = 300) {
      const claims = { sub: c.userId, tid: c.tenantId };
      return {
        token: jwt.sign(claims, key, {
          algorithm: 'HS256',
          expiresIn: ttl,
          audience: `${CONFIRMATION_AUDIENCE}${c.purpose}`,
        }),
        expiresIn: ttl,
      };
    },
    verifyConfirmation(token, purpose) {
      try {
        const c = jwt.verify(token, key, {
          algorithms: ['HS256'],
          audience: `${CONFIRMATION_AUDIENCE}${purpose}`,
        }) as { sub: string; tid: string };
        return { userId: c.sub, tenantId: c.tid, purpose };
      } catch (error) {
        return (error as Error).name === 'TokenExpiredError' ? 'expired' : 'invalid';
      }
    },
  };
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return match?.[1]?.trim() || null;
}
