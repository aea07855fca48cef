import type { Migration } from '@erp/service-kit';

/**
 * Frozen: each migration states the schema it makes, as it was when written, and never reads today's
 * declarations. A field added to a declaration later gets a new migration appended here (the declared-schema
 * test fails until it exists; the upgrade test proves an earlier database reaches the same schema).
 */
export const restaurantMigrations: Migration[] = [
  {
    name: 'restaurant_0001_main_data',
    async up(knex) {
      await knex.schema.createTable('md_tables', (t) => {
        t.string('id', 36).primary();
        t.string('tenant_id', 36).notNullable();
        t.string('code', 20).notNullable();
        t.bigInteger('code_number').nullable();
        t.string('arabic_name', 200).notNullable();
        t.string('english_name', 200).notNullable();
        t.integer('table_number').nullable();
        t.integer('chairs').nullable();
        t.string('section', 60).nullable();
        t.boolean('is_active').notNullable().defaultTo(false);
        t.string('created_at', 30).notNullable();
        t.string('updated_at', 30).notNullable();
        t.unique(['tenant_id', 'code']);
        t.unique(['tenant_id', 'table_number']);
        t.index(['tenant_id', 'arabic_name']);
      });
    },
  },
];
