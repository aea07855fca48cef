import type { Knex } from 'knex';
import { columnOf, documentLinesTableOf, documentTableOf, type DocumentDef } from '@erp/contracts';
import type { Migration } from '../db/migrations';
import { addColumn } from '../master-data/tables';

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

/** A document type's header and lines tables, as declared when the migration runs. */
export async function createDocumentTables(knex: Knex, doc: DocumentDef): Promise<void> {
  await knex.schema.createTable(documentTableOf(doc), (t) => {
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
    for (const f of doc.header) addColumn(t, f);
    t.integer('revision').notNullable();
    t.bigInteger('total_quantity').notNullable();
    t.bigInteger('total_value').notNullable();
    t.string('created_by', 36).nullable();
    t.string('created_at', 30).notNullable();
    t.string('updated_at', 30).notNullable();
    t.unique(['tenant_id', 'code']);
    t.index(['tenant_id', 'date']);
  });
  await knex.schema.createTable(documentLinesTableOf(doc), (t) => {
    t.string('tenant_id', 36).notNullable();
    t.string('document_id', 36).notNullable();
    t.integer('line_no').notNullable();
    for (const f of doc.lines) addColumn(t, f);
    t.bigInteger('value').notNullable();
    t.primary(['tenant_id', 'document_id', 'line_no']);
  });
}

/** The columns of a document type's tables, for the schema-drift test. */
export function expectedDocumentColumns(doc: DocumentDef): Record<string, string[]> {
  return {
    [documentTableOf(doc)]: [
      'id',
      'tenant_id',
      'branch_id',
      'code',
      'year',
      'seq',
      'date',
      'status',
      'reference_number',
      'notes',
      'revision',
      'total_quantity',
      'total_value',
      ...doc.header.map((f) => columnOf(f.name)),
    ],
    [documentLinesTableOf(doc)]: [
      'tenant_id',
      'document_id',
      'line_no',
      'value',
      ...doc.lines.map((f) => columnOf(f.name)),
    ],
  };
}
