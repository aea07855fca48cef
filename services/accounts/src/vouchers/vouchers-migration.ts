import type { Migration } from '@erp/service-kit';

/**
 * Frozen (issue 13, deliverable 2): the journal vouchers' tables as their declaration was when written, in the
 * document engine's shape (the shared counters, attachments and references come from the kit's migration before
 * it). Amounts are integers scaled by 10^4.
 */
export const vouchersMigration: Migration = {
  name: 'accounts_0003_vouchers',
  async up(knex) {
    await knex.schema.createTable('doc_vouchers', (t) => {
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
      t.boolean('is_opening').notNullable().defaultTo(false);
      t.boolean('without_cost_centers').notNullable().defaultTo(false);
      t.integer('revision').notNullable();
      t.bigInteger('total_quantity').notNullable();
      t.bigInteger('total_value').notNullable();
      t.string('created_by', 36).nullable();
      t.string('created_at', 30).notNullable();
      t.string('updated_at', 30).notNullable();
      t.unique(['tenant_id', 'code']);
      t.index(['tenant_id', 'date']);
      t.index(['tenant_id', 'status']);
    });
    await knex.schema.createTable('doc_vouchers_lines', (t) => {
      t.string('tenant_id', 36).notNullable();
      t.string('document_id', 36).notNullable();
      t.integer('line_no').notNullable();
      t.string('account_id', 36).nullable().index();
      t.string('cost_center_id', 36).nullable().index();
      t.bigInteger('debit').nullable();
      t.bigInteger('credit').nullable();
      t.string('note', 200).nullable();
      t.bigInteger('value').notNullable();
      t.primary(['tenant_id', 'document_id', 'line_no']);
    });
  },
};
