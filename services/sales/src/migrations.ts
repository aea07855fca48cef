import type { Migration } from '@erp/service-kit';
import { createSalesDocumentTables, type SalesDocumentTableOptions } from './migration-tables';

/**
 * Frozen: each migration states the schema it makes, as it was when written, and never reads today's
 * declarations. A field added to a declaration later gets a new migration appended here (the declared-schema
 * test fails until it exists; the upgrade test proves an earlier database reaches the same schema).
 */
export const salesMigrations: Migration[] = [
  {
    name: 'sales_0001_main_data',
    async up(knex) {
      await knex.schema.createTable('md_areas', (t) => {
        t.string('id', 36).primary();
        t.string('tenant_id', 36).notNullable();
        t.string('code', 20).notNullable();
        t.bigInteger('code_number').nullable();
        t.string('arabic_name', 200).notNullable();
        t.string('english_name', 200).notNullable();
        t.text('notes').nullable();
        t.string('created_at', 30).notNullable();
        t.string('updated_at', 30).notNullable();
        t.unique(['tenant_id', 'code']);
        t.index(['tenant_id', 'arabic_name']);
      });
      await knex.schema.createTable('md_discount_types', (t) => {
        t.string('id', 36).primary();
        t.string('tenant_id', 36).notNullable();
        t.string('code', 20).notNullable();
        t.bigInteger('code_number').nullable();
        t.string('arabic_name', 200).notNullable();
        t.string('english_name', 200).notNullable();
        t.bigInteger('discount_percentage').nullable();
        t.string('secret_code', 200).nullable();
        t.text('allowed_users').nullable();
        t.boolean('is_active').notNullable().defaultTo(false);
        t.string('created_at', 30).notNullable();
        t.string('updated_at', 30).notNullable();
        t.unique(['tenant_id', 'code']);
        t.index(['tenant_id', 'arabic_name']);
      });
    },
  },
  {
    name: 'sales_0002_customers',
    async up(knex) {
      await knex.schema.createTable('md_customers', (t) => {
        t.string('id', 36).primary();
        t.string('tenant_id', 36).notNullable();
        t.string('code', 20).notNullable();
        t.bigInteger('code_number').nullable();
        t.string('arabic_name', 200).notNullable();
        t.string('english_name', 200).notNullable();
        t.string('phone', 200).nullable();
        t.string('landline', 20).nullable();
        t.string('email', 200).nullable();
        t.string('contact_person', 120).nullable();
        t.string('tax_number', 200).nullable();
        t.boolean('is_company').notNullable().defaultTo(false);
        t.bigInteger('credit_limit').nullable();
        t.integer('allowance_days').nullable();
        t.string('start_dealing_date', 10).nullable();
        t.boolean('suspended').notNullable().defaultTo(false);
        t.string('bank_account_number', 34).nullable();
        t.string('iban', 200).nullable();
        t.string('country', 60).nullable();
        t.string('city', 60).nullable();
        t.string('district', 60).nullable();
        t.string('street_name', 120).nullable();
        t.string('building_number', 4).nullable();
        t.string('postal_code', 5).nullable();
        t.string('extra_number', 4).nullable();
        t.string('another_id', 30).nullable();
        t.string('address', 300).nullable();
        t.text('notes').nullable();
        t.string('area_id', 36).nullable().index();
        t.boolean('is_cash_customer').notNullable().defaultTo(false);
        t.string('created_at', 30).notNullable();
        t.string('updated_at', 30).notNullable();
        t.unique(['tenant_id', 'code']);
        t.unique(['tenant_id', 'phone']);
        t.unique(['tenant_id', 'tax_number']);
        t.index(['tenant_id', 'arabic_name']);
      });
    },
  },
  {
    // issue 14: agents, their itineraries, dealers' classification; the customer's remaining fields; the
    // replicas of inventory's price lists and accounts' chart that customers name
    name: 'sales_0003_dealers',
    async up(knex) {
      await knex.schema.createTable('md_dealers_classifications', (t) => {
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
      await knex.schema.createTable('md_agents', (t) => {
        t.string('id', 36).primary();
        t.string('tenant_id', 36).notNullable();
        t.string('code', 20).notNullable();
        t.bigInteger('code_number').nullable();
        t.string('arabic_name', 200).notNullable();
        t.string('english_name', 200).notNullable();
        t.string('phone', 200).nullable();
        t.string('nature', 200).nullable();
        t.string('commission_channel', 200).nullable();
        t.bigInteger('commission_percentage').nullable();
        t.bigInteger('max_commission').nullable();
        t.boolean('is_active').notNullable().defaultTo(false);
        t.text('notes').nullable();
        t.string('created_at', 30).notNullable();
        t.string('updated_at', 30).notNullable();
        t.unique(['tenant_id', 'code']);
        t.index(['tenant_id', 'arabic_name']);
        t.unique(['tenant_id', 'phone']);
      });
      await knex.schema.createTable('md_agents_commission_ranges', (t) => {
        t.string('tenant_id', 36).notNullable();
        t.string('parent_id', 36).notNullable();
        t.integer('line_no').notNullable();
        t.bigInteger('from_amount').nullable();
        t.bigInteger('to_amount').nullable();
        t.string('commission_type', 200).nullable();
        t.bigInteger('commission').nullable();
        t.primary(['tenant_id', 'parent_id', 'line_no']);
      });
      await knex.schema.createTable('md_agent_itineraries', (t) => {
        t.string('id', 36).primary();
        t.string('tenant_id', 36).notNullable();
        t.string('code', 20).notNullable();
        t.bigInteger('code_number').nullable();
        t.string('arabic_name', 200).notNullable();
        t.string('english_name', 200).notNullable();
        t.string('agent_id', 36).nullable().index();
        t.string('week_day', 200).nullable();
        t.string('area_id', 36).nullable().index();
        t.text('customers').nullable();
        t.text('notes').nullable();
        t.string('created_at', 30).notNullable();
        t.string('updated_at', 30).notNullable();
        t.unique(['tenant_id', 'code']);
        t.index(['tenant_id', 'arabic_name']);
      });
      await knex.schema.alterTable('md_customers', (t) => {
        t.string('agent_id', 36).nullable().index();
        t.string('classification_id', 36).nullable().index();
        t.string('price_list_id', 36).nullable();
        t.string('account_id', 36).nullable();
        t.bigInteger('opening_debit').nullable();
        t.bigInteger('opening_credit').nullable();
      });
      for (const table of ['replica_md_price_lists', 'replica_md_accounts'])
        await knex.schema.createTable(table, (t) => {
          t.string('tenant_id', 36).notNullable();
          t.string('id', 36).notNullable();
          t.string('code', 20).notNullable();
          t.string('arabic_name', 200).notNullable();
          t.string('english_name', 200).notNullable();
          t.boolean('deleted').notNullable();
          t.text('record').notNullable();
          t.string('as_of', 30).notNullable();
          t.primary(['tenant_id', 'id']);
        });
    },
  },
  {
    // issue 14: quotations, sales orders, invoices and returns on the money-document engine; the replicas of
    // what their lines name (inventory's items, units and stores; accounts' payment methods); each issuing
    // unit's unbroken invoice counter and hash chain
    name: 'sales_0004_documents',
    async up(knex) {
      for (const table of [
        'replica_md_items',
        'replica_md_units',
        'replica_md_stores',
        'replica_md_payment_methods',
      ])
        await knex.schema.createTable(table, (t) => {
          t.string('tenant_id', 36).notNullable();
          t.string('id', 36).notNullable();
          t.string('code', 20).notNullable();
          t.string('arabic_name', 200).notNullable();
          t.string('english_name', 200).notNullable();
          t.boolean('deleted').notNullable();
          t.text('record').notNullable();
          t.string('as_of', 30).notNullable();
          t.primary(['tenant_id', 'id']);
        });
      const documents: [string, SalesDocumentTableOptions][] = [
        ['doc_quotations', { payments: false, converted: false, reason: false }],
        ['doc_sales_orders', { payments: false, converted: true, reason: false }],
        ['doc_sales_invoices', { payments: true, converted: true, reason: false }],
        ['doc_sales_returns', { payments: true, converted: true, reason: true }],
      ];
      for (const [table, o] of documents) await createSalesDocumentTables(knex, table, o);
      // each user's rights on sales documents (identity's user events; spec section 6)
      await knex.schema.createTable('sales_user_limits', (t) => {
        t.string('tenant_id', 36).notNullable();
        t.string('user_id', 36).notNullable();
        t.bigInteger('max_allowed_discount').notNullable();
        t.boolean('can_exceed_original_quantity').notNullable();
        t.boolean('can_raise_price').notNullable();
        t.boolean('can_save_with_remainder').notNullable();
        t.string('as_of', 30).notNullable();
        t.primary(['tenant_id', 'user_id']);
      });
      await knex.schema.createTable('sales_issue_units', (t) => {
        t.string('tenant_id', 36).notNullable();
        t.string('unit', 80).notNullable();
        t.bigInteger('counter').notNullable();
        t.string('last_hash', 64).notNullable();
        t.primary(['tenant_id', 'unit']);
      });
    },
  },
  {
    // issue 14 deliverable 7: the sales reports read issued documents by date, branch, customer and agent, and a
    // year's sales by item from a summary per branch, item and unit, by day, month ('2025-03') and year ('2025'),
    // kept at issue and cancel (reports/figures.ts)
    name: 'sales_0005_sales_reports',
    async up(knex) {
      for (const table of ['doc_sales_invoices', 'doc_sales_returns'])
        await knex.schema.alterTable(table, (t) => {
          t.index(['tenant_id', 'status', 'date'], `${table}_status_date_index`);
          t.index(['tenant_id', 'agent_id', 'date'], `${table}_agent_date_index`);
          t.index(['tenant_id', 'customer_id', 'date'], `${table}_customer_date_index`);
        });
      await knex.schema.createTable('sales_item_days', (t) => {
        t.string('tenant_id', 36).notNullable();
        t.string('branch_id', 36).notNullable();
        t.string('date', 10).notNullable();
        t.string('item_id', 36).notNullable();
        t.string('unit_id', 36).notNullable();
        for (const c of ['sold', 'returned']) {
          t.bigInteger(`${c}_quantity`).notNullable().defaultTo(0);
          t.bigInteger(`${c}_net`).notNullable().defaultTo(0);
          t.bigInteger(`${c}_vat`).notNullable().defaultTo(0);
        }
        t.primary(['tenant_id', 'branch_id', 'date', 'item_id', 'unit_id']);
        t.index(['tenant_id', 'date'], 'sales_item_days_date_index');
      });
      // documents issued before the summary: the first report makes it (reports/figures.ts)
      await knex.schema.createTable('sales_report_rebuilds', (t) => {
        t.string('name', 60).primary();
      });
      const issued = await knex('doc_sales_invoices').where({ status: 'issued' }).first('id');
      const returned = await knex('doc_sales_returns').where({ status: 'issued' }).first('id');
      if (issued || returned) await knex('sales_report_rebuilds').insert({ name: 'sales_item_days' });
    },
  },
  {
    // issue 14: drafted (under-procedure) sales, reservations and contracts, each converted into invoices; a
    // contract's period
    name: 'sales_0006_drafted_reservations_contracts',
    async up(knex) {
      const plain = { payments: false, converted: false, reason: false };
      await createSalesDocumentTables(knex, 'doc_drafted_sales', plain);
      await createSalesDocumentTables(knex, 'doc_reservations', plain);
      await createSalesDocumentTables(knex, 'doc_sales_contracts', {
        ...plain,
        extra: (t) => {
          t.string('start_date', 10).nullable();
          t.string('end_date', 10).nullable();
        },
      });
    },
  },
  {
    // issue 14: a car showroom's invoice names the car (chassis unique among standing invoices, colour, condition)
    name: 'sales_0007_car_fields',
    async up(knex) {
      await knex.schema.alterTable('doc_sales_invoices', (t) => {
        t.string('chassis_number', 30).nullable();
        t.string('car_color', 40).nullable();
        t.string('car_condition', 200).nullable();
        t.index(['tenant_id', 'chassis_number'], 'doc_sales_invoices_chassis_index');
      });
    },
  },
  {
    // issue 14: the per-item summary read for a period without touching the table's rows. The summary's key
    // leads with the branch, so a period's rows lie apart; this index (branch and the rest of the key ride
    // along in InnoDB's secondary index) holds everything the report sums, in period order.
    name: 'sales_0008_item_days_cover',
    async up(knex) {
      await knex.schema.alterTable('sales_item_days', (t) => {
        t.dropIndex(['tenant_id', 'date'], 'sales_item_days_date_index');
        t.index(
          [
            'tenant_id',
            'date',
            'item_id',
            'unit_id',
            'branch_id',
            'sold_quantity',
            'sold_net',
            'sold_vat',
            'returned_quantity',
            'returned_net',
            'returned_vat',
          ],
          'sales_item_days_cover_index',
        );
      });
    },
  },
  {
    // issue 15: tills, each an issuing unit of its own (its chain in sales_issue_units as 'till:{id}'), and each
    // till's sales as they arrive: issued, or kept for a supervisor with the reason, in their place in the chain
    name: 'sales_0009_pos_tills',
    async up(knex) {
      await knex.schema.createTable('pos_tills', (t) => {
        t.string('tenant_id', 36).notNullable();
        t.string('id', 36).notNullable();
        t.string('branch_id', 64).notNullable();
        t.integer('seq').notNullable();
        t.string('code', 20).notNullable();
        t.string('unit', 80).notNullable();
        t.string('name', 200).notNullable();
        t.string('created_by', 36).nullable();
        t.string('created_at', 30).notNullable();
        t.primary(['tenant_id', 'id']);
        t.unique(['tenant_id', 'code']);
      });
      await knex.schema.createTable('pos_sales', (t) => {
        t.string('tenant_id', 36).notNullable();
        t.string('till_id', 36).notNullable();
        t.bigInteger('counter').notNullable();
        t.string('uuid', 36).notNullable();
        t.string('number', 40).notNullable();
        t.string('status', 20).notNullable();
        t.string('invoice_id', 36).nullable();
        t.string('reason', 80).nullable();
        t.text('params').nullable();
        t.text('payload', 'mediumtext').notNullable();
        t.string('previous_hash', 64).notNullable();
        t.string('hash', 64).notNullable();
        t.string('issued_at', 30).notNullable();
        t.string('date', 10).notNullable();
        t.bigInteger('total').notNullable();
        t.string('created_by', 36).nullable();
        t.string('created_at', 30).notNullable();
        t.string('resolved_at', 30).nullable();
        t.string('resolved_by', 36).nullable();
        t.primary(['tenant_id', 'till_id', 'counter']);
        t.unique(['tenant_id', 'uuid']);
        t.index(['tenant_id', 'status', 'created_at']);
      });
      // a return at the till finds its invoice by the receipt's number or the moment its QR code names
      await knex.schema.alterTable('doc_sales_invoices', (t) => {
        t.index(['tenant_id', 'reference_number'], 'doc_sales_invoices_reference_index');
        t.index(['tenant_id', 'issued_at'], 'doc_sales_invoices_issued_at_index');
      });
    },
  },
  {
    // issue 15, deliverable 5: cashiers' shifts (the spec's safe transactions) on accounts' safes, kept here as a
    // replica; `open_user` holds the user while the shift is open (null once closed), so one open shift a user
    // is a unique key on every engine (nulls never collide)
    name: 'sales_0010_safe_transactions',
    async up(knex) {
      await knex.schema.createTable('replica_md_safes', (t) => {
        t.string('tenant_id', 36).notNullable();
        t.string('id', 36).notNullable();
        t.string('code', 20).notNullable();
        t.string('arabic_name', 200).notNullable();
        t.string('english_name', 200).notNullable();
        t.boolean('deleted').notNullable();
        t.text('record').notNullable();
        t.string('as_of', 30).notNullable();
        t.primary(['tenant_id', 'id']);
      });
      await knex.schema.createTable('sales_safe_transactions', (t) => {
        t.string('tenant_id', 36).notNullable();
        t.string('id', 36).notNullable();
        t.bigInteger('seq').notNullable();
        t.string('branch_id', 64).notNullable();
        t.string('safe_id', 36).notNullable();
        t.string('user_id', 36).notNullable();
        t.string('open_user', 36).nullable();
        t.string('status', 10).notNullable();
        t.string('opened_at', 30).notNullable();
        t.bigInteger('opening_balance').notNullable();
        t.string('closed_at', 30).nullable();
        t.string('closed_by', 36).nullable();
        t.bigInteger('actual_balance').nullable();
        t.bigInteger('net_sales').nullable();
        t.bigInteger('cash').nullable();
        t.bigInteger('other_payment').nullable();
        t.bigInteger('returns').nullable();
        t.bigInteger('cash_returns').nullable();
        t.integer('invoices').nullable();
        t.integer('return_documents').nullable();
        t.bigInteger('expected_cash').nullable();
        t.bigInteger('deficit').nullable();
        t.primary(['tenant_id', 'id']);
        t.unique(['tenant_id', 'seq']);
        t.unique(['tenant_id', 'open_user']);
        t.index(['tenant_id', 'branch_id', 'opened_at']);
      });
      // a shift's documents: the user's issued invoices and returns in its window
      for (const table of ['doc_sales_invoices', 'doc_sales_returns'])
        await knex.schema.alterTable(table, (t) => {
          t.index(['tenant_id', 'created_by', 'issued_at'], `${table}_issuer_index`);
        });
    },
  },
  {
    // issue 15: the till's catalogue feed pages the items' replica by (as_of, id) after a cursor
    name: 'sales_0011_pos_catalog_cursor',
    async up(knex) {
      await knex.schema.alterTable('replica_md_items', (t) => {
        t.index(['tenant_id', 'as_of', 'id'], 'replica_md_items_as_of');
      });
    },
  },
  {
    // issue 15: the catalogue feed pages by the order sales applied the items' events (feed_seq, then id), not by
    // when they happened: an event late by more than any margin still comes after every till's cursor. Rows
    // written before keep 0 and are paged by id.
    name: 'sales_0012_pos_catalog_feed',
    async up(knex) {
      await knex.schema.alterTable('replica_md_items', (t) => {
        t.bigInteger('feed_seq').notNullable().defaultTo(0);
        t.index(['tenant_id', 'feed_seq', 'id'], 'replica_md_items_feed');
      });
      await knex.schema.createTable('sales_feed_counters', (t) => {
        t.string('tenant_id', 36).notNullable();
        t.string('feed', 40).notNullable();
        t.bigInteger('last').notNullable();
        t.primary(['tenant_id', 'feed']);
      });
    },
  },
];
