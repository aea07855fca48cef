import type { Db } from '@erp/service-kit';

/**
 * A database's schema as the engine reports it, in a form two databases can be compared with: every table's
 * columns (name, type, nullability, default) and indexes (name, columns, unique), and SQLite's triggers.
 */
export interface ColumnShape {
  name: string;
  type: string;
  nullable: boolean;
  default: string | null;
}
export interface IndexShape {
  name: string;
  columns: string[];
  unique: boolean;
}
export interface TableShape {
  columns: ColumnShape[];
  indexes: IndexShape[];
}
export interface SchemaShape {
  tables: Record<string, TableShape>;
  triggers: Record<string, string>;
}

export const isSqlite = (db: Db) => String(db.client.config.client) === 'better-sqlite3';

export async function listTables(db: Db): Promise<string[]> {
  if (isSqlite(db)) {
    const rows = (await db('sqlite_master')
      .where({ type: 'table' })
      .andWhereNot('name', 'like', 'sqlite_%')
      .orderBy('name')
      .select('name')) as { name: string }[];
    return rows.map((r) => r.name);
  }
  const rows = (await db('information_schema.tables')
    .whereRaw('table_schema = database()')
    .andWhere('table_type', 'BASE TABLE')
    .orderBy('table_name')
    .select({ name: 'table_name' })) as { name: string }[];
  return rows.map((r) => r.name);
}

interface SqliteColumn {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
}

async function sqliteTable(db: Db, table: string): Promise<TableShape> {
  const columns = (await db.raw(`pragma table_info(\`${table}\`)`)) as SqliteColumn[];
  const list = (await db.raw(`pragma index_list(\`${table}\`)`)) as { name: string; unique: number }[];
  const indexes: IndexShape[] = [];
  for (const index of list) {
    const parts = (await db.raw(`pragma index_info(\`${index.name}\`)`)) as { seqno: number; name: string }[];
    indexes.push({
      name: index.name,
      columns: [...parts].sort((a, b) => a.seqno - b.seqno).map((p) => p.name),
      unique: index.unique === 1,
    });
  }
  return {
    columns: columns.map((c) => ({
      name: c.name,
      type: c.type.toLowerCase(),
      // a primary key column is never null in practice; SQLite reports the declaration
      nullable: c.notnull === 0 && c.pk === 0,
      default: c.dflt_value,
    })),
    indexes: indexes.sort((a, b) => a.name.localeCompare(b.name)),
  };
}

interface MysqlColumn {
  name: string;
  type: string;
  nullable: string;
  dflt: string | null;
  extra: string;
}

async function mysqlTable(db: Db, table: string): Promise<TableShape> {
  const columns = (await db('information_schema.columns')
    .whereRaw('table_schema = database()')
    .andWhere('table_name', table)
    .orderBy('ordinal_position')
    .select({
      name: 'column_name',
      type: 'column_type',
      nullable: 'is_nullable',
      dflt: 'column_default',
      extra: 'extra',
    })) as MysqlColumn[];
  const parts = (await db('information_schema.statistics')
    .whereRaw('table_schema = database()')
    .andWhere('table_name', table)
    .orderBy(['index_name', 'seq_in_index'])
    .select({ name: 'index_name', column: 'column_name', nonUnique: 'non_unique' })) as {
    name: string;
    column: string;
    nonUnique: number | string;
  }[];
  const indexes = new Map<string, IndexShape>();
  for (const p of parts) {
    const index = indexes.get(p.name) ?? { name: p.name, columns: [], unique: Number(p.nonUnique) === 0 };
    index.columns.push(p.column);
    indexes.set(p.name, index);
  }
  return {
    columns: columns.map((c) => ({
      name: c.name,
      type: `${c.type.toLowerCase()}${c.extra ? ` ${c.extra.toLowerCase()}` : ''}`,
      nullable: c.nullable === 'YES',
      default: c.dflt,
    })),
    indexes: [...indexes.values()],
  };
}

export async function readSchema(db: Db): Promise<SchemaShape> {
  const tables: Record<string, TableShape> = {};
  for (const table of await listTables(db))
    tables[table] = isSqlite(db) ? await sqliteTable(db, table) : await mysqlTable(db, table);
  const triggers: Record<string, string> = {};
  if (isSqlite(db)) {
    const rows = (await db('sqlite_master').where({ type: 'trigger' }).select('name', 'sql')) as {
      name: string;
      sql: string;
    }[];
    for (const r of rows) triggers[r.name] = r.sql;
  }
  return { tables, triggers };
}
