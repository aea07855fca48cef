import type { Migration } from '@erp/service-kit';

/**
 * Frozen (issue 16 item 5): entries indexed by the entry they reverse. `reverseEntry` asks whether an entry was
 * reversed already, and a sales invoice's second part reverses the entry of its first: without the index each
 * such question read every entry of the tenant, a cost that grew with the journal.
 */
export const reversalIndexMigration: Migration = {
  name: 'accounts_0016_reversal_index',
  async up(knex) {
    await knex.schema.alterTable('journal_entries', (t) => {
      t.index(['tenant_id', 'reverses_entry_id']);
    });
  },
};
