import type { userCreateInput, userUpdateInput, User } from '@erp/contracts';
import {
  AppError,
  conflict,
  requirePrincipal,
  emit,
  newId,
  notFound,
  originOf,
  recordAudit,
  type RequestContext,
  type ServiceDeps,
  type TenantScope,
} from '@erp/service-kit';
import type { z } from 'zod';
import { branchesRepository } from '../persistence/branches.repository';
import { refreshTokensRepository } from '../persistence/refresh-tokens.repository';
import {
  publicUser,
  usersRepository,
  type UserFields,
  type UserRecord,
} from '../persistence/users.repository';
import { hashPassword } from './passwords';
import { requireTenant } from './scope';
import { checkGrants } from './user-grants';

type CreateInput = z.infer<typeof userCreateInput>;
type UpdateInput = z.infer<typeof userUpdateInput>;

function fieldsOf(input: CreateInput | UpdateInput): UserFields {
  const { password: _p, confirmPassword: _c, ...fields } = input;
  return fields;
}

export function userEventPayload(u: UserRecord) {
  return {
    id: u.id,
    userName: u.userName,
    fullName: u.fullName,
    isAdmin: u.isAdmin,
    active: u.active,
    branches: u.branches,
    maxAllowedDiscount: u.maxAllowedDiscount,
    canExceedOriginalQuantity: u.canExceedOriginalQuantity,
    canRaisePriceAboveSalesPrice: u.canRaisePriceAboveSalesPrice,
    canSaveInvoiceWithRemainder: u.canSaveInvoiceWithRemainder,
    tokenVersion: u.tokenVersion,
  };
}

/** A change that must end the user's current access tokens at once (issue 9 item 4). */
function endsSessions(before: UserRecord, next: UserFields, setsPassword: boolean): boolean {
  const same = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && [...a].sort().join() === [...b].sort().join();
  return (
    setsPassword ||
    before.isAdmin !== next.isAdmin ||
    before.active !== next.active ||
    !same(before.permissions, next.permissions) ||
    !same(before.branches, next.branches)
  );
}

/** The caller's own record, for the rights that are not in the token. */
async function actorOf(s: TenantScope, ctx: RequestContext): Promise<UserRecord | null> {
  const p = ctx.principal;
  return p && !p.isAdmin ? usersRepository.find(s, p.userId) : null;
}

async function checkUnique(
  deps: ServiceDeps,
  s: TenantScope,
  f: UserFields,
  exceptId?: string,
): Promise<void> {
  if (await usersRepository.userNameTaken(s.db, f.userName, exceptId)) {
    throw conflict('userNameAlreadyUsed', [{ field: 'userName', code: 'userNameAlreadyUsed' }]);
  }
  if (await usersRepository.phoneTaken(s, f.phone, exceptId)) {
    throw conflict('mobileAlreadyUsed', [{ field: 'phone', code: 'mobileAlreadyUsed' }]);
  }
  const known = await branchesRepository.existing(s, f.branches);
  if (known.length !== new Set(f.branches).size) {
    throw conflict('unknownBranch', [{ field: 'branches', code: 'unknownBranch' }]);
  }
}

export function userUseCases(deps: ServiceDeps) {
  return {
    async list(ctx: RequestContext, q: { page: number; pageSize: number; search?: string | undefined }) {
      const page = await usersRepository.list(requireTenant(deps.db, ctx), q);
      return { ...page, items: page.items.map(publicUser) };
    },

    async get(ctx: RequestContext, id: string): Promise<User> {
      const user = await usersRepository.find(requireTenant(deps.db, ctx), id);
      if (!user) throw notFound();
      return publicUser(user);
    },

    async create(ctx: RequestContext, input: CreateInput): Promise<User> {
      const fields = fieldsOf(input);
      const hash = await hashPassword(input.password);
      return deps.transact(async (trx) => {
        const s = requireTenant(trx, ctx);
        checkGrants(requirePrincipal(ctx), await actorOf(s, ctx), null, fields, true);
        await checkUnique(deps, s, fields);
        const id = newId();
        await usersRepository.insert(s, id, fields, hash);
        const record = (await usersRepository.find(s, id))!;
        const user = publicUser(record);
        await emit(trx, originOf(ctx), 'userCreated', id, userEventPayload(record));
        await recordAudit(trx, ctx, 'identity', 'user', id, null, user);
        return user;
      });
    },

    async update(ctx: RequestContext, id: string, input: UpdateInput): Promise<User> {
      const fields = fieldsOf(input);
      const hash = input.password ? await hashPassword(input.password) : undefined;
      return deps.transact(async (trx) => {
        const s = requireTenant(trx, ctx);
        const before = await usersRepository.find(s, id);
        if (!before) throw notFound();
        checkGrants(requirePrincipal(ctx), await actorOf(s, ctx), before, fields, hash !== undefined);
        await checkUnique(deps, s, fields, id);
        const losesAdmin = before.isAdmin && before.active && (!fields.isAdmin || !fields.active);
        if (losesAdmin && (await usersRepository.activeAdminCount(s)) <= 1)
          throw conflict('cannotRemoveLastAdmin');
        await usersRepository.update(s, id, fields, hash);
        if (hash || !fields.active) await refreshTokensRepository.revokeAllOf(s, id);
        if (endsSessions(before, fields, hash !== undefined)) await usersRepository.bumpTokenVersion(s, id);
        const record = (await usersRepository.find(s, id))!;
        const after = publicUser(record);
        await emit(trx, originOf(ctx), 'userChanged', id, userEventPayload(record));
        // a password set here is recorded (never its hash) so the trail shows who changed whose password
        const audited = hash ? { ...after, credentialsChanged: true } : after;
        await recordAudit(trx, ctx, 'identity', 'user', id, publicUser(before), audited);
        return after;
      });
    },

    async remove(ctx: RequestContext, id: string): Promise<void> {
      await deps.transact(async (trx) => {
        const s = requireTenant(trx, ctx);
        const before = await usersRepository.find(s, id);
        if (!before) throw notFound();
        if (id === ctx.principal?.userId) throw conflict('cannotDeleteYourself');
        if (before.isAdmin && !requirePrincipal(ctx).isAdmin) throw new AppError(403, 'onlyAdminGrantsAdmin');
        if (before.isAdmin && before.active && (await usersRepository.activeAdminCount(s)) <= 1) {
          throw conflict('cannotRemoveLastAdmin');
        }
        await refreshTokensRepository.revokeAllOf(s, id);
        await usersRepository.remove(s, id);
        await emit(trx, originOf(ctx), 'userDeleted', id, { id });
        await recordAudit(trx, ctx, 'identity', 'user', id, publicUser(before), null);
      });
    },
  };
}
