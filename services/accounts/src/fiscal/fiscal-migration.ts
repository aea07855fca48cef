import type { Migration } from '@erp/service-kit';

/**
 * Frozen (issue 13, deliverable 5): fiscal-year closes and each branch's lock date, as they were when written.
 * A close row is kept after a reopening (status 'reopened', then 'closed' again), so the trail shows both.
 */
export const fiscalYearsMigration: Migration = {
  name: 'accounts_0007_fiscal_years',
  async up(knex) {
    await knex.schema.createTable('fiscal_year_closes', (t) => {
      t.string('tenant_id', 36).notNullable();
      t.integer('year').notNullable();
      t.string('start_date', 10).notNullable();
      t.string('end_date', 10).notNullable();
      t.string('status', 20).notNullable();
      t.string('retained_account_id', 36).notNullable();
      // the close's source id in the journal: each close and reopening books under its own revision
      t.string('source_id', 36).notNullable();
      t.integer('revision').notNullable();
      t.string('closed_at', 30).notNullable();
      t.string('closed_by', 36).nullable();
      t.string('reopened_at', 30).nullable();
      t.string('reopened_by', 36).nullable();
      t.primary(['tenant_id', 'year']);
    });
    await knex.schema.createTable('branch_lock_dates', (t) => {
      t.string('tenant_id', 36).notNullable();
      t.string('branch_id', 36).notNullable();
      // nothing dated on or before it is posted or un-posted in the branch
      t.string('lock_date', 10).notNullable();
      t.string('updated_at', 30).notNullable();
      t.string('updated_by', 36).nullable();
      t.primary(['tenant_id', 'branch_id']);
    });
  },
};

/**
 * Frozen: each tenant's closed-periods version, raised in the transaction of every change and announced with
 * it (`accounts.periods.changed`), so replicas keep the newest state whatever order events arrive in.
 */
export const periodsVersionMigration: Migration = {
  name: 'accounts_0009_periods_version',
  async up(knex) {
    await knex.schema.createTable('fiscal_periods_versions', (t) => {
      t.string('tenant_id', 36).notNullable().primary();
      t.integer('version').notNullable();
      t.string('updated_at', 30).notNullable();
    });
  },
};
