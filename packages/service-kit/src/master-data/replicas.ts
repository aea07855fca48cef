import {
  defaultPosConfiguration,
  events,
  posConfigurationOf,
  scaleLabelConfigOf,
  type PayloadOf,
  type ScaleLabelConfig,
} from '@erp/contracts';
import { parseJson } from '../db/database';
import { tenantScope } from '../db/tenant-scope';
import type { EventHandler } from '../messaging/inbox';

/** Tables of the identity data every service with main data reads: branches and users, by event. */
export const replicaTables = {
  branches: 'replica_branches',
  users: 'replica_users',
  companies: 'replica_companies',
} as const;

/** Upserts a replica row unless a newer event already wrote it (events of one aggregate may be replayed). */
async function upsert(
  table: string,
  scope: ReturnType<typeof tenantScope>,
  id: string | null,
  asOf: string,
  row: Record<string, unknown>,
): Promise<void> {
  const key = id === null ? {} : { id };
  const current = await scope(table).where(key).first('as_of');
  if (current && String(current.as_of) > asOf) return;
  if (current)
    await scope(table)
      .where(key)
      .update({ ...row, as_of: asOf });
  else await scope.insert(table, { ...key, ...row, as_of: asOf });
}

const branch: EventHandler = async (trx, envelope, payload) => {
  const p = payload as PayloadOf<'branchCreated'>;
  await upsert(replicaTables.branches, tenantScope(trx, envelope.tenantId), p.id, envelope.occurredAt, {
    code: p.code,
    arabic_name: p.arabicName,
    english_name: p.englishName,
    is_master: p.isMaster,
    decimal_digits: p.decimalDigits,
    settings: JSON.stringify({
      policies: p.policies ?? null,
      switches: p.switches ?? null,
      maxAccountLevel: p.maxAccountLevel ?? null,
      accountLinks: p.accountLinks ?? null,
    }),
  });
};

const company: EventHandler = async (trx, envelope, payload) => {
  const p = payload as PayloadOf<'companyChanged'>;
  await upsert(replicaTables.companies, tenantScope(trx, envelope.tenantId), null, envelope.occurredAt, {
    fiscal_year_start: p.fiscalYearStart ?? null,
    fiscal_year_end: p.fiscalYearEnd ?? null,
    business_types: p.businessTypes ? JSON.stringify(p.businessTypes) : null,
    scale_prefix: (p.posConfiguration ?? defaultPosConfiguration).scalePrefix,
    scale_mode: (p.posConfiguration ?? defaultPosConfiguration).scaleMode,
  });
};

/** How the company's scales print their labels (/posConfigurations), as the last company event said. */
export async function companyScaleLabels(s: ReturnType<typeof tenantScope>): Promise<ScaleLabelConfig> {
  const row = await s(replicaTables.companies).first('scale_prefix', 'scale_mode');
  return scaleLabelConfigOf(
    posConfigurationOf({ scalePrefix: row?.scale_prefix, scaleMode: row?.scale_mode }),
  );
}

/** The business types the company has (a car showroom…), as the last company event said. */
export async function companyBusinessTypes(s: ReturnType<typeof tenantScope>): Promise<ReadonlySet<string>> {
  const row = await s(replicaTables.companies).first('business_types');
  const types = parseJson<Record<string, boolean>>(row?.business_types, {});
  return new Set(Object.keys(types).filter((k) => types[k] === true));
}

const user: EventHandler = async (trx, envelope, payload) => {
  const p = payload as PayloadOf<'userCreated'>;
  await upsert(replicaTables.users, tenantScope(trx, envelope.tenantId), p.id, envelope.occurredAt, {
    user_name: p.userName,
    full_name: p.fullName,
    active: p.active,
    deleted: false,
  });
};

const userDeleted: EventHandler = async (trx, envelope, payload) => {
  const s = tenantScope(trx, envelope.tenantId);
  await upsert(replicaTables.users, s, (payload as { id: string }).id, envelope.occurredAt, {
    user_name: '',
    full_name: '',
    active: false,
    deleted: true,
  });
};

export const replicaHandlers: Readonly<Record<string, EventHandler>> = {
  [events.branchCreated.type]: branch,
  [events.branchChanged.type]: branch,
  [events.userCreated.type]: user,
  [events.userChanged.type]: user,
  [events.userDeleted.type]: userDeleted,
  [events.companyChanged.type]: company,
};
