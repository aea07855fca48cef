import { customers } from '@erp/contracts';
import { foreignReplicaHandlers, type Migration } from '@erp/service-kit';

/**
 * Accounts keeps sales' customers (issue 14): its collection and payment documents, customer discounts and
 * opening balances name them. The replica is the kit's (`foreign-replicas.ts`), fed by `sales.masterData.changed`.
 */
export const customersReplicaHandlers = foreignReplicaHandlers([customers]);

/** Frozen: the replica's table as it was written (the kit's `replica_md_<entity>` shape). */
export const customersReplicaMigration: Migration = {
  name: 'accounts_0012_customers_replica',
  async up(knex) {
    await knex.schema.createTable('replica_md_customers', (t) => {
      t.string('tenant_id', 36).notNullable();
      t.string('id', 36).notNullable();
      t.string('code', 20).notNullable();
      t.string('arabic_name', 200).notNullable();
      t.string('english_name', 200).notNullable();
      t.boolean('deleted').notNullable();
      t.text('record').notNullable();
      t.string('as_of', 30).notNullable();
      t.primary(['tenant_id', 'id']);
    });
  },
};
