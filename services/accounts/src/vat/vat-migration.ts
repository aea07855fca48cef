import type { Migration } from '@erp/service-kit';

/**
 * Frozen (issue 13, deliverable 7, the VAT summary): a journal line's tax tag (its box of the VAT return, whether
 * it is the box's amount or its VAT, and the rate: 'standardRatedSales|base|15'), and a voucher line's box. Both
 * nullable: lines before this change, and lines outside the return, carry none.
 */
export const taxTagsMigration: Migration = {
  name: 'accounts_0011_tax_tags',
  async up(knex) {
    await knex.schema.alterTable('journal_lines', (t) => {
      t.string('tax_tag', 60).nullable();
      // the VAT summary reads a period's tagged lines (few among many) without walking the others
      t.index(['tenant_id', 'tax_tag', 'date'], 'journal_lines_tax_tag');
    });
    await knex.schema.alterTable('doc_vouchers_lines', (t) => {
      t.string('vat_box', 40).nullable();
    });
  },
};
