import type { Migration } from '@erp/service-kit';

/**
 * Frozen: each migration states the schema it makes, as it was when written, and never reads today's
 * declarations. A field added to a declaration later gets a new migration appended here (the declared-schema
 * test fails until it exists; the upgrade test proves an earlier database reaches the same schema).
 */
export const purchasesMigrations: Migration[] = [
  {
    name: 'purchases_0001_suppliers',
    async up(knex) {
      await knex.schema.createTable('md_suppliers', (t) => {
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
        t.string('created_at', 30).notNullable();
        t.string('updated_at', 30).notNullable();
        t.unique(['tenant_id', 'code']);
        t.unique(['tenant_id', 'phone']);
        t.unique(['tenant_id', 'tax_number']);
        t.index(['tenant_id', 'arabic_name']);
      });
    },
  },
];
