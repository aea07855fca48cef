import type { Envelope } from '@erp/contracts';
import {
  InboxConsumer,
  createLogger,
  largeEnvelopesMigration,
  messagingMigration,
  migrate,
  newId,
  openDatabase,
  tenantScope,
  type Db,
  type DbConfig,
  type EventHandler,
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

/** The storage transfers' tables as inventory's migration makes them (the store reads its declaration). */
export const storageTransfersMigration: Migration = {
  name: 'test_0002_storage_transfers',
  async up(knex) {
    await knex.schema.createTable('doc_storage_transfers', (t) => {
      t.string('id', 36).primary();
      t.string('tenant_id', 36).notNullable();
      t.string('branch_id', 36).nullable();
      t.string('code', 20).notNullable();
      t.integer('year').notNullable();
      t.bigInteger('seq').notNullable();
      t.string('date', 10).notNullable();
      t.string('status', 20).notNullable();
      t.string('reference_number', 40).notNullable();
      t.text('notes').notNullable();
      t.string('store_id', 36).nullable().index();
      t.string('to_store_id', 36).nullable().index();
      t.integer('revision').notNullable();
      t.bigInteger('total_quantity').notNullable();
      t.bigInteger('total_value').notNullable();
      t.string('created_by', 36).nullable();
      t.string('created_at', 30).notNullable();
      t.string('updated_at', 30).notNullable();
      t.unique(['tenant_id', 'code']);
      t.index(['tenant_id', 'date']);
    });
    await knex.schema.createTable('doc_storage_transfers_lines', (t) => {
      t.string('tenant_id', 36).notNullable();
      t.string('document_id', 36).notNullable();
      t.integer('line_no').notNullable();
      t.string('item_id', 36).nullable().index();
      t.string('unit_id', 36).nullable().index();
      t.bigInteger('quantity').nullable();
      t.bigInteger('value').notNullable();
      t.primary(['tenant_id', 'document_id', 'line_no']);
    });
  },
};

export async function openTestDb(config: DbConfig): Promise<Db> {
  const db = await openDatabase(config);
  await migrate(db, [messagingMigration, largeEnvelopesMigration, effectsMigration]);
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

/** Records each applied user event in `effects`. */
export function effectHandlers(delayMs = 0): Record<string, EventHandler> {
  return {
    'identity.user.created': async (trx, envelope: Envelope, payload) => {
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      await tenantScope(trx, envelope.tenantId).insert('effects', {
        id: newId(),
        event_id: envelope.id,
        user_name: (payload as { userName: string }).userName,
      });
    },
  };
}

export function effectsConsumer(db: Db, delayMs = 0, groupId = 'effects') {
  return new InboxConsumer(db, groupId, effectHandlers(delayMs), createLogger('test'), {
    maxAttempts: 2,
    retryDelayMs: 1,
  });
}
