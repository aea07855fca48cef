import type { Migration } from '@erp/service-kit';

/**
 * Frozen (issue 13, deliverable 6): the journal's tables as they were when written. Amounts are integers scaled
 * by 10^4 (money.ts' storage rule), so SUM() is exact and the same on SQLite and MySQL.
 */
export const journalMigration: Migration = {
  name: 'accounts_0002_journal',
  async up(knex) {
    await knex.schema.createTable('journal_entries', (t) => {
      t.string('id', 36).primary();
      t.string('tenant_id', 36).notNullable();
      t.string('branch_id', 36).notNullable();
      // the entry's place in its chain (tenant and branch), from 1, in posting order
      t.bigInteger('seq').notNullable();
      t.string('date', 10).notNullable();
      t.string('source_type', 60).notNullable();
      t.string('source_id', 36).notNullable();
      t.integer('source_revision').notNullable();
      t.string('reverses_entry_id', 36).nullable();
      t.string('memo', 400).notNullable().defaultTo('');
      t.bigInteger('total_debit').notNullable();
      t.bigInteger('total_credit').notNullable();
      t.string('posted_at', 30).notNullable();
      t.string('posted_by', 36).nullable();
      t.string('prev_hash', 64).notNullable();
      t.string('hash', 64).notNullable();
      t.unique(['tenant_id', 'branch_id', 'seq']);
      t.index(['tenant_id', 'source_type', 'source_id']);
      t.index(['tenant_id', 'date']);
    });
    await knex.schema.createTable('journal_lines', (t) => {
      t.string('entry_id', 36).notNullable();
      t.integer('line_no').notNullable();
      t.string('tenant_id', 36).notNullable();
      t.string('account_id', 36).notNullable();
      t.string('cost_center_id', 36).nullable();
      t.bigInteger('debit').notNullable();
      t.bigInteger('credit').notNullable();
      t.string('note', 400).notNullable().defaultTo('');
      t.primary(['entry_id', 'line_no']);
      t.index(['tenant_id', 'account_id']);
    });
    // the head of each chain: locked by every append, so two appends to one chain never fork it
    await knex.schema.createTable('journal_chains', (t) => {
      t.string('tenant_id', 36).notNullable();
      t.string('branch_id', 36).notNullable();
      t.bigInteger('last_seq').notNullable();
      t.string('last_hash', 64).notNullable();
      t.string('updated_at', 30).notNullable();
      t.primary(['tenant_id', 'branch_id']);
    });
  },
};
