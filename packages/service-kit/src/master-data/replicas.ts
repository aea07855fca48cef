import { events, type PayloadOf } from '@erp/contracts';
import { tenantScope } from '../db/tenant-scope';
import type { Migration } from '../db/migrations';
import type { EventHandler } from '../messaging/inbox';

/** Tables of the identity data every service with main data reads: branches and users, by event. */
export const replicaTables = { branches: 'replica_branches', users: 'replica_users' } as const;

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

/** Upserts a replica row unless a newer event already wrote it (events of one aggregate may be replayed). */
async function upsert(
  table: string,
  scope: ReturnType<typeof tenantScope>,
  id: string,
  asOf: string,
  row: Record<string, unknown>,
): Promise<void> {
  const current = await scope(table).where({ id }).first('as_of');
  if (current && String(current.as_of) > asOf) return;
  if (current)
    await scope(table)
      .where({ id })
      .update({ ...row, as_of: asOf });
  else await scope.insert(table, { id, ...row, as_of: asOf });
}

const branch: EventHandler = async (trx, envelope, payload) => {
  const p = payload as PayloadOf<'branchCreated'>;
  await upsert(replicaTables.branches, tenantScope(trx, envelope.tenantId), p.id, envelope.occurredAt, {
    code: p.code,
    arabic_name: p.arabicName,
    english_name: p.englishName,
    is_master: p.isMaster,
    decimal_digits: p.decimalDigits,
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
};
