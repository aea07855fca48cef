import type { Migration } from '@erp/service-kit';

/** The gateway's own database: its subscription replica (beside the kit's messaging tables). */
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
];
