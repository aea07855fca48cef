import type { Migration } from '@erp/service-kit';

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
];
