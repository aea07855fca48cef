import type { Migration } from '../db/migrations';

/** The tables every service with documents shares: numbering counters, attachments, references. */
export const documentKitMigration: Migration = {
  name: 'kit_0004_documents',
  async up(knex) {
    await knex.schema.createTable('doc_counters', (t) => {
      t.string('tenant_id', 36).notNullable();
      t.string('document_type', 60).notNullable();
      // 0 unless the branch numbers per year (spec section 4, serial per year)
      t.integer('year').notNullable();
      t.bigInteger('last').notNullable();
      t.primary(['tenant_id', 'document_type', 'year']);
    });
    await knex.schema.createTable('doc_attachments', (t) => {
      t.string('id', 36).primary();
      t.string('tenant_id', 36).notNullable();
      t.string('document_type', 60).notNullable();
      t.string('document_id', 36).notNullable();
      t.string('file_name', 200).notNullable();
      t.string('content_type', 100).notNullable();
      t.integer('size').notNullable();
      // MEDIUMBLOB (16 MB) on MySQL; SQLite reads the name as a BLOB
      t.specificType('content', 'mediumblob').notNullable();
      t.string('created_at', 30).notNullable();
      t.index(['tenant_id', 'document_type', 'document_id']);
    });
    // who refers to a document (an order converted to an invoice, a stocktaking to its adjustments)
    await knex.schema.createTable('doc_references', (t) => {
      t.string('tenant_id', 36).notNullable();
      t.string('document_type', 60).notNullable();
      t.string('document_id', 36).notNullable();
      t.string('by_type', 60).notNullable();
      t.string('by_id', 36).notNullable();
      t.primary(['tenant_id', 'document_type', 'document_id', 'by_type', 'by_id']);
    });
  },
};
