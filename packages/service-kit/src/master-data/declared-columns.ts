import {
  columnOf,
  documentLinesTableOf,
  documentTableOf,
  linesTableOf,
  tableOf,
  type DocumentDef,
  type EntityDef,
  type FieldDef,
} from '@erp/contracts';

/**
 * The column the stores read and write for a declared field, by kind. Migrations never derive their tables
 * from the declarations (they are frozen: a migration states the schema it makes); this is what a migration
 * adding a field must make, and what the declared-schema test checks every migrated database against.
 */
export type ColumnKind = 'string' | 'text' | 'bigint' | 'integer' | 'boolean';

export interface DeclaredColumn {
  table: string;
  column: string;
  kind: ColumnKind;
  /** Characters, for `string` columns. */
  length?: number;
  nullable: boolean;
}

/**
 * In knex: `string(c, length)`, `text(c)`, `bigInteger(c)`, `integer(c)`, all `.nullable()` (an empty field is
 * null), or `boolean(c).notNullable().defaultTo(false)`.
 */
export function columnKindOf(f: FieldDef): Omit<DeclaredColumn, 'table' | 'column'> | null {
  const kind = kindOf(f);
  return kind && { ...kind, nullable: kind.kind !== 'boolean' };
}

function kindOf(f: FieldDef): Pick<DeclaredColumn, 'kind' | 'length'> | null {
  switch (f.kind) {
    case 'decimal':
      // scaled by 10^4 (toStored)
      return { kind: 'bigint' };
    case 'integer':
      return { kind: 'integer' };
    case 'boolean':
      return { kind: 'boolean' };
    case 'textarea':
    case 'references':
      return { kind: 'text' };
    case 'reference':
      return { kind: 'string', length: 36 };
    case 'date':
      return { kind: 'string', length: 10 };
    case 'secret':
      // holds the hash, not the code
      return { kind: 'string', length: 200 };
    case 'lines':
      // a child table of its own
      return null;
    default:
      return { kind: 'string', length: f.max ?? 200 };
  }
}

function fieldColumns(table: string, fields: readonly FieldDef[]): DeclaredColumn[] {
  return fields.flatMap((f) => {
    const kind = columnKindOf(f);
    return kind ? [{ table, column: columnOf(f.name), ...kind }] : [];
  });
}

/** The columns of an entity's table and of each of its `lines` fields' child tables (`md_<entity>_<field>`). */
export function entityColumns(entity: EntityDef): DeclaredColumn[] {
  return [
    ...fieldColumns(tableOf(entity), entity.fields),
    ...entity.fields
      .filter((f) => f.kind === 'lines')
      .flatMap((f) => fieldColumns(linesTableOf(entity, f.name), f.lineFields ?? [])),
  ];
}

/** The header fields' columns in `doc_<name>` and the line fields' in `doc_<name>_lines`. */
export function documentColumns(doc: DocumentDef): DeclaredColumn[] {
  return [
    ...fieldColumns(documentTableOf(doc), doc.header),
    ...fieldColumns(documentLinesTableOf(doc), doc.lines),
  ];
}
