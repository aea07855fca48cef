import { passwordProblems, type ConfirmationPurpose, type LoginProfile } from '@erp/contracts';
import {
  AppError,
  badRequest,
  tenantScope,
  unauthorized,
  type Executor,
  type Principal,
  type ServiceDeps,
} from '@erp/service-kit';
import { refreshTokensRepository } from '../persistence/refresh-tokens.repository';
import { tenantsRepository, type Tenant } from '../persistence/tenants.repository';
import { usersRepository, type UserRecord } from '../persistence/users.repository';
import type { Mailer } from './mailer';
import { revokeSessions } from './revoke-sessions';
import { AttemptLimiter } from './attempt-limiter';
import {
  dummyHash,
  generatePassword,
  hashPassword,
  newRefreshToken,
  sha256,
  verifyPassword,
} from './passwords';

const REFRESH_TTL_SECONDS = 7 * 24 * 3600;
/** How long a mailed one-time password works. */
const RESET_CODE_MINUTES = 60;

export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

export function subscriptionIsActive(
  t: Pick<Tenant, 'active' | 'subscriptionStart' | 'subscriptionEnd'>,
): boolean {
  const d = today();
  return t.active && t.subscriptionStart <= d && d <= t.subscriptionEnd;
}

function principalOf(user: UserRecord, tenant: Tenant): Principal {
  return {
    userId: user.id,
    tenantId: tenant.id,
    userName: user.userName,
    isAdmin: user.isAdmin,
    permissions: new Set(user.permissions),
    branches: user.branches,
    subscriptionEnd: tenant.subscriptionEnd,
    subscriptionActive: tenant.active,
    tokenVersion: user.tokenVersion,
  };
}

async function issueProfile(
  deps: ServiceDeps,
  trx: Executor,
  user: UserRecord,
  tenant: Tenant,
  familyId?: string,
): Promise<LoginProfile> {
  const { token, expiresIn } = deps.tokens.sign(principalOf(user, tenant));
  const refresh = newRefreshToken();
  await refreshTokensRepository.insert(
    tenantScope(trx, tenant.id),
    user.id,
    refresh.hash,
    REFRESH_TTL_SECONDS,
    familyId,
  );
  return {
    token,
    refreshToken: refresh.token,
    expiresIn,
    userId: user.id,
    userName: user.userName,
    fullName: user.fullName,
    phone: user.phone,
    email: user.email,
    isAdmin: user.isAdmin,
    permissions: user.permissions,
    branches: user.branches,
    isNewTenant: tenant.isNew,
    isInvoicePlan: tenant.isInvoicePlan,
    defaultBranchId: tenant.defaultBranchId,
  };
}

