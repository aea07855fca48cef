import type { Knex } from 'knex';
import { columnOf, linesTableOf, tableOf, type EntityDef, type FieldDef } from '@erp/contracts';

export function addColumn(t: Knex.CreateTableBuilder, f: FieldDef): void {
  const c = columnOf(f.name);
  switch (f.kind) {
    case 'decimal':
      t.bigInteger(c).nullable();
      break;
    case 'integer':
      t.integer(c).nullable();
      break;
    case 'boolean':
      t.boolean(c).notNullable().defaultTo(false);
      break;
    case 'textarea':
    case 'references':
      t.text(c).nullable();
      break;
    case 'reference':
      t.string(c, 36).nullable().index();
      break;
    case 'date':
      t.string(c, 10).nullable();
      break;
    case 'secret':
      // holds the hash, not the code
      t.string(c, 200).nullable();
      break;
    case 'lines':
      // a child table of its own (createLinesTable)
      break;
    default:
      t.string(c, f.max ?? 200).nullable();
  }
}

const linesFields = (entity: EntityDef) => entity.fields.filter((f) => f.kind === 'lines');

/** The child table of a `lines` field: one row per line, in order; unique line values are indexed. */
export async function createLinesTable(knex: Knex, entity: EntityDef, f: FieldDef): Promise<void> {
  await knex.schema.createTable(linesTableOf(entity, f.name), (t) => {
    t.string('tenant_id', 36).notNullable();
    t.string('parent_id', 36).notNullable();
    t.integer('line_no').notNullable();
    for (const lf of f.lineFields ?? []) addColumn(t, lf);
    t.primary(['tenant_id', 'parent_id', 'line_no']);
    for (const lf of f.lineFields ?? []) if (lf.unique) t.index(['tenant_id', columnOf(lf.name)]);
  });
}

/**
 * Creates an entity's table as declared at the time of the migration that calls it. A field added later needs
 * its own migration (`addEntityColumns`); the schema-drift test fails until it exists.
 */
export async function createEntityTable(knex: Knex, entity: EntityDef): Promise<void> {
  await knex.schema.createTable(tableOf(entity), (t) => {
    t.string('id', 36).primary();
    t.string('tenant_id', 36).notNullable();
    t.string('code', 20).notNullable();
    // the numeric value of an all-digit code, for the next free code
    t.bigInteger('code_number').nullable();
    t.string('arabic_name', 200).notNullable();
    t.string('english_name', 200).notNullable();
    for (const f of entity.fields) addColumn(t, f);
    t.string('created_at', 30).notNullable();
    t.string('updated_at', 30).notNullable();
    t.unique(['tenant_id', 'code']);
    for (const f of entity.fields) if (f.unique) t.unique(['tenant_id', columnOf(f.name)]);
    t.index(['tenant_id', 'arabic_name']);
  });
  for (const f of linesFields(entity)) await createLinesTable(knex, entity, f);
}

export async function addEntityColumns(
  knex: Knex,
  entity: EntityDef,
  fields: readonly string[],
): Promise<void> {
  await knex.schema.alterTable(tableOf(entity), (t) => {
    for (const name of fields) {
      const f = entity.fields.find((x) => x.name === name);
      if (!f) throw new Error(`${entity.name} has no field ${name}`);
      addColumn(t, f);
    }
  });
}

/** The columns an entity's table must have, for the schema-drift test. */
export function expectedColumns(entity: EntityDef): string[] {
  return [
    'id',
    'tenant_id',
    'code',
    'code_number',
    'arabic_name',
    'english_name',
    'created_at',
    'updated_at',
    ...entity.fields.filter((f) => f.kind !== 'lines').map((f) => columnOf(f.name)),
  ];
}

/** The child tables of an entity and their columns, for the schema-drift test. */
export function expectedLinesColumns(entity: EntityDef): Record<string, string[]> {
  return Object.fromEntries(
    linesFields(entity).map((f) => [
      linesTableOf(entity, f.name),
      ['tenant_id', 'parent_id', 'line_no', ...(f.lineFields ?? []).map((lf) => columnOf(lf.name))],
    ]),
  );
}
