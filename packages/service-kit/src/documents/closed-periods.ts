import { events, type PayloadOf } from '@erp/contracts';
import type { Migration } from '../db/migrations';
import { tenantScope, type TenantScope } from '../db/tenant-scope';
import { AppError } from '../errors';
import type { EventHandler } from '../messaging/inbox';

/** The replica of accounts' closed periods: one row per tenant, the whole state of its newest event. */
const TABLE = 'replica_closed_periods';

/** Frozen: the closed-periods replica of every service on the document engine (accounts keeps the source). */
export const closedPeriodsMigration: Migration = {
  name: 'kit_0010_closed_periods',
  async up(knex) {
    await knex.schema.createTable('replica_closed_periods', (t) => {
      t.string('tenant_id', 36).notNullable().primary();
      t.integer('version').notNullable();
      // JSON arrays as the event carries them: [{year, startDate, endDate}] and [{branchId, lockDate}]
      t.text('closed_years').notNullable();
      t.text('lock_dates').notNullable();
      t.string('as_of', 30).notNullable();
    });
  },
};

type Periods = Omit<PayloadOf<'periodsChanged'>, 'version'>;

/** Keeps the event's state unless the replica holds a higher version (a redelivered or late older event). */
const periodsChanged: EventHandler = async (trx, envelope, payload) => {
  const p = payload as PayloadOf<'periodsChanged'>;
  const s = tenantScope(trx, envelope.tenantId);
  const current = await s(TABLE).first('version');
  if (current && Number(current.version) > p.version) return;
  const row = {
    version: p.version,
    closed_years: JSON.stringify(p.closedYears),
    lock_dates: JSON.stringify(p.lockDates),
    as_of: envelope.occurredAt,
  };
  if (current) await s(TABLE).update(row);
  else await s.insert(TABLE, row);
};

/** Register in every service whose documents the engine keeps, with `closedPeriodsMigration`. */
export const closedPeriodHandlers: Readonly<Record<string, EventHandler>> = {
  [events.periodsChanged.type]: periodsChanged,
};

interface ClosedPeriodIssue {
  code: 'fiscalYear.closed' | 'journal.periodLocked';
  params: Record<string, string>;
}

async function periodsOf(s: TenantScope): Promise<Periods | null> {
  const row = await s(TABLE).first('closed_years', 'lock_dates');
  if (!row) return null;
  return {
    closedYears: JSON.parse(String(row.closed_years)) as Periods['closedYears'],
    lockDates: JSON.parse(String(row.lock_dates)) as Periods['lockDates'],
  };
}

function issueOf(periods: Periods, branchId: string, date: string): ClosedPeriodIssue | null {
  const year = periods.closedYears.find((y) => y.startDate <= date && date <= y.endDate);
  if (year) return { code: 'fiscalYear.closed', params: { year: String(year.year) } };
  const lock = periods.lockDates.find((l) => l.branchId === branchId);
  if (lock && date <= lock.lockDate) return { code: 'journal.periodLocked', params: { date: lock.lockDate } };
  return null;
}

/**
 * Refuses (409, nothing written) a write of a branch's document touching any of `dates`, by the replica: a date
 * in a closed fiscal year, or on or before the branch's lock date (accounts' journal rule, issue 13 deliverable
 * 5). A change checks the old date and the new one, so a document neither leaves nor enters a closed period.
 */
export async function refuseClosedPeriodDates(
  s: TenantScope,
  branchId: string,
  dates: readonly string[],
): Promise<void> {
  const periods = await periodsOf(s);
  if (!periods) return;
  for (const date of dates) {
    const issue = issueOf(periods, branchId, date);
    if (issue) throw new AppError(409, issue.code, issue.params, [{ field: 'date', code: issue.code }]);
  }
}
