import type { PeriodsChangedPayload } from '@erp/contracts';
import {
  emit,
  nowIso,
  tenantScope,
  type EventOrigin,
  type Executor,
  type Republisher,
} from '@erp/service-kit';

/**
 * Raises the tenant's closed-periods version; call it first in the transaction of a change. Its row lock
 * serialises changes on MySQL, and the state read after it (a fresh snapshot) includes every earlier change, so
 * a higher version always carries a newer state.
 */
export async function raisePeriodsVersion(trx: Executor, tenantId: string): Promise<number> {
  const s = tenantScope(trx, tenantId);
  const raised = await s('fiscal_periods_versions').update({
    version: trx.raw('version + 1'),
    updated_at: nowIso(),
  });
  if (!raised) await s.insert('fiscal_periods_versions', { version: 1, updated_at: nowIso() });
  const row = await s('fiscal_periods_versions').first('version');
  return Number(row!.version);
}

/** The tenant's closed years (with their dates) and lock dates, as the event carries them. */
async function periodsState(
  trx: Executor,
  tenantId: string,
): Promise<Omit<PeriodsChangedPayload, 'version'>> {
  const s = tenantScope(trx, tenantId);
  const years = (await s('fiscal_year_closes')
    .where({ status: 'closed' })
    .orderBy('year')
    .select('year', 'start_date', 'end_date')) as { year: number; start_date: string; end_date: string }[];
  const locks = (await s('branch_lock_dates').orderBy('branch_id').select('branch_id', 'lock_date')) as {
    branch_id: string;
    lock_date: string;
  }[];
  return {
    closedYears: years.map((y) => ({
      year: Number(y.year),
      startDate: String(y.start_date),
      endDate: String(y.end_date),
    })),
    lockDates: locks.map((l) => ({ branchId: l.branch_id, lockDate: String(l.lock_date) })),
  };
}

/** Emits the tenant's closed periods at `version` through the outbox, in the change's transaction. */
export async function announcePeriods(trx: Executor, origin: EventOrigin, version: number): Promise<void> {
  const state = await periodsState(trx, origin.tenantId);
  await emit(trx, origin, 'periodsChanged', origin.tenantId, { version, ...state });
}

/**
 * 'Rebuild the copies': the closed periods again, as a new version (a tenant closed before the event existed
 * reaches the other services this way).
 */
export const republishPeriods: Republisher = async (trx, origin) => {
  await announcePeriods(trx, origin, await raisePeriodsVersion(trx, origin.tenantId));
  return 1;
};
