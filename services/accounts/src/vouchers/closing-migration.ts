import type { Migration } from '@erp/service-kit';

/**
 * Frozen (issue 13, deliverable 2): a voucher may be a closing voucher, which names a customer (spec sections 4
 * and 5); found by year through the (tenant, date) index already on the table.
 */
export const closingVouchersMigration: Migration = {
  name: 'accounts_0013_closing_vouchers',
  async up(knex) {
    await knex.schema.alterTable('doc_vouchers', (t) => {
      t.boolean('is_closing').notNullable().defaultTo(false);
      t.string('customer_id', 36).nullable();
    });
  },
};
