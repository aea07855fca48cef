import { missingAccountLinks, type Branch, type BranchInput } from '@erp/contracts';
import {
  AppError,
  conflict,
  emit,
  newId,
  notFound,
  originOf,
  recordAudit,
  type RequestContext,
  type ServiceDeps,
  type TenantScope,
} from '@erp/service-kit';
import { branchesRepository } from '../persistence/branches.repository';
import { tenantsRepository } from '../persistence/tenants.repository';
import { usersRepository } from '../persistence/users.repository';
import { branchEventPayload } from './events';
import { requireTenant } from './scope';

export function branchUseCases(deps: ServiceDeps) {
  return {
    async list(ctx: RequestContext, q: { page: number; pageSize: number; search?: string | undefined }) {
      return branchesRepository.list(requireTenant(deps.db, ctx), q);
    },

    async get(ctx: RequestContext, id: string): Promise<Branch> {
      const branch = await branchesRepository.find(requireTenant(deps.db, ctx), id);
      if (!branch) throw notFound();
      return branch;
    },

    async create(ctx: RequestContext, input: BranchInput): Promise<Branch> {
      return deps.transact(async (trx) => {
        const s = requireTenant(trx, ctx);
        refuseAutomaticPostingWithoutLinks(input);
        if (await branchesRepository.codeTaken(s, input.code)) {
          throw conflict('codeAlreadyUsed', [{ field: 'code', code: 'codeAlreadyUsed' }]);
        }
        const id = newId();
        await branchesRepository.insert(s, id, false, input);
        const branch = (await branchesRepository.find(s, id))!;
        await emit(trx, originOf(ctx), 'branchCreated', id, branchEventPayload(branch));
        await recordAudit(trx, ctx, 'identity', 'branch', id, null, branch);
        return branch;
      });
    },

    /** The master branch is read-only (spec section 4). Saving the default branch ends the start-up. */
    async update(ctx: RequestContext, id: string, input: BranchInput): Promise<Branch> {
      return deps.transact(async (trx) => {
        const s = requireTenant(trx, ctx);
        const before = await branchesRepository.find(s, id);
        if (!before) throw notFound();
        if (before.isMaster) throw conflict('masterBranchReadOnly');
        await refuseIrreversible(s, before, input);
        refuseAutomaticPostingWithoutLinks(input);
        if (await branchesRepository.codeTaken(s, input.code, id)) {
          throw conflict('codeAlreadyUsed', [{ field: 'code', code: 'codeAlreadyUsed' }]);
        }
        await branchesRepository.update(s, id, false, input);
        const after = (await branchesRepository.find(s, id))!;
        const tenant = await tenantsRepository.find(trx, s.tenantId);
        if (tenant?.isNew && tenant.defaultBranchId === id)
          await tenantsRepository.update(trx, s.tenantId, { isNew: false });
        await emit(trx, originOf(ctx), 'branchChanged', id, branchEventPayload(after));
        await recordAudit(trx, ctx, 'identity', 'branch', id, before, after);
        return after;
      });
    },

    async remove(ctx: RequestContext, id: string): Promise<void> {
      await deps.transact(async (trx) => {
        const s = requireTenant(trx, ctx);
        const before = await branchesRepository.find(s, id);
        if (!before) throw notFound();
        if (before.isMaster) throw conflict('masterBranchReadOnly');
        const tenant = await tenantsRepository.find(trx, s.tenantId);
        if (tenant?.defaultBranchId === id || (await usersRepository.usingBranch(s, id)))
          throw conflict('branchInUse');
        await branchesRepository.remove(s, id);
        await recordAudit(trx, ctx, 'identity', 'branch', id, before, null);
      });
    },
  };
}

/**
 * Spec section 4: enabling serial per year is irreversible, and policies cannot change once any transaction
 * exists in the branch (known from inventory's stock events).
 */
async function refuseIrreversible(s: TenantScope, before: Branch, input: BranchInput): Promise<void> {
  if (before.switches.serialPerYear && !input.switches.serialPerYear)
    throw conflict('serialPerYearIrreversible', [
      { field: 'switches.serialPerYear', code: 'serialPerYearIrreversible' },
    ]);
  const changed = (Object.keys(before.policies) as (keyof Branch['policies'])[]).filter(
    (k) => before.policies[k] !== input.policies[k],
  );
  if (changed.length === 0) return;
  if (await s('branch_transactions').where({ branch_id: before.id }).first('branch_id'))
    throw conflict(
      'policiesLocked',
      changed.map((k) => ({ field: `policies.${k}`, code: 'policiesLocked' })),
    );
}

/**
 * Spec section 4: automatic posting cannot be enabled unless the branch's accounts are linked (every link the
 * accounts service's posting rules debit or credit); a save that keeps it on while removing a link is refused too.
 */
function refuseAutomaticPostingWithoutLinks(input: BranchInput): void {
  if (!input.switches.automaticPosting) return;
  const missing = missingAccountLinks(input.accountLinks);
  if (missing.length === 0) return;
  throw new AppError(400, 'automaticPostingNeedsAccounts', {}, [
    { field: 'switches.automaticPosting', code: 'automaticPostingNeedsAccounts' },
    ...missing.map((name) => ({ field: `accountLinks.${name}`, code: 'validation.required' })),
  ]);
}
