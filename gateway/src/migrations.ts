import type { Migration } from '@erp/service-kit';

/** The gateway's own database: its subscription and session replicas (beside the kit's messaging tables). */
export const gatewayMigrations: Migration[] = [
  {
    name: 'gateway_0001_subscriptions',
    async up(knex) {
      await knex.schema.createTable('tenant_subscriptions', (t) => {
        t.string('tenant_id', 36).primary();
        t.string('subscription_start', 10).notNullable();
        t.string('subscription_end', 10).notNullable();
        t.boolean('active').notNullable();
        /** occurredAt of the applied event: an older event arriving late does not overwrite a newer one. */
        t.string('as_of', 30).notNullable();
      });
    },
  },
  {
    name: 'gateway_0002_user_sessions',
    async up(knex) {
      await knex.schema.createTable('user_sessions', (t) => {
        t.string('user_id', 36).primary();
        t.string('tenant_id', 36).notNullable();
        t.integer('token_version').notNullable();
        t.boolean('active').notNullable();
        t.boolean('deleted').notNullable();
      });
    },
  },
];
