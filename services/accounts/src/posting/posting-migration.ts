import type { Migration } from '@erp/service-kit';

/**
 * Frozen (issue 13, deliverable 3): posting from events. `posting_documents` is each document's last known
 * revision with its amounts and where its booking stands; `posting_corrections` the cost corrections received
 * for a document revision (kept until the document is posted at that revision, whatever the order of arrival).
 * Amounts are integers scaled by 10^4 (money.ts), as in the journal.
 */
export const postingMigration: Migration = {
  name: 'accounts_0005_posting',
  async up(knex) {
    await knex.schema.createTable('posting_documents', (t) => {
      t.string('tenant_id', 36).notNullable();
      t.string('source_service', 30).notNullable();
      t.string('document_type', 60).notNullable();
      t.string('document_id', 36).notNullable();
      t.string('branch_id', 36).notNullable();
      t.string('code', 40).notNullable();
      t.integer('revision').notNullable();
      t.string('date', 10).notNullable();
      t.bigInteger('in_value').notNullable();
      t.bigInteger('out_value').notNullable();
      // each branch's part, by the branch of the stores moved: [{ branchId, in, out }] (decimal strings)
      t.text('legs').notNullable();
      // posted | unposted | notPosted | nothing (no amount to book)
      t.string('status', 12).notNullable();
      t.string('reason', 60).nullable();
      t.string('reason_link', 40).nullable();
      t.string('updated_at', 30).notNullable();
      t.primary(['tenant_id', 'source_service', 'document_type', 'document_id']);
      t.index(['tenant_id', 'branch_id', 'status']);
    });
    await knex.schema.createTable('posting_corrections', (t) => {
      t.string('tenant_id', 36).notNullable();
      t.string('event_id', 36).notNullable();
      t.integer('line_no').notNullable();
      t.string('source_service', 30).notNullable();
      t.string('document_type', 60).notNullable();
      t.string('document_id', 36).notNullable();
      t.integer('revision').notNullable();
      // the branch of the corrected line's store
      t.string('branch_id', 36).notNullable();
      t.bigInteger('value').notNullable();
      t.primary(['event_id', 'line_no']);
      t.index(['tenant_id', 'document_id', 'revision']);
    });
    // the branch of each of inventory's stores (from its main-data events): a transfer between stores of two
    // branches books each branch's part in that branch
    await knex.schema.createTable('posting_stores', (t) => {
      t.string('tenant_id', 36).notNullable();
      t.string('store_id', 36).notNullable();
      t.string('branch_id', 36).notNullable();
      t.string('as_of', 30).notNullable();
      t.primary(['tenant_id', 'store_id']);
    });
  },
};
