import type { Migration } from '@erp/service-kit';

/**
 * Frozen (issue 13): the chart of accounts, account groups and cost centers as their declarations were when
 * written; literal knex, never today's declarations. Parents are indexed with the tenant: the tree rules and
 * the tree screen walk a record's children.
 */
export const chartMigration: Migration = {
  name: 'accounts_0001_chart_of_accounts',
  async up(knex) {
    const treeTable = (t: Parameters<Parameters<typeof knex.schema.createTable>[1]>[0]) => {
      t.string('id', 36).primary();
      t.string('tenant_id', 36).notNullable();
      t.string('code', 20).notNullable();
      t.bigInteger('code_number').nullable();
      t.string('arabic_name', 200).notNullable();
      t.string('english_name', 200).notNullable();
      t.string('parent_id', 36).nullable();
      t.boolean('is_sub').notNullable().defaultTo(false);
      t.integer('level').nullable();
    };
    await knex.schema.createTable('md_account_groups', (t) => {
      treeTable(t);
      t.text('notes').nullable();
      t.string('created_at', 30).notNullable();
      t.string('updated_at', 30).notNullable();
      t.unique(['tenant_id', 'code']);
      t.index(['tenant_id', 'arabic_name']);
      t.index(['tenant_id', 'parent_id']);
    });
    await knex.schema.createTable('md_accounts', (t) => {
      treeTable(t);
      t.string('nature', 200).nullable();
      t.string('account_type', 200).nullable();
      t.string('account_group_id', 36).nullable().index();
      t.boolean('is_active').notNullable().defaultTo(false);
      t.string('french_name', 200).nullable();
      t.string('german_name', 200).nullable();
      t.string('portuguese_name', 200).nullable();
      t.string('kurdish_name', 200).nullable();
      t.text('notes').nullable();
      t.string('created_at', 30).notNullable();
      t.string('updated_at', 30).notNullable();
      t.unique(['tenant_id', 'code']);
      t.index(['tenant_id', 'arabic_name']);
      t.index(['tenant_id', 'parent_id']);
    });
    await knex.schema.createTable('md_cost_centers', (t) => {
      treeTable(t);
      t.boolean('is_active').notNullable().defaultTo(false);
      t.text('notes').nullable();
      t.string('created_at', 30).notNullable();
      t.string('updated_at', 30).notNullable();
      t.unique(['tenant_id', 'code']);
      t.index(['tenant_id', 'arabic_name']);
      t.index(['tenant_id', 'parent_id']);
    });
  },
};
