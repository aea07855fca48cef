import type { Migration } from '@erp/service-kit';

/**
 * Frozen (issue 13, posting from events): on SQLite, the indexes of the entries that reverse another and of the
 * lines with a tax tag keep only those rows. Most entries reverse nothing and most lines carry no tag, yet each
 * one added a row to both indexes, so every append wrote two more pages to the log (16 to 14) for rows no
 * query asks for: `where reverses_entry_id = ?` and `tax_tag is not null` are all that read them. MySQL has
 * no partial indexes; its indexes stay as they are.
 */
export const sparseIndexesMigration: Migration = {
  name: 'accounts_0017_sparse_indexes',
  async up(knex) {
    if (String(knex.client.config.client) !== 'better-sqlite3') return;
    await knex.raw('drop index journal_entries_tenant_id_reverses_entry_id_index');
    await knex.raw(
      'create index journal_entries_tenant_id_reverses_entry_id_index on journal_entries (tenant_id, reverses_entry_id) where reverses_entry_id is not null',
    );
    await knex.raw('drop index journal_lines_tax_tag');
    await knex.raw(
      'create index journal_lines_tax_tag on journal_lines (tenant_id, tax_tag, date) where tax_tag is not null',
    );
  },
};