export function sessionUseCases(deps: ServiceDeps) {
  // failed sign-ins per user name, and reset mails per address (issue 9 item 1)
  const failures = new AttemptLimiter(Number(deps.env.ERP_LOGIN_USER_LIMIT ?? 10), 60_000);
  const resets = new AttemptLimiter(Number(deps.env.ERP_RESET_MAIL_LIMIT ?? 5), 15 * 60_000);
  async function signIn(userName: string, password: string): Promise<LoginProfile> {
    const user = await usersRepository.findByUserName(deps.db, userName);
    const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
    const pending =
      user && !ok
        ? await usersRepository.pendingPassword(tenantScope(deps.db, user.tenantId), user.id)
        : null;
    const byMail =
      pending !== null &&
      pending.expiresAt > new Date().toISOString() &&
      (await verifyPassword(password, pending.hash));
    if (!user || (!ok && !byMail)) throw unauthorized('wrongUserNameOrPassword');
    if (!user.active) throw unauthorized('userInactive');
    const tenant = await tenantsRepository.find(deps.db, user.tenantId);
    if (!tenant) throw unauthorized('wrongUserNameOrPassword');
    return deps.transact(async (trx) => {
      if (byMail) {
        // a password reset: the sessions opened with the old password end
        await usersRepository.promotePendingPassword(tenantScope(trx, tenant.id), user.id);
        await revokeSessions(trx, tenant.id, user.id);
      }
      const current = (await usersRepository.find(tenantScope(trx, tenant.id), user.id)) ?? user;
      return issueProfile(deps, trx, current, tenant);
    });
  }

  return {
    /**
     * POST /api/Users/auth. Wrong name and wrong password answer the same, in the same time. After too many
     * failures for one user name, every attempt for it is refused for a minute, before any hashing.
     */
    async login(userName: string, password: string): Promise<LoginProfile> {
      failures.check(userName);
      try {
        return await signIn(userName, password);
      } catch (error) {
        if (error instanceof AppError && error.status === 401) failures.record(userName);
        throw error;
      }
    },

    /**
     * POST /api/Users/forget-password: a one-time sign-in code is mailed to every active user with this email
     * (spec section 8: 'mail with new password sent'). Only its hash is stored; it works once, for
     * RESET_CODE_MINUTES, and the old password keeps working until it is used (a stranger cannot lock a user out).
     * Using it ends the user's other sessions. The answer is the same whether or not the email is known.
     */
    async forgetPassword(email: string, mailer: Mailer): Promise<void> {
      resets.check(email);
      resets.record(email);
      const users = await usersRepository.findByEmail(deps.db, email);
      for (const user of users) {
        const code = generatePassword();
        const hash = await hashPassword(code);
        await deps.transact(async (trx) => {
          const expires = new Date(Date.now() + RESET_CODE_MINUTES * 60 * 1000).toISOString();
          await usersRepository.setPendingPassword(tenantScope(trx, user.tenantId), user.id, hash, expires);
          await mailer.enqueue(trx, {
            tenantId: user.tenantId,
            to: user.email,
            secretUntil: expires,
            subject: 'كلمة مرور جديدة / New password',
            body: [
              `اسم المستخدم: ${user.userName}`,
              `كلمة المرور المؤقتة: ${code}`,
              `تعمل مرة واحدة خلال ${RESET_CODE_MINUTES} دقيقة، وتبقى كلمة المرور القديمة صالحة حتى تستخدمها.`,
              '',
              `User name: ${user.userName}`,
              `One-time password: ${code}`,
              `It works once within ${RESET_CODE_MINUTES} minutes; your old password keeps working until you use it.`,
            ].join('\n'),
          });
        });
      }
      await mailer.deliver();
    },

    /**
     * POST /api/Users/refresh: one use per refresh token. A token presented again after its use is a stolen copy
     * or a replay: the whole family it belongs to is revoked with the user's access tokens (issue 9 item 4), and
     * the answer is 'expiredToken' either way.
     */
    async refresh(refreshToken: string): Promise<LoginProfile> {
      const reused = await deps.transact(async (trx) => {
        const found = await refreshTokensRepository.findByHash(trx, sha256(refreshToken));
        if (!found || found.expired) return null;
        const s = tenantScope(trx, found.tenantId);
        if (found.revoked || !(await refreshTokensRepository.revoke(s, found.id))) return found;
        const user = await usersRepository.find(s, found.userId);
        const tenant = await tenantsRepository.find(trx, found.tenantId);
        if (!user || !user.active || !tenant) return null;
        return issueProfile(deps, trx, user, tenant, found.familyId);
      });
      if (reused && 'token' in reused) return reused;
      if (reused) {
        await deps.transact(async (trx) => {
          await refreshTokensRepository.revokeFamily(tenantScope(trx, reused.tenantId), reused.familyId);
          await revokeSessions(trx, reused.tenantId, reused.userId);
        });
      }
      throw new AppError(401, 'expiredToken');
    },

    /** Ends the user's sessions everywhere: refresh tokens and the access tokens already issued. */
    async logout(principal: Principal): Promise<void> {
      await deps.transact((trx) => revokeSessions(trx, principal.tenantId, principal.userId));
    },

    /**
     * POST /api/Users/confirm-password: the caller's password once more, before an action the spec guards with
     * it. A wrong one is the spec's 'wrong password' on the field (the same per-user limit as signing in).
     */
    async confirmPassword(principal: Principal, password: string, purpose: ConfirmationPurpose) {
      failures.check(principal.userName);
      const user = await usersRepository.find(tenantScope(deps.db, principal.tenantId), principal.userId);
      if (!user) throw unauthorized();
      if (!(await verifyPassword(password, user.passwordHash))) {
        failures.record(principal.userName);
        throw badRequest('validationFailed', [{ field: 'password', code: 'confirmation.passwordWrong' }]);
      }
      const { token, expiresIn } = deps.tokens.signConfirmation({
        userId: principal.userId,
        tenantId: principal.tenantId,
        purpose,
      });
      return { confirmation: token, expiresIn };
    },

    async changePassword(principal: Principal, oldPassword: string, newPassword: string): Promise<void> {
      const s = tenantScope(deps.db, principal.tenantId);
      const user = await usersRepository.find(s, principal.userId);
      if (!user) throw unauthorized();
      if (!(await verifyPassword(oldPassword, user.passwordHash))) {
        throw badRequest('validationFailed', [{ field: 'oldPassword', code: 'oldPasswordWrong' }]);
      }
      const problems = passwordProblems(newPassword, user.userName);
      if (problems.length)
        throw badRequest(
          'validationFailed',
          problems.map((code) => ({ field: 'newPassword', code })),
        );
      const hash = await hashPassword(newPassword);
      await deps.transact(async (trx) => {
        await usersRepository.setPassword(tenantScope(trx, principal.tenantId), user.id, hash);
        await revokeSessions(trx, principal.tenantId, user.id);
      });
    },
  };
}
