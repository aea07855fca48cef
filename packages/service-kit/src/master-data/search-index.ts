import type { Knex } from 'knex';
import { columnOf, tableOf, type EntityDef } from '@erp/contracts';
import type { Executor } from '../db/database';
import type { TenantScope } from '../db/tenant-scope';

/**
 * A "contains" search over a large entity (100k items) without reading every row: on SQLite (the embedded
 * mode) an FTS5 trigram index of the searched columns, kept by triggers, answers `LIKE '%term%'` from the
 * index for terms of three characters or more. MySQL keeps the plain LIKE. The index and its triggers are made
 * by the entity's own migration (inventory_0006_items_search_index), written out as the table was then.
 */
export const searchIndexOf = (entity: EntityDef) => `${tableOf(entity)}_search`;

/** The columns an entity's search index holds: what search-as-you-type looks in (the declared-schema test). */
export const searchedColumns = (entity: EntityDef) => [
  'code',
  'arabic_name',
  'english_name',
  ...entity.fields.filter((f) => f.search).map((f) => columnOf(f.name)),
];

const isSqlite = (db: Executor) => String(db.client.config.client) === 'better-sqlite3';

const known = new WeakMap<object, Map<string, boolean>>();

async function hasSearchIndex(db: Executor, entity: EntityDef): Promise<boolean> {
  if (!isSqlite(db)) return false;
  const byTable = known.get(db.client.config) ?? new Map<string, boolean>();
  known.set(db.client.config, byTable);
  const fts = searchIndexOf(entity);
  if (!byTable.has(fts))
    byTable.set(fts, Boolean(await db('sqlite_master').where({ type: 'table', name: fts }).first('name')));
  return byTable.get(fts)!;
}

/**
 * Narrows a query of the entity's table to the rows that contain the term, through the index when there is
 * one and the term is long enough for trigrams; false when the caller must search with LIKE instead.
 */
export async function searchThroughIndex(
  s: TenantScope,
  q: Knex.QueryBuilder,
  entity: EntityDef,
  term: string | undefined,
): Promise<boolean> {
  const narrow = await searchIndexFor(s, entity, term);
  narrow?.(q);
  return narrow !== null;
}

/**
 * `searchThroughIndex` in two steps, for a query built more than once (a report's page, count and totals): what
 * narrows a query to the rows containing the term (the entity's table under `alias` if given), or null when
 * the caller must search with LIKE.
 */
export async function searchIndexFor(
  s: TenantScope,
  entity: EntityDef,
  term: string | undefined,
): Promise<((q: Knex.QueryBuilder, alias?: string) => void) | null> {
  if (!term || [...term].length < 3 || !(await hasSearchIndex(s.db, entity))) return null;
  const fts = searchIndexOf(entity);
  // a quoted phrase: every character literal, as the LIKE path escapes its wildcards
  const phrase = `"${term.replace(/"/g, '""')}"`;
  return (q, alias = tableOf(entity)) =>
    q.whereRaw(`${alias}.rowid in (select rowid from ${fts} where ${fts} match ?)`, [phrase]);
}
