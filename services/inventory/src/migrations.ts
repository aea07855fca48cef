import { documentKitMigration, idempotencyKitMigration, type Migration } from '@erp/service-kit';

/**
 * Frozen: each migration states the schema it makes, as it was when written, and never reads today's
 * declarations. A field added to a declaration later gets a new migration appended here (the declared-schema
 * test fails until it exists; the upgrade test proves an earlier database reaches the same schema).
 */
export const inventoryMigrations: Migration[] = [
  {
    name: 'inventory_0001_main_data',
    async up(knex) {
      await knex.schema.createTable('md_units', (t) => {
        t.string('id', 36).primary();
        t.string('tenant_id', 36).notNullable();
        t.string('code', 20).notNullable();
        t.bigInteger('code_number').nullable();
        t.string('arabic_name', 200).notNullable();
        t.string('english_name', 200).notNullable();
        t.boolean('is_active').notNullable().defaultTo(false);
        t.string('created_at', 30).notNullable();
        t.string('updated_at', 30).notNullable();
        t.unique(['tenant_id', 'code']);
        t.index(['tenant_id', 'arabic_name']);
      });
    },
  },
  {
    name: 'inventory_0002_catalog',
    async up(knex) {
      await knex.schema.createTable('md_stores', (t) => {
        t.string('id', 36).primary();
        t.string('tenant_id', 36).notNullable();
        t.string('code', 20).notNullable();
        t.bigInteger('code_number').nullable();
        t.string('arabic_name', 200).notNullable();
        t.string('english_name', 200).notNullable();
        t.string('branch_id', 36).nullable().index();
        t.string('keeper', 120).nullable();
        t.string('phone', 200).nullable();
        t.string('address', 300).nullable();
        t.boolean('is_active').notNullable().defaultTo(false);
        t.text('notes').nullable();
        t.string('created_at', 30).notNullable();
        t.string('updated_at', 30).notNullable();
        t.unique(['tenant_id', 'code']);
        t.index(['tenant_id', 'arabic_name']);
      });
      await knex.schema.createTable('md_item_categories', (t) => {
        t.string('id', 36).primary();
        t.string('tenant_id', 36).notNullable();
        t.string('code', 20).notNullable();
        t.bigInteger('code_number').nullable();
        t.string('arabic_name', 200).notNullable();
        t.string('english_name', 200).notNullable();
        t.string('parent_id', 36).nullable().index();
        t.boolean('is_active').notNullable().defaultTo(false);
        t.text('notes').nullable();
        t.string('created_at', 30).notNullable();
        t.string('updated_at', 30).notNullable();
        t.unique(['tenant_id', 'code']);
        t.index(['tenant_id', 'arabic_name']);
      });
      await knex.schema.createTable('md_taxes', (t) => {
        t.string('id', 36).primary();
        t.string('tenant_id', 36).notNullable();
        t.string('code', 20).notNullable();
        t.bigInteger('code_number').nullable();
        t.string('arabic_name', 200).notNullable();
        t.string('english_name', 200).notNullable();
        t.bigInteger('rate').nullable();
        t.string('category', 200).nullable();
        t.boolean('is_active').notNullable().defaultTo(false);
        t.string('created_at', 30).notNullable();
        t.string('updated_at', 30).notNullable();
        t.unique(['tenant_id', 'code']);
        t.index(['tenant_id', 'arabic_name']);
      });
      await knex.schema.createTable('md_items', (t) => {
        t.string('id', 36).primary();
        t.string('tenant_id', 36).notNullable();
        t.string('code', 20).notNullable();
        t.bigInteger('code_number').nullable();
        t.string('arabic_name', 200).notNullable();
        t.string('english_name', 200).notNullable();
        t.string('barcode', 40).nullable();
        t.string('category_id', 36).nullable().index();
        t.string('main_unit_id', 36).nullable().index();
        t.bigInteger('sales_price').nullable();
        t.bigInteger('min_sales_price').nullable();
        t.bigInteger('max_sales_price').nullable();
        t.bigInteger('cost_price').nullable();
        t.bigInteger('minimum_limit').nullable();
        t.bigInteger('reorder_limit').nullable();
        t.string('tax_id', 36).nullable().index();
        t.boolean('is_stored_item').notNullable().defaultTo(false);
        t.boolean('is_taxable').notNullable().defaultTo(false);
        t.boolean('is_active').notNullable().defaultTo(false);
        t.boolean('is_manufacturing_item').notNullable().defaultTo(false);
        t.boolean('is_balance_item').notNullable().defaultTo(false);
        t.string('scale_code', 200).nullable();
        t.string('place', 60).nullable();
        t.text('notes').nullable();
        t.string('created_at', 30).notNullable();
        t.string('updated_at', 30).notNullable();
        t.unique(['tenant_id', 'code']);
        t.unique(['tenant_id', 'barcode']);
        t.unique(['tenant_id', 'scale_code']);
        t.index(['tenant_id', 'arabic_name']);
      });
      await knex.schema.createTable('md_items_units', (t) => {
        t.string('tenant_id', 36).notNullable();
        t.string('parent_id', 36).notNullable();
        t.integer('line_no').notNullable();
        t.string('unit_id', 36).nullable().index();
        t.bigInteger('conversion_rate').nullable();
        t.string('barcode', 40).nullable();
        t.bigInteger('sales_price').nullable();
        t.bigInteger('min_sales_price').nullable();
        t.bigInteger('max_sales_price').nullable();
        t.primary(['tenant_id', 'parent_id', 'line_no']);
        t.index(['tenant_id', 'barcode']);
      });
      await knex.schema.createTable('md_items_opening_balances', (t) => {
        t.string('tenant_id', 36).notNullable();
        t.string('parent_id', 36).notNullable();
        t.integer('line_no').notNullable();
        t.string('store_id', 36).nullable().index();
        t.bigInteger('quantity').nullable();
        t.bigInteger('unit_cost').nullable();
        t.primary(['tenant_id', 'parent_id', 'line_no']);
      });
      await knex.schema.createTable('md_items_components', (t) => {
        t.string('tenant_id', 36).notNullable();
        t.string('parent_id', 36).notNullable();
        t.integer('line_no').notNullable();
        t.string('item_id', 36).nullable().index();
        t.string('unit_id', 36).nullable().index();
        t.bigInteger('quantity').nullable();
        t.primary(['tenant_id', 'parent_id', 'line_no']);
      });
      await knex.schema.createTable('md_price_lists', (t) => {
        t.string('id', 36).primary();
        t.string('tenant_id', 36).notNullable();
        t.string('code', 20).notNullable();
        t.bigInteger('code_number').nullable();
        t.string('arabic_name', 200).notNullable();
        t.string('english_name', 200).notNullable();
        t.boolean('is_active').notNullable().defaultTo(false);
        t.text('notes').nullable();
        t.string('created_at', 30).notNullable();
        t.string('updated_at', 30).notNullable();
        t.unique(['tenant_id', 'code']);
        t.index(['tenant_id', 'arabic_name']);
      });
      await knex.schema.createTable('md_price_lists_items', (t) => {
        t.string('tenant_id', 36).notNullable();
        t.string('parent_id', 36).notNullable();
        t.integer('line_no').notNullable();
        t.string('item_id', 36).nullable().index();
        t.string('unit_id', 36).nullable().index();
        t.bigInteger('price').nullable();
        t.primary(['tenant_id', 'parent_id', 'line_no']);
      });
    },
  },
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
  {
    name: 'inventory_0004_stock_documents',
    async up(knex) {
      await knex.schema.createTable('doc_storage_transfers', (t) => {
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
        t.string('store_id', 36).nullable().index();
        t.string('to_store_id', 36).nullable().index();
        t.integer('revision').notNullable();
        t.bigInteger('total_quantity').notNullable();
        t.bigInteger('total_value').notNullable();
        t.string('created_by', 36).nullable();
        t.string('created_at', 30).notNullable();
        t.string('updated_at', 30).notNullable();
        t.unique(['tenant_id', 'code']);
        t.index(['tenant_id', 'date']);
      });
      await knex.schema.createTable('doc_storage_transfers_lines', (t) => {
        t.string('tenant_id', 36).notNullable();
        t.string('document_id', 36).notNullable();
        t.integer('line_no').notNullable();
        t.string('item_id', 36).nullable().index();
        t.string('unit_id', 36).nullable().index();
        t.bigInteger('quantity').nullable();
        t.bigInteger('value').notNullable();
        t.primary(['tenant_id', 'document_id', 'line_no']);
      });
      await knex.schema.createTable('doc_shortage_adjustments', (t) => {
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
        t.string('store_id', 36).nullable().index();
        t.integer('revision').notNullable();
        t.bigInteger('total_quantity').notNullable();
        t.bigInteger('total_value').notNullable();
        t.string('created_by', 36).nullable();
        t.string('created_at', 30).notNullable();
        t.string('updated_at', 30).notNullable();
        t.unique(['tenant_id', 'code']);
        t.index(['tenant_id', 'date']);
      });
      await knex.schema.createTable('doc_shortage_adjustments_lines', (t) => {
        t.string('tenant_id', 36).notNullable();
        t.string('document_id', 36).notNullable();
        t.integer('line_no').notNullable();
        t.string('item_id', 36).nullable().index();
        t.string('unit_id', 36).nullable().index();
        t.bigInteger('quantity').nullable();
        t.bigInteger('value').notNullable();
        t.primary(['tenant_id', 'document_id', 'line_no']);
      });
      await knex.schema.createTable('doc_overflow_adjustments', (t) => {
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
        t.string('store_id', 36).nullable().index();
        t.integer('revision').notNullable();
        t.bigInteger('total_quantity').notNullable();
        t.bigInteger('total_value').notNullable();
        t.string('created_by', 36).nullable();
        t.string('created_at', 30).notNullable();
        t.string('updated_at', 30).notNullable();
        t.unique(['tenant_id', 'code']);
        t.index(['tenant_id', 'date']);
      });
      await knex.schema.createTable('doc_overflow_adjustments_lines', (t) => {
        t.string('tenant_id', 36).notNullable();
        t.string('document_id', 36).notNullable();
        t.integer('line_no').notNullable();
        t.string('item_id', 36).nullable().index();
        t.string('unit_id', 36).nullable().index();
        t.bigInteger('quantity').nullable();
        t.bigInteger('unit_cost').nullable();
        t.bigInteger('value').notNullable();
        t.primary(['tenant_id', 'document_id', 'line_no']);
      });
      await knex.schema.createTable('doc_damage_adjustments', (t) => {
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
        t.string('store_id', 36).nullable().index();
        t.integer('revision').notNullable();
        t.bigInteger('total_quantity').notNullable();
        t.bigInteger('total_value').notNullable();
        t.string('created_by', 36).nullable();
        t.string('created_at', 30).notNullable();
        t.string('updated_at', 30).notNullable();
        t.unique(['tenant_id', 'code']);
        t.index(['tenant_id', 'date']);
      });
      await knex.schema.createTable('doc_damage_adjustments_lines', (t) => {
        t.string('tenant_id', 36).notNullable();
        t.string('document_id', 36).notNullable();
        t.integer('line_no').notNullable();
        t.string('item_id', 36).nullable().index();
        t.string('unit_id', 36).nullable().index();
        t.bigInteger('quantity').nullable();
        t.bigInteger('value').notNullable();
        t.primary(['tenant_id', 'document_id', 'line_no']);
      });
      await knex.schema.createTable('doc_stocktakings', (t) => {
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
        t.string('store_id', 36).nullable().index();
        t.integer('revision').notNullable();
        t.bigInteger('total_quantity').notNullable();
        t.bigInteger('total_value').notNullable();
        t.string('created_by', 36).nullable();
        t.string('created_at', 30).notNullable();
        t.string('updated_at', 30).notNullable();
        t.unique(['tenant_id', 'code']);
        t.index(['tenant_id', 'date']);
      });
      await knex.schema.createTable('doc_stocktakings_lines', (t) => {
        t.string('tenant_id', 36).notNullable();
        t.string('document_id', 36).notNullable();
        t.integer('line_no').notNullable();
        t.string('item_id', 36).nullable().index();
        t.string('unit_id', 36).nullable().index();
        t.bigInteger('counted_quantity').nullable();
        t.bigInteger('value').notNullable();
        t.primary(['tenant_id', 'document_id', 'line_no']);
      });
      await knex.schema.createTable('doc_addition_orders', (t) => {
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
        t.string('store_id', 36).nullable().index();
        t.integer('revision').notNullable();
        t.bigInteger('total_quantity').notNullable();
        t.bigInteger('total_value').notNullable();
        t.string('created_by', 36).nullable();
        t.string('created_at', 30).notNullable();
        t.string('updated_at', 30).notNullable();
        t.unique(['tenant_id', 'code']);
        t.index(['tenant_id', 'date']);
      });
      await knex.schema.createTable('doc_addition_orders_lines', (t) => {
        t.string('tenant_id', 36).notNullable();
        t.string('document_id', 36).notNullable();
        t.integer('line_no').notNullable();
        t.string('item_id', 36).nullable().index();
        t.string('unit_id', 36).nullable().index();
        t.bigInteger('quantity').nullable();
        t.bigInteger('unit_cost').nullable();
        t.bigInteger('value').notNullable();
        t.primary(['tenant_id', 'document_id', 'line_no']);
      });
      await knex.schema.createTable('doc_exchange_orders', (t) => {
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
        t.string('store_id', 36).nullable().index();
        t.integer('revision').notNullable();
        t.bigInteger('total_quantity').notNullable();
        t.bigInteger('total_value').notNullable();
        t.string('created_by', 36).nullable();
        t.string('created_at', 30).notNullable();
        t.string('updated_at', 30).notNullable();
        t.unique(['tenant_id', 'code']);
        t.index(['tenant_id', 'date']);
      });
      await knex.schema.createTable('doc_exchange_orders_lines', (t) => {
        t.string('tenant_id', 36).notNullable();
        t.string('document_id', 36).notNullable();
        t.integer('line_no').notNullable();
        t.string('item_id', 36).nullable().index();
        t.string('unit_id', 36).nullable().index();
        t.bigInteger('quantity').nullable();
        t.bigInteger('value').notNullable();
        t.primary(['tenant_id', 'document_id', 'line_no']);
      });
      await knex.schema.createTable('doc_manufacturing_orders', (t) => {
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
        t.string('store_id', 36).nullable().index();
        t.integer('revision').notNullable();
        t.bigInteger('total_quantity').notNullable();
        t.bigInteger('total_value').notNullable();
        t.string('created_by', 36).nullable();
        t.string('created_at', 30).notNullable();
        t.string('updated_at', 30).notNullable();
        t.unique(['tenant_id', 'code']);
        t.index(['tenant_id', 'date']);
      });
      await knex.schema.createTable('doc_manufacturing_orders_lines', (t) => {
        t.string('tenant_id', 36).notNullable();
        t.string('document_id', 36).notNullable();
        t.integer('line_no').notNullable();
        t.string('item_id', 36).nullable().index();
        t.string('unit_id', 36).nullable().index();
        t.bigInteger('quantity').nullable();
        t.bigInteger('value').notNullable();
        t.primary(['tenant_id', 'document_id', 'line_no']);
      });
    },
  },
  {
    // measured with 100k items and 2M movements (tests/bench/inventory.ts, docs/architecture.md)
    name: 'inventory_0005_performance_indexes',
    async up(knex) {
      // lists and reports are ordered by code: a page is read off the index, not sorted from every item; it
      // also holds the searched columns, so a search scans the index rather than the wide rows
      await knex.schema.alterTable('md_items', (t) => {
        t.index(
          ['tenant_id', 'code_number', 'code', 'arabic_name', 'english_name', 'barcode'],
          'md_items_code_order',
        );
      });
      // a store's balances, item by item, and their totals are read from the index alone
      await knex.schema.alterTable('stock_balances', (t) => {
        t.dropIndex(['tenant_id', 'store_id']);
      });
      await knex.schema.alterTable('stock_balances', (t) => {
        t.index(['tenant_id', 'store_id', 'item_id', 'quantity', 'value'], 'stock_balances_store');
      });
      // whether a document's current revision moved stock (in a store) is answered from the index alone
      await knex.schema.alterTable('stock_movements', (t) => {
        t.dropIndex([], 'stock_movements_document');
      });
      await knex.schema.alterTable('stock_movements', (t) => {
        t.index(
          ['tenant_id', 'source_service', 'document_type', 'document_id', 'revision', 'reversal', 'store_id'],
          'stock_movements_document',
        );
      });
      // the stock transactions list, newest first, is read backwards off this index
      await knex.schema.alterTable('stock_documents', (t) => {
        t.dropIndex([], 'stock_documents_date');
      });
      await knex.schema.alterTable('stock_documents', (t) => {
        t.index(['tenant_id', 'date', 'code', 'document_id'], 'stock_documents_listed');
      });
    },
  },
  {
    // the items' search index on SQLite (design in search-index.ts); MySQL searches with LIKE
    name: 'inventory_0006_items_search_index',
    async up(knex) {
      if (String(knex.client.config.client) !== 'better-sqlite3') return;
      const list = 'code, arabic_name, english_name, barcode';
      const values = (row: 'new' | 'old') =>
        `${row}.code, ${row}.arabic_name, ${row}.english_name, ${row}.barcode`;
      await knex.raw(
        `create virtual table md_items_search using fts5(${list}, content='md_items', content_rowid='rowid', tokenize='trigram')`,
      );
      await knex.raw(
        `create trigger md_items_search_insert after insert on md_items begin insert into md_items_search(rowid, ${list}) values (new.rowid, ${values('new')}); end`,
      );
      await knex.raw(
        `create trigger md_items_search_delete after delete on md_items begin insert into md_items_search(md_items_search, rowid, ${list}) values ('delete', old.rowid, ${values('old')}); end`,
      );
      await knex.raw(
        `create trigger md_items_search_update after update on md_items begin insert into md_items_search(md_items_search, rowid, ${list}) values ('delete', old.rowid, ${values('old')}); insert into md_items_search(rowid, ${list}) values (new.rowid, ${values('new')}); end`,
      );
      await knex.raw(`insert into md_items_search(md_items_search) values ('rebuild')`);
    },
  },
  {
    // issue 11: costs run in date order. Frozen: the columns are stated here, not read from declarations.
    name: 'inventory_0007_dated_costing',
    async up(knex) {
      await knex.schema.alterTable('stock_documents', (t) => {
        // the document's place among the day's entries: its first booking, kept through edits and re-dating
        t.string('entry', 36).notNullable().defaultTo('');
      });
      await knex('stock_documents').update({ entry: knex.ref('document_id') });
      await knex.schema.alterTable('stock_movements', (t) => {
        t.string('entry', 36).notNullable().defaultTo('');
        // the line's place in its document (sources before what is costed from them)
        t.integer('line_key').notNullable().defaultTo(0);
        // line | reversal | correction
        t.string('kind', 10).notNullable().defaultTo('line');
        // how the line is costed when re-run: fixed | average | out | from
        t.string('cost_rule', 8).notNullable().defaultTo('fixed');
        // a fixed line's own value; the item's cost price per main unit for the others (scaled integers)
        t.bigInteger('own_value').notNullable().defaultTo(0);
        t.bigInteger('fallback_cost').notNullable().defaultTo(0);
        // line keys of the same document revision whose value this line receives
        t.string('cost_from', 400).nullable();
        // another line of the document receives this line's value (a transfer's or a component's issue)
        t.boolean('feeds').notNullable().defaultTo(false);
      });
      await knex('stock_movements').update({
        entry: knex.ref('document_id'),
        line_key: knex.raw('coalesce(line_no, 0)'),
      });
      await knex('stock_movements').where('reversal', true).update({ kind: 'reversal' });
      await knex('stock_movements')
        .where('reversal', false)
        .update({ own_value: knex.ref('value'), fallback_cost: 0 });
      // one item and store in costing order
      await knex.schema.alterTable('stock_movements', (t) => {
        t.index(['tenant_id', 'item_id', 'store_id', 'date', 'entry', 'line_key'], 'stock_movements_costing');
      });
    },
  },
  idempotencyKitMigration,
  {
    name: 'inventory_0008_recost_pending',
    async up(knex) {
      // items and stores whose later movements a background job re-costs (issue 11: large histories)
      await knex.schema.createTable('recost_pending', (t) => {
        t.string('tenant_id', 36).notNullable();
        t.string('item_id', 36).notNullable();
        t.string('store_id', 36).notNullable();
        // the job replays the holding from the start of this day
        t.string('from_date', 10).notNullable();
        t.string('job_id', 36).notNullable();
        // raised by every change folded in, so a job only clears what it re-costed
        t.integer('version').notNullable();
        t.string('updated_at', 30).notNullable();
        t.primary(['tenant_id', 'item_id', 'store_id']);
        t.index(['job_id', 'item_id', 'store_id'], 'recost_pending_job');
      });
    },
  },
  {
    // issue 14: stock held for documents other services are issuing, until their stock event books them
    name: 'inventory_0009_stock_holds',
    async up(knex) {
      await knex.schema.createTable('stock_holds', (t) => {
        t.string('tenant_id', 36).notNullable();
        t.string('source_service', 30).notNullable();
        t.string('document_type', 60).notNullable();
        t.string('document_id', 36).notNullable();
        t.string('item_id', 36).notNullable();
        t.string('store_id', 36).notNullable();
        // main units, scaled by 10^4 as every quantity
        t.bigInteger('quantity').notNullable();
        t.string('expires_at', 30).notNullable();
        t.primary(['tenant_id', 'source_service', 'document_type', 'document_id', 'item_id', 'store_id']);
        t.index(['tenant_id', 'item_id', 'store_id']);
      });
    },
  },
  {
    // issue 15: the items shown as quick items on the tills' grid
    name: 'inventory_0010_items_show_in_pos',
    async up(knex) {
      await knex.schema.alterTable('md_items', (t) => {
        t.boolean('show_in_pos').notNullable().defaultTo(false);
      });
    },
  },
];
