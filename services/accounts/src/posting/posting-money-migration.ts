import type { Migration } from '@erp/service-kit';

/**
 * Frozen (issue 14, deliverable 5): a document's money part (a sales invoice's revenue, VAT, discount and payments),
 * received in its own event beside the stock part's. `money` is the last revision's money as JSON (decimal
 * strings; null: none, or cancelled) and `money_revision` that revision (null: none received), each part being
 * stale against its own revision only. Existing documents (inventory's) have no money part.
 */
export const postingMoneyMigration: Migration = {
  name: 'accounts_0015_posting_money',
  async up(knex) {
    await knex.schema.alterTable('posting_documents', (t) => {
      t.text('money').nullable();
      t.integer('money_revision').nullable();
    });
  },
};
