import type { Migration } from '@erp/service-kit';

/**
 * Frozen (issue 13, deliverable 4): bulk posting's tables as they were when written.
 * - `bulk_posting_locks`: one row per tenant, branch and document type, locked FOR UPDATE while a request checks
 *   for overlapping runs and queues its own, so two requests at the same instant take turns (SQLite has one
 *   writer already).
 * - `bulk_posting_runs`: each run's range as numbers (code-range.ts' `keyNumber`) and its job; a run is active
 *   while its job is queued or running, so a crashed or failed job never leaves a range locked.
 * - an index that walks a branch's vouchers in code order.
 */
export const bulkPostingMigration: Migration = {
  name: 'accounts_0006_bulk_posting',
  async up(knex) {
    await knex.schema.createTable('bulk_posting_locks', (t) => {
      t.string('tenant_id', 36).notNullable();
      t.string('branch_id', 36).notNullable();
      t.string('document_type', 60).notNullable();
      t.primary(['tenant_id', 'branch_id', 'document_type']);
    });
    await knex.schema.createTable('bulk_posting_runs', (t) => {
      t.string('id', 36).primary();
      t.string('tenant_id', 36).notNullable();
      t.string('branch_id', 36).notNullable();
      t.string('document_type', 60).notNullable();
      t.string('action', 10).notNullable();
      t.string('from_code', 20).notNullable();
      t.string('to_code', 20).notNullable();
      t.bigInteger('from_key').notNullable();
      t.bigInteger('to_key').notNullable();
      t.string('job_id', 36).notNullable();
      t.string('created_by', 36).notNullable();
      t.string('created_at', 30).notNullable();
      t.index(['tenant_id', 'branch_id', 'document_type'], 'bulk_posting_runs_scope_idx');
    });
    await knex.schema.alterTable('doc_vouchers', (t) => {
      t.index(['tenant_id', 'branch_id', 'year', 'seq'], 'doc_vouchers_code_order_idx');
    });
  },
};
