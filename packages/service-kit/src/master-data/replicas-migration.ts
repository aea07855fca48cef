import type { Migration } from '../db/migrations';

/** The identity replicas' tables (`replicaTables`), in every service with main data. */
export const replicaMigration: Migration = {
  name: 'kit_0002_identity_replicas',
  async up(knex) {
    await knex.schema.createTable('replica_branches', (t) => {
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
    await knex.schema.createTable('replica_users', (t) => {
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
    await knex.schema.alterTable('replica_branches', (t) => {
      t.text('settings').nullable();
    });
    await knex.schema.createTable('replica_companies', (t) => {
      t.string('tenant_id', 36).notNullable().primary();
      t.string('fiscal_year_start', 10).nullable();
      t.string('fiscal_year_end', 10).nullable();
      t.string('as_of', 30).notNullable();
    });
  },
};

/**
 * The company's business types (issue 14: a car showroom's invoice fields), from the company event; a company
 * not announced since is treated as of none until it is saved or republished. Frozen schema.
 */
export const companyBusinessTypesMigration: Migration = {
  name: 'kit_0004_company_business_types',
  async up(knex) {
    await knex.schema.alterTable('replica_companies', (t) => {
      t.text('business_types').nullable();
    });
  },
};

/**
 * The company's POS settings (issue 15: the scales' label prefix and mode, for inventory's barcode lookup), from
 * the company event. Tenants from before read prefix 20, weight, until the company is saved or republished.
 * Frozen schema.
 */
export const companyPosConfigurationMigration: Migration = {
  name: 'kit_0011_company_pos_configuration',
  async up(knex) {
    await knex.schema.alterTable('replica_companies', (t) => {
      t.string('scale_prefix', 2).notNullable().defaultTo('20');
      t.string('scale_mode', 10).notNullable().defaultTo('weight');
    });
  },
};
