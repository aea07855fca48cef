import { accountsRoutes, type FiscalYearState } from '@erp/contracts';
import {
  fiscalYearList,
  handle,
  mayUseBranch,
  nowIso,
  originOf,
  requireBranch,
  requirePrincipal,
  tenantScope,
  type BoundRoute,
  type RequestContext,
  type ServiceDeps,
  type Trx,
  AppError,
} from '@erp/service-kit';
import { listSeparations, separateBalances, undoSeparation } from './balance-separation';
import { announcePeriods, raisePeriodsVersion } from './periods-event';
import { closeFiscalYear, reopenFiscalYear } from './year-close';

/** Fiscal-year closes and branch lock dates (issue 13, deliverable 5); the rules live in year-close.ts. */
export function fiscalRouteHandlers(deps: ServiceDeps): BoundRoute[] {
  /** A change of the closed periods, announced to the other services in its transaction (periods-event.ts). */
  const changePeriods = <T>(ctx: RequestContext, work: (trx: Trx) => Promise<T>) =>
    deps.transact(async (trx) => {
      const version = await raisePeriodsVersion(trx, requirePrincipal(ctx).tenantId);
      const result = await work(trx);
      await announcePeriods(trx, originOf(ctx), version);
      return result;
    });
  return [
    handle(accountsRoutes.listFiscalYearCloses, async ({ ctx }) => {
      const s = tenantScope(deps.db, requirePrincipal(ctx).tenantId);
      const closes = (await s('fiscal_year_closes').select(
        'year',
        'status',
        'closed_at',
        'retained_account_id',
      )) as { year: number; status: string; closed_at: string; retained_account_id: string }[];
      const byYear = new Map(closes.map((c) => [Number(c.year), c]));
      return (await fiscalYearList(s)).map((y): FiscalYearState => {
        const c = byYear.get(y.year);
        const closed = c?.status === 'closed';
        return {
          ...y,
          status: closed ? 'closed' : 'open',
          closedAt: closed ? String(c!.closed_at) : null,
          retainedEarningsAccountId: closed ? String(c!.retained_account_id) : null,
        };
      });
    }),
    handle(accountsRoutes.closeFiscalYear, async ({ ctx, body }) => {
      const p = requirePrincipal(ctx);
      return changePeriods(ctx, (trx) =>
        closeFiscalYear(trx, p.tenantId, body.year, {
          ...(body.retainedEarningsAccountId
            ? { retainedEarningsAccountId: body.retainedEarningsAccountId }
            : {}),
          userId: p.userId,
        }),
      );
    }),
    handle(accountsRoutes.reopenFiscalYear, async ({ ctx, params }) => {
      const p = requirePrincipal(ctx);
      return changePeriods(ctx, (trx) => reopenFiscalYear(trx, p.tenantId, params.year, p.userId));
    }),
    handle(accountsRoutes.listBalanceSeparations, ({ ctx }) =>
      listSeparations(deps.db, requirePrincipal(ctx).tenantId),
    ),
    handle(accountsRoutes.separatePreviousBalances, async ({ ctx, body }) => {
      const p = requirePrincipal(ctx);
      // the password re-entered for this action, by this user, in the last minutes (identity's confirmation)
      const proof = deps.tokens.verifyConfirmation(body.confirmation, 'separatePreviousBalances');
      if (typeof proof === 'string' || proof.userId !== p.userId || proof.tenantId !== p.tenantId)
        throw new AppError(403, 'confirmation.required');
      return deps.transact((trx) => separateBalances(trx, p.tenantId, body.date, p.userId));
    }),
    handle(accountsRoutes.undoBalanceSeparation, ({ ctx, params }) => {
      const p = requirePrincipal(ctx);
      return deps.transact((trx) => undoSeparation(trx, p.tenantId, params.id, p.userId));
    }),
    handle(accountsRoutes.listBranchLockDates, async ({ ctx }) => {
      const s = tenantScope(deps.db, requirePrincipal(ctx).tenantId);
      const rows = (await s('branch_lock_dates').select('branch_id', 'lock_date')) as {
        branch_id: string;
        lock_date: string;
      }[];
      return rows
        .filter((r) => mayUseBranch(ctx, r.branch_id))
        .map((r) => ({ branchId: r.branch_id, lockDate: String(r.lock_date) }));
    }),
    handle(accountsRoutes.setBranchLockDate, async ({ ctx, params, body }) => {
      const p = requirePrincipal(ctx);
      requireBranch(ctx, params.branchId);
      await changePeriods(ctx, async (trx) => {
        const s = tenantScope(trx, p.tenantId);
        await s('branch_lock_dates').where({ branch_id: params.branchId }).delete();
        if (body.lockDate)
          await s.insert('branch_lock_dates', {
            branch_id: params.branchId,
            lock_date: body.lockDate,
            updated_at: nowIso(),
            updated_by: p.userId,
          });
      });
      return { branchId: params.branchId, lockDate: body.lockDate };
    }),
  ];
}
