import { events, type PayloadOf } from '@erp/contracts';
import { tenantScope } from '../db/tenant-scope';
import type { Migration } from '../db/migrations';
import type { EventHandler } from '../messaging/inbox';

/** Tables of the identity data every service with main data reads: branches and users, by event. */
export const replicaTables = {
  branches: 'replica_branches',
  users: 'replica_users',
  companies: 'replica_companies',
} as const;

export const replicaMigration: Migration = {
  name: 'kit_0002_identity_replicas',
  async up(knex) {
    await knex.schema.createTable(replicaTables.branches, (t) => {
      t.string('tenant_id', 36).notNullable();
      t.string('id', 36).notNullable();
      t.string('code', 20).notNullable();
      t.string('arabic_name', 200).notNullable();
      t.string('english_name', 200).notNullable();
      t.boolean('is_master').notNullable();
      t.integer('decimal_digits').notNullable();
      t.string('as_of', 30).notNullable();
      t.primary(['tenant_id', 'id']);
    });
    await knex.schema.createTable(replicaTables.users, (t) => {
      t.string('tenant_id', 36).notNullable();
      t.string('id', 36).notNullable();
      t.string('user_name', 50).notNullable();
      t.string('full_name', 120).notNullable();
      t.boolean('active').notNullable();
      t.boolean('deleted').notNullable();
      t.string('as_of', 30).notNullable();
      t.primary(['tenant_id', 'id']);
    });
  },
};

/** The branches' policies and switches, and the company's first fiscal year (documents need them). */
export const replicaSettingsMigration: Migration = {
  name: 'kit_0003_replica_settings',
  async up(knex) {
    await knex.schema.alterTable(replicaTables.branches, (t) => {
      t.text('settings').nullable();
    });
    await knex.schema.createTable(replicaTables.companies, (t) => {
      t.string('tenant_id', 36).notNullable().primary();
      t.string('fiscal_year_start', 10).nullable();
      t.string('fiscal_year_end', 10).nullable();
      t.string('as_of', 30).notNullable();
    });
  },
};

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
    settings: JSON.stringify({ policies: p.policies ?? null, switches: p.switches ?? null }),
  });
};

const company: EventHandler = async (trx, envelope, payload) => {
  const p = payload as PayloadOf<'companyChanged'>;
  await upsert(replicaTables.companies, tenantScope(trx, envelope.tenantId), null, envelope.occurredAt, {
    fiscal_year_start: p.fiscalYearStart ?? null,
    fiscal_year_end: p.fiscalYearEnd ?? null,
  });
};

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
