import { type Migration } from '@erp/service-kit';

/** Frozen (see index.ts). The main data and the item catalogue (inventory_0001, 0002). */
export const catalogMigrations: Migration[] = [
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
];
