import {
  itemCategories,
  items,
  priceLists,
  stockDocuments,
  stores,
  tableOf,
  taxes,
  units,
} from '@erp/contracts';
import {
  createDocumentTables,
  createEntityTable,
  createSearchIndex,
  documentKitMigration,
  idempotencyKitMigration,
  type Migration,
} from '@erp/service-kit';

export const inventoryMigrations: Migration[] = [
  {
    name: 'inventory_0001_main_data',
    async up(knex) {
      for (const entity of [units]) await createEntityTable(knex, entity);
    },
  },
  {
    name: 'inventory_0002_catalog',
    async up(knex) {
      for (const entity of [stores, itemCategories, taxes, items, priceLists])
        await createEntityTable(knex, entity);
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
      for (const doc of stockDocuments) await createDocumentTables(knex, doc);
    },
  },
  {
    // measured with 100k items and 2M movements (tests/bench/inventory.ts, docs/architecture.md)
    name: 'inventory_0005_performance_indexes',
    async up(knex) {
      // lists and reports are ordered by code: a page is read off the index, not sorted from every item; it
      // also holds the searched columns, so a search scans the index rather than the wide rows
      await knex.schema.alterTable(tableOf(items), (t) => {
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
    name: 'inventory_0006_items_search_index',
    async up(knex) {
      await createSearchIndex(knex, items);
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
];
