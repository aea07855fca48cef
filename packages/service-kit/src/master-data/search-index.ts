import type { Knex } from 'knex';
import { columnOf, tableOf, type EntityDef } from '@erp/contracts';
import type { Executor } from '../db/database';
import type { TenantScope } from '../db/tenant-scope';

/**
 * A "contains" search over a large entity (100k items) without reading every row: on SQLite (the embedded
 * mode) an FTS5 trigram index of the searched columns, kept by triggers, answers `LIKE '%term%'` from the
 * index for terms of three characters or more. MySQL keeps the plain LIKE (no migration is run there).
 */
export const searchIndexOf = (entity: EntityDef) => `${tableOf(entity)}_search`;

const searchedColumns = (entity: EntityDef) => [
  'code',
  'arabic_name',
  'english_name',
  ...entity.fields.filter((f) => f.search).map((f) => columnOf(f.name)),
];

const isSqlite = (db: Executor) => String(db.client.config.client) === 'better-sqlite3';

/** Creates and fills the index of an entity (a migration calls it); nothing on MySQL. */
export async function createSearchIndex(knex: Knex, entity: EntityDef): Promise<void> {
  if (!isSqlite(knex)) return;
  const table = tableOf(entity);
  const fts = searchIndexOf(entity);
  const columns = searchedColumns(entity);
  const list = columns.join(', ');
  const values = (row: 'new' | 'old') => columns.map((c) => `${row}.${c}`).join(', ');
  await knex.raw(
    `create virtual table ${fts} using fts5(${list}, content='${table}', content_rowid='rowid', tokenize='trigram')`,
  );
  await knex.raw(
    `create trigger ${fts}_insert after insert on ${table} begin insert into ${fts}(rowid, ${list}) values (new.rowid, ${values('new')}); end`,
  );
  await knex.raw(
    `create trigger ${fts}_delete after delete on ${table} begin insert into ${fts}(${fts}, rowid, ${list}) values ('delete', old.rowid, ${values('old')}); end`,
  );
  await knex.raw(
    `create trigger ${fts}_update after update on ${table} begin insert into ${fts}(${fts}, rowid, ${list}) values ('delete', old.rowid, ${values('old')}); insert into ${fts}(rowid, ${list}) values (new.rowid, ${values('new')}); end`,
  );
  await knex.raw(`insert into ${fts}(${fts}) values ('rebuild')`);
}

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
  if (!term || [...term].length < 3 || !(await hasSearchIndex(s.db, entity))) return false;
  const fts = searchIndexOf(entity);
  // a quoted phrase: every character literal, as the LIKE path escapes its wildcards
  q.whereRaw(`${tableOf(entity)}.rowid in (select rowid from ${fts} where ${fts} match ?)`, [
    `"${term.replace(/"/g, '""')}"`,
  ]);
  return true;
}
