import type { Migration } from '../db/migrations';

/** The tree locks' table (tree-lock.ts): one row per tenant and tree entity, nothing but the key. */
export const treeLocksMigration: Migration = {
  name: 'kit_0009_tree_locks',
  async up(knex) {
    await knex.schema.createTable('kit_tree_locks', (t) => {
      t.string('tenant_id', 36).notNullable();
      t.string('entity', 60).notNullable();
      t.primary(['tenant_id', 'entity']);
    });
  },
};
