import { documentKitMigration, type Migration } from '@erp/service-kit';

/** Frozen (see index.ts). The stock ledger (inventory_0003). */
export const stockLedgerMigrations: Migration[] = [
  {
    name: 'inventory_0003_stock_ledger',
    async up(knex) {
      // every stock effect, never changed: corrections are reversals (design.md section 5)
      await knex.schema.createTable('stock_movements', (t) => {
        t.bigIncrements('seq').primary();
        t.string('tenant_id', 36).notNullable();
        t.string('item_id', 36).notNullable();
        t.string('store_id', 36).notNullable();
        t.string('date', 10).notNullable();
        // main units and value at cost, scaled integers, signed
        t.bigInteger('quantity').notNullable();
        t.bigInteger('value').notNullable();
        t.string('source_service', 30).notNullable();
        t.string('document_type', 60).notNullable();
        t.string('document_id', 36).notNullable();
        t.string('document_code', 20).notNullable();
        t.integer('revision').notNullable();
        t.integer('line_no').nullable();
        t.boolean('reversal').notNullable();
        t.string('created_at', 30).notNullable();
        // named: MySQL caps identifiers at 64 characters
        t.index(['tenant_id', 'item_id', 'store_id', 'date'], 'stock_movements_item');
        t.index(['tenant_id', 'store_id', 'date'], 'stock_movements_store');
        t.index(['tenant_id', 'source_service', 'document_type', 'document_id'], 'stock_movements_document');
      });
      await knex.schema.createTable('stock_balances', (t) => {
        t.string('tenant_id', 36).notNullable();
        t.string('item_id', 36).notNullable();
        t.string('store_id', 36).notNullable();
        t.bigInteger('quantity').notNullable();
        t.bigInteger('value').notNullable();
        t.string('updated_at', 30).notNullable();
        t.primary(['tenant_id', 'item_id', 'store_id']);
        t.index(['tenant_id', 'store_id']);
      });
      // the revision of each document whose effect is booked (stale events change nothing)
      await knex.schema.createTable('stock_documents', (t) => {
        t.string('tenant_id', 36).notNullable();
        t.string('source_service', 30).notNullable();
        t.string('document_type', 60).notNullable();
        t.string('document_id', 36).notNullable();
        t.string('code', 20).notNullable();
        t.string('date', 10).notNullable();
        t.integer('revision').notNullable();
        t.boolean('deleted').notNullable();
        t.string('updated_at', 30).notNullable();
        t.primary(['tenant_id', 'source_service', 'document_type', 'document_id'], 'stock_documents_pk');
        t.index(['tenant_id', 'date'], 'stock_documents_date');
      });
    },
  },
  documentKitMigration,
];
