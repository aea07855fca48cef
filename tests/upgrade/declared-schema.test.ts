import { documentDefinitions, masterDataEntities, tableOf } from '@erp/contracts';
import {
  documentColumns,
  entityColumns,
  searchedColumns,
  searchIndexOf,
  type DeclaredColumn,
} from '@erp/service-kit';
import { engines } from '../support/databases';
import type { FixtureService } from './fixture-databases';
import { freshSchemas } from './fresh-install';
import type { ColumnShape, SchemaShape } from './schema';

/** What an engine's column type is, in the declarations' terms. */
function kindOfType(type: string): Pick<DeclaredColumn, 'kind' | 'length'> | { kind: string } {
  const varchar = /^varchar\((\d+)\)/.exec(type);
  if (varchar) return { kind: 'string', length: Number(varchar[1]) };
  if (/^bigint\b/.test(type)) return { kind: 'bigint' };
  if (/^(integer|int)\b/.test(type)) return { kind: 'integer' };
  if (/^(boolean|tinyint\(1\))/.test(type)) return { kind: 'boolean' };
  if (/^(text|mediumtext|longtext)\b/.test(type)) return { kind: 'text' };
  return { kind: type };
}

function found(schema: SchemaShape, c: DeclaredColumn) {
  const column: ColumnShape | undefined = schema.tables[c.table]?.columns.find((x) => x.name === c.column);
  if (!column) return { table: c.table, column: c.column, missing: 'no such column: write its migration' };
  return { table: c.table, column: c.column, ...kindOfType(column.type), nullable: column.nullable };
}

/**
 * A declaration changed without its migration fails here: every field of every entity and document has its
 * column, of its kind, in the schema a fresh install's migrations make (migrations never read declarations).
 */
describe.each(engines())('the migrations make every declared field’s column, on %s', (engine) => {
  let schemas: Record<FixtureService, SchemaShape>;
  beforeAll(async () => {
    schemas = await freshSchemas(engine);
  });

  it.each(masterDataEntities.map((e) => [e.name, e] as const))('entity %s', (_, entity) => {
    const schema = schemas[entity.service as FixtureService];
    for (const c of entityColumns(entity)) expect(found(schema, c)).toEqual(c);
  });

  it.each(documentDefinitions.map((d) => [d.name, d] as const))('document %s', (_, doc) => {
    const schema = schemas[doc.service as FixtureService];
    for (const c of documentColumns(doc)) expect(found(schema, c)).toEqual(c);
  });

  if (engine === 'sqlite')
    it('each search index holds the searched columns', () => {
      const indexed = masterDataEntities.filter(
        (e) => schemas[e.service as FixtureService].tables[searchIndexOf(e)],
      );
      expect(indexed.map(tableOf)).toContain('md_items');
      for (const entity of indexed) {
        const index = schemas[entity.service as FixtureService].tables[searchIndexOf(entity)]!;
        expect({ entity: entity.name, columns: index.columns.map((c) => c.name) }).toEqual({
          entity: entity.name,
          columns: searchedColumns(entity),
        });
      }
    });
});
