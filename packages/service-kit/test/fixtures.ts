import type { Envelope } from '@erp/contracts';
import {
  InboxConsumer,
  createLogger,
  messagingMigration,
  migrate,
  newId,
  openDatabase,
  tenantScope,
  type Db,
  type DbConfig,
  type Migration,
} from '../src';

/** A consumer effect table: one row per applied event, so a double application shows as a duplicate. */
export const effectsMigration: Migration = {
  name: 'test_0001_effects',
  async up(knex) {
    await knex.schema.createTable('effects', (t) => {
      t.string('id', 36).primary();
      t.string('tenant_id', 36).notNullable();
      t.string('event_id', 36).notNullable();
      t.string('user_name', 50).notNullable();
    });
  },
};

export async function openTestDb(config: DbConfig): Promise<Db> {
  const db = await openDatabase(config);
  await migrate(db, [messagingMigration, effectsMigration]);
  return db;
}

export function userPayload(i: number) {
  return {
    id: `u${i}`,
    userName: `user${i}`,
    fullName: `User ${i}`,
    isAdmin: false,
    active: true,
    branches: [],
    maxAllowedDiscount: '0',
  };
}

export function effectsConsumer(db: Db, delayMs = 0, groupId = 'effects') {
  return new InboxConsumer(
    db,
    groupId,
    {
      'identity.user.created': async (trx, envelope: Envelope, payload) => {
        if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
        await tenantScope(trx, envelope.tenantId).insert('effects', {
          id: newId(),
          event_id: envelope.id,
          user_name: (payload as { userName: string }).userName,
        });
      },
    },
    createLogger('test'),
    { maxAttempts: 2, retryDelayMs: 1 },
  );
}
