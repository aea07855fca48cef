import type { Migration } from '../db/migrations';

/** Outbox, inbox and dead letters: the same three tables in every service's database. */
export const messagingMigration: Migration = {
  name: 'kit_0001_messaging',
  async up(knex) {
    await knex.schema.createTable('outbox', (t) => {
      t.increments('seq').primary();
      t.string('id', 36).notNullable().unique();
      t.string('tenant_id', 36).notNullable();
      t.string('topic', 100).notNullable();
      t.string('msg_key', 100).notNullable();
      t.string('type', 100).notNullable();
      t.text('envelope').notNullable();
      t.string('created_at', 30).notNullable();
      t.string('sent_at', 30).nullable();
      t.index(['sent_at', 'seq'], 'outbox_unsent_idx');
    });
    await knex.schema.createTable('inbox', (t) => {
      t.string('consumer', 60).notNullable();
      t.string('event_id', 36).notNullable();
      t.string('tenant_id', 36).notNullable();
      t.string('type', 100).notNullable();
      t.string('processed_at', 30).notNullable();
      t.primary(['consumer', 'event_id']);
    });
    await knex.schema.createTable('dead_letters', (t) => {
      t.string('id', 36).primary();
      t.string('consumer', 60).notNullable();
      t.string('event_id', 36).notNullable();
      t.string('tenant_id', 36).notNullable();
      t.string('type', 100).notNullable();
      t.text('envelope').notNullable();
      t.text('error').notNullable();
      t.integer('attempts').notNullable();
      t.string('created_at', 30).notNullable();
      t.index(['tenant_id', 'created_at']);
    });
  },
};

/** The outbox by aggregate: retention keeps each aggregate's latest event and looks for a newer one this way. */
export const outboxByAggregateMigration: Migration = {
  name: 'kit_0006_outbox_by_aggregate',
  async up(knex) {
    await knex.schema.alterTable('outbox', (t) => {
      t.index(['topic', 'msg_key', 'seq'], 'outbox_aggregate_idx');
    });
  },
};

/**
 * An envelope up to 16 MB on MySQL (TEXT stops at 65,535 bytes): a stock document of a few hundred lines, its audit
 * record or a re-costing's corrections made a bigger one and the save failed with a 500. SQLite's TEXT has no such
 * limit, so nothing changes there.
 */
export const largeEnvelopesMigration: Migration = {
  name: 'kit_0008_large_envelopes',
  async up(knex) {
    if (!String(knex.client.config.client).startsWith('mysql')) return;
    await knex.raw('ALTER TABLE outbox MODIFY envelope MEDIUMTEXT NOT NULL');
    await knex.raw('ALTER TABLE dead_letters MODIFY envelope MEDIUMTEXT NOT NULL');
  },
};
