import { idempotencyKitMigration, type Migration } from '@erp/service-kit';

/** Frozen (see index.ts). What came after the first release: indexes, dated costing, holds, the till flag (inventory_0005 to 0012). */
export const laterMigrations: Migration[] = [
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
  {
    // issue 11: (tenant, item, store, date) is the start of the costing index (0007), which answers every read it
    // did; each movement written (a re-costing books one correction per later line) updated both
    name: 'inventory_0011_drop_item_date_index',
    async up(knex) {
      await knex.schema.alterTable('stock_movements', (t) => {
        t.dropIndex([], 'stock_movements_item');
      });
    },
  },
  {
    // issue 11: a back-dated posting's and a re-costing job's opening holdings are the balance less the sums of
    // the item and store's later movements; with quantity and value in the costing index those sums are read
    // from the index alone (a table row per later movement before: 23 of a 1,000-line back-dated purchase's
    // ~400 ms, 9 after)
    name: 'inventory_0012_costing_index_sums',
    async up(knex) {
      await knex.schema.alterTable('stock_movements', (t) => {
        t.dropIndex([], 'stock_movements_costing');
      });
      await knex.schema.alterTable('stock_movements', (t) => {
        t.index(
          ['tenant_id', 'item_id', 'store_id', 'date', 'entry', 'line_key', 'quantity', 'value'],
          'stock_movements_costing',
        );
      });
    },
  },
];
