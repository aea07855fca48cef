import type { Migration } from '@erp/service-kit';

/**
 * Frozen: each migration states the schema it makes, as it was when written, and never reads today's
 * declarations. A field added to a declaration later gets a new migration appended here (the declared-schema
 * test fails until it exists; the upgrade test proves an earlier database reaches the same schema).
 */
export const concreteMigrations: Migration[] = [
  {
    name: 'concrete_0001_main_data',
    async up(knex) {
      await knex.schema.createTable('md_car_colors', (t) => {
        t.string('id', 36).primary();
        t.string('tenant_id', 36).notNullable();
        t.string('code', 20).notNullable();
        t.bigInteger('code_number').nullable();
        t.string('arabic_name', 200).notNullable();
        t.string('english_name', 200).notNullable();
        t.string('created_at', 30).notNullable();
        t.string('updated_at', 30).notNullable();
        t.unique(['tenant_id', 'code']);
        t.index(['tenant_id', 'arabic_name']);
      });
      await knex.schema.createTable('md_car_types', (t) => {
        t.string('id', 36).primary();
        t.string('tenant_id', 36).notNullable();
        t.string('code', 20).notNullable();
        t.bigInteger('code_number').nullable();
        t.string('arabic_name', 200).notNullable();
        t.string('english_name', 200).notNullable();
        t.string('kind', 200).nullable();
        t.string('created_at', 30).notNullable();
        t.string('updated_at', 30).notNullable();
        t.unique(['tenant_id', 'code']);
        t.index(['tenant_id', 'arabic_name']);
      });
      await knex.schema.createTable('md_cars', (t) => {
        t.string('id', 36).primary();
        t.string('tenant_id', 36).notNullable();
        t.string('code', 20).notNullable();
        t.bigInteger('code_number').nullable();
        t.string('arabic_name', 200).notNullable();
        t.string('english_name', 200).notNullable();
        t.string('plate_number', 20).nullable();
        t.string('chassis_number', 30).nullable();
        t.string('car_type_id', 36).nullable().index();
        t.string('car_color_id', 36).nullable().index();
        t.string('model', 40).nullable();
        t.bigInteger('capacity').nullable();
        t.boolean('is_active').notNullable().defaultTo(false);
        t.string('created_at', 30).notNullable();
        t.string('updated_at', 30).notNullable();
        t.unique(['tenant_id', 'code']);
        t.unique(['tenant_id', 'plate_number']);
        t.unique(['tenant_id', 'chassis_number']);
        t.index(['tenant_id', 'arabic_name']);
      });
      await knex.schema.createTable('md_drivers', (t) => {
        t.string('id', 36).primary();
        t.string('tenant_id', 36).notNullable();
        t.string('code', 20).notNullable();
        t.bigInteger('code_number').nullable();
        t.string('arabic_name', 200).notNullable();
        t.string('english_name', 200).notNullable();
        t.string('phone', 200).nullable();
        t.string('license_number', 30).nullable();
        t.string('car_id', 36).nullable().index();
        t.boolean('is_active').notNullable().defaultTo(false);
        t.string('created_at', 30).notNullable();
        t.string('updated_at', 30).notNullable();
        t.unique(['tenant_id', 'code']);
        t.unique(['tenant_id', 'phone']);
        t.unique(['tenant_id', 'license_number']);
        t.index(['tenant_id', 'arabic_name']);
      });
      await knex.schema.createTable('md_projects', (t) => {
        t.string('id', 36).primary();
        t.string('tenant_id', 36).notNullable();
        t.string('code', 20).notNullable();
        t.bigInteger('code_number').nullable();
        t.string('arabic_name', 200).notNullable();
        t.string('english_name', 200).notNullable();
        t.string('address', 300).nullable();
        t.string('contact_person', 120).nullable();
        t.string('phone', 200).nullable();
        t.text('notes').nullable();
        t.string('created_at', 30).notNullable();
        t.string('updated_at', 30).notNullable();
        t.unique(['tenant_id', 'code']);
        t.index(['tenant_id', 'arabic_name']);
      });
      await knex.schema.createTable('md_cement_types', (t) => {
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
      await knex.schema.createTable('md_casting_types', (t) => {
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
      await knex.schema.createTable('md_max_temperatures', (t) => {
        t.string('id', 36).primary();
        t.string('tenant_id', 36).notNullable();
        t.string('code', 20).notNullable();
        t.bigInteger('code_number').nullable();
        t.string('arabic_name', 200).notNullable();
        t.string('english_name', 200).notNullable();
        t.bigInteger('temperature').nullable();
        t.string('created_at', 30).notNullable();
        t.string('updated_at', 30).notNullable();
        t.unique(['tenant_id', 'code']);
        t.index(['tenant_id', 'arabic_name']);
      });
    },
  },
];
