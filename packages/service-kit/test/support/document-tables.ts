import type { Knex } from 'knex';

/**
 * The engine's columns of a document type's table, as the test types' migrations write them (a service's frozen
 * migration writes them out itself): `own` adds the type's header columns between the common ones and the totals.
 */
export function documentColumns(
  t: Knex.CreateTableBuilder,
  own: (t: Knex.CreateTableBuilder) => void = () => {},
) {
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
  own(t);
  t.integer('revision').notNullable();
  t.bigInteger('total_quantity').notNullable();
  t.bigInteger('total_value').notNullable();
}
