import type { Knex } from 'knex';
import {
  toStoredRounded,
  storedToString,
  columnOf,
  linesTableOf,
  decimalString,
  STORAGE_SCALE,
  tableOf,
  toStored,
  type EntityDef,
  type FieldDef,
} from '@erp/contracts';
import { bool, parseJson } from '../db/database';
import { paginate, searchColumns, type Page } from '../db/paging';
import type { TenantScope } from '../db/tenant-scope';
import { AppError, type FieldIssue } from '../errors';
import { foreignReplicaOf } from './foreign-replicas';
import { replicaTables } from './replicas';
import { searchThroughIndex } from './search-index';

type Row = Record<string, unknown>;
export type EntityRecord = Record<string, unknown> & {
  id: string;
  code: string;
  arabicName: string;
  englishName: string;
};

export interface ListQuery {
  page: number;
  pageSize: number;
  search?: string | undefined;
  sort?: string | undefined;
  order: 'asc' | 'desc';
  filter?: Record<string, string> | undefined;
}

const BASE_COLUMNS: Record<string, string> = {
  code: 'code',
  arabicName: 'arabic_name',
  englishName: 'english_name',
  createdAt: 'created_at',
};

/**
 * The table a reference points at: an entity of the same service, one of the identity replicas, or the
 * replica of another service's entity that the service's own entities name (`foreign-replicas.ts`).
 */
export function referenceTable(f: FieldDef, entities: readonly EntityDef[]): string {
  const ref = f.reference ?? '';
  if (ref in replicaTables) return replicaTables[ref as keyof typeof replicaTables];
  const target = entities.find((e) => e.name === ref);
  if (target) return tableOf(target);
  const foreign = foreignReplicaOf(ref, entities);
  if (!foreign) throw new Error(`unknown reference ${ref} of ${f.name}`);
  return foreign;
}

/** Replicas whose deleted rows stay (for the names of history) but are no longer valid targets. */
export const hidesDeleted = (table: string) =>
  table === replicaTables.users || table.startsWith('replica_md_');

/** Unique optional values are stored NULL when empty, so that many records may leave them empty. */
export function emptyToNull(f: FieldDef, value: unknown): unknown {
  return f.unique && (value === '' || value === undefined) ? null : value;
}

/** A stored column as the API returns it. */
export function valueOf(f: FieldDef, v: unknown): unknown {
  switch (f.kind) {
    case 'boolean':
      return bool(v);
    case 'integer':
      return v === null || v === undefined ? null : Number(v);
    case 'decimal':
      return v === null || v === undefined ? null : storedToString(v as number);
    case 'references':
      return parseJson<string[]>(v, []);
    case 'reference':
    case 'enum':
      return v === null || v === undefined ? null : String(v);
    default:
      return v === null || v === undefined ? '' : String(v);
  }
}

export const linesFieldsOf = (entity: EntityDef) => entity.fields.filter((f) => f.kind === 'lines');

/** The record of a main row; its lines (if the entity has any) are added by `withLines`. */
export function toRecord(entity: EntityDef, row: Row): EntityRecord {
  const record: EntityRecord = {
    id: String(row.id),
    code: String(row.code),
    arabicName: String(row.arabic_name),
    englishName: String(row.english_name),
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
  };
  for (const f of entity.fields) {
    const v = row[columnOf(f.name)];
    if (f.kind === 'secret') record[`${f.name}IsSet`] = v !== null && v !== undefined && v !== '';
    else if (f.kind === 'lines') record[f.name] = [];
    else record[f.name] = valueOf(f, v);
  }
  return record;
}

/** Fills the lines of records (one query per lines field, whatever the number of records). */
export async function withLines(
  s: TenantScope,
  entity: EntityDef,
  records: EntityRecord[],
): Promise<EntityRecord[]> {
  const fields = linesFieldsOf(entity);
  if (fields.length === 0 || records.length === 0) return records;
  const byId = new Map(records.map((r) => [r.id, r]));
  for (const f of fields) {
    const rows = await s(linesTableOf(entity, f.name))
      .whereIn('parent_id', [...byId.keys()])
      .orderBy(['parent_id', 'line_no']);
    for (const row of rows as Row[]) {
      const line: Record<string, unknown> = {};
      for (const lf of f.lineFields ?? []) line[lf.name] = valueOf(lf, row[columnOf(lf.name)]);
      (byId.get(String(row.parent_id))![f.name] as unknown[]).push(line);
    }
  }
  return records;
}

export function storedDecimal(f: FieldDef, v: unknown, digits: number | null): number | null {
  if (v === null || v === undefined || v === '') return null;
  // rounded once, to the branch's digits (fields the spec leaves unrounded: to the storage scale)
  return toStoredRounded(String(v), digits === null || f.noRounding ? STORAGE_SCALE : digits);
}

/** Replaces the lines of a record with the input's (in the input's order). */
export async function saveLines(
  s: TenantScope,
  entity: EntityDef,
  id: string,
  input: Record<string, unknown>,
  digits: number | null,
): Promise<void> {
  for (const f of linesFieldsOf(entity)) {
    const table = linesTableOf(entity, f.name);
    await s(table).where({ parent_id: id }).delete();
    const lines = (input[f.name] as Record<string, unknown>[] | undefined) ?? [];
    const rows = lines.map((line, i) => {
      const row: Row = { parent_id: id, line_no: i + 1 };
      for (const lf of f.lineFields ?? []) {
        const v = line[lf.name];
        row[columnOf(lf.name)] = lf.kind === 'decimal' ? storedDecimal(lf, v, digits) : emptyToNull(lf, v);
      }
      return row;
    });
    // in slices: SQLite caps the bound values of one statement
    for (let i = 0; i < rows.length; i += 200) await s.insert(table, rows.slice(i, i + 200));
  }
}

/** The row of a validated input; decimals rounded to the branch's digits unless exempt (spec section 5). */
export function toRow(entity: EntityDef, input: Record<string, unknown>, digits: number | null): Row {
  const row: Row = {
    code: input.code,
    code_number: /^\d{1,15}$/.test(String(input.code)) ? Number(input.code) : null,
    arabic_name: input.arabicName,
    english_name: input.englishName,
  };
  for (const f of entity.fields) {
    if (f.kind === 'secret' || f.kind === 'lines') continue;
    const v = input[f.name];
    const c = columnOf(f.name);
    if (f.kind === 'decimal') {
      row[c] = storedDecimal(f, v, digits);
    } else if (f.kind === 'references') row[c] = JSON.stringify(v ?? []);
    else row[c] = emptyToNull(f, v);
  }
  return row;
}

/** A list limited to the caller's branches (null: every branch), for entities that belong to a branch. */
export type ScopedListQuery = ListQuery & { branches?: readonly string[] | null };

/** The field that makes a record belong to a branch (safes, stores): a reference to the branches. */
export function branchFieldOf(entity: EntityDef): FieldDef | undefined {
  return entity.fields.find((f) => f.kind === 'reference' && f.reference === 'branches');
}

function columnFor(entity: EntityDef, name: string): { column: string; field?: FieldDef } | null {
  // own keys only: 'constructor' or 'toString' are not columns (issue 9 item 7)
  if (Object.hasOwn(BASE_COLUMNS, name)) return { column: BASE_COLUMNS[name]! };
  const field = entity.fields.find((f) => f.name === name && f.kind !== 'secret' && f.kind !== 'lines');
  return field ? { column: columnOf(field.name), field } : null;
}

function applyFilters(q: Knex.QueryBuilder, entity: EntityDef, filter: Record<string, string> = {}): void {
  for (const [name, raw] of Object.entries(filter)) {
    const target = columnFor(entity, name);
    if (!target) {
      throw new AppError(400, 'validationFailed', {}, [
        { field: `filter.${name}`, code: 'validation.unknownField' },
      ]);
    }
    if (raw === '') continue;
    const f = target.field;
    if (!f || ['text', 'textarea', 'phone', 'email', 'iban', 'taxNumber'].includes(f.kind)) {
      searchColumns(q, [target.column], raw);
    } else if (f.kind === 'boolean') {
      q.andWhere(target.column, raw === 'true');
    } else if (f.kind === 'integer') {
      if (/^-?\d+$/.test(raw)) q.andWhere(target.column, Number(raw));
    } else if (f.kind === 'decimal') {
      const value = decimalString.safeParse(raw);
      if (value.success) q.andWhere(target.column, toStored(value.data));
    } else if (f.kind === 'references') {
      searchColumns(q, [target.column], `"${raw}"`);
    } else {
      q.andWhere(target.column, raw);
    }
  }
}

export const entityStore = {
  async list(s: TenantScope, entity: EntityDef, query: ScopedListQuery): Promise<Page<EntityRecord>> {
    const table = tableOf(entity);
    const q = s(table);
    const branchField = branchFieldOf(entity);
    if (branchField && query.branches) q.whereIn(columnOf(branchField.name), [...query.branches]);
    const searchable = [
      'code',
      'arabic_name',
      'english_name',
      ...entity.fields.filter((f) => f.search).map((f) => columnOf(f.name)),
    ];
    if (!(await searchThroughIndex(s, q, entity, query.search))) searchColumns(q, searchable, query.search);
    applyFilters(q, entity, query.filter);
    const sort = query.sort ? columnFor(entity, query.sort) : null;
    const page = await paginate(
      q,
      query,
      (x) =>
        sort && sort.column !== 'code'
          ? x.orderBy([{ column: sort.column, order: query.order }, { column: 'id' }])
          : x.orderBy([
              { column: 'code_number', order: query.order },
              { column: 'code', order: query.order },
            ]),
      (row) => toRecord(entity, row),
    );
    await withLines(s, entity, page.items);
    return page;
  },

  async all(
    s: TenantScope,
    entity: EntityDef,
    query: Omit<ScopedListQuery, 'page' | 'pageSize'>,
  ): Promise<EntityRecord[]> {
    const page = await entityStore.list(s, entity, { ...query, page: 1, pageSize: 1_000_000 });
    return page.items;
  },

  async find(
    s: TenantScope,
    entity: EntityDef,
    id: string,
  ): Promise<{ record: EntityRecord; row: Row } | null> {
    const row = await s(tableOf(entity)).where({ id }).first();
    if (!row) return null;
    const [record] = await withLines(s, entity, [toRecord(entity, row)]);
    return { record: record!, row };
  },

  async nextCode(s: TenantScope, entity: EntityDef): Promise<string> {
    const [r] = (await s(tableOf(entity)).max({ n: 'code_number' })) as { n: number | string | null }[];
    return String(Number(r?.n ?? 0) + 1);
  },

  /** Code and unique fields already used by another record of the tenant. */
  async conflicts(s: TenantScope, entity: EntityDef, row: Row, exceptId?: string): Promise<FieldIssue[]> {
    const issues: FieldIssue[] = [];
    const checks: [string, string][] = [['code', 'code']];
    for (const f of entity.fields) if (f.unique) checks.push([f.name, columnOf(f.name)]);
    for (const [field, column] of checks) {
      const value = row[column];
      if (value === null || value === undefined || value === '') continue;
      const q = s(tableOf(entity)).where(column, value as string);
      if (exceptId) q.whereNot('id', exceptId);
      if (await q.first('id'))
        issues.push({ field, code: field === 'code' ? 'codeAlreadyUsed' : 'valueAlreadyUsed' });
    }
    return issues;
  },

  /** Unique line values (a sub-unit's barcode) already used on another record's lines. */
  async lineConflicts(
    s: TenantScope,
    entity: EntityDef,
    input: Record<string, unknown>,
    exceptId?: string,
  ): Promise<FieldIssue[]> {
    const issues: FieldIssue[] = [];
    for (const f of linesFieldsOf(entity)) {
      const lines = (input[f.name] as Record<string, unknown>[] | undefined) ?? [];
      for (const lf of (f.lineFields ?? []).filter((x) => x.unique)) {
        const values = lines
          .map((l) => l[lf.name])
          .filter((v): v is string => typeof v === 'string' && v !== '');
        if (values.length === 0) continue;
        const q = s(linesTableOf(entity, f.name)).whereIn(columnOf(lf.name), values);
        if (exceptId) q.whereNot('parent_id', exceptId);
        if (await q.first('parent_id')) issues.push({ field: f.name, code: 'valueAlreadyUsed' });
      }
    }
    return issues;
  },

  /** References that point at nothing in the tenant (another tenant's id included). */
  async brokenReferences(
    s: TenantScope,
    entity: EntityDef,
    input: Record<string, unknown>,
    entities: readonly EntityDef[],
  ): Promise<FieldIssue[]> {
    const issues: FieldIssue[] = [];
    const targets: { field: string; def: FieldDef; values: unknown[] }[] = [];
    for (const f of entity.fields) {
      if (f.kind === 'reference') targets.push({ field: f.name, def: f, values: [input[f.name]] });
      else if (f.kind === 'references')
        targets.push({ field: f.name, def: f, values: (input[f.name] as unknown[]) ?? [] });
      else if (f.kind === 'lines') {
        const lines = (input[f.name] as Record<string, unknown>[] | undefined) ?? [];
        for (const lf of f.lineFields ?? [])
          if (lf.kind === 'reference')
            targets.push({ field: f.name, def: lf, values: lines.map((l) => l[lf.name]) });
      }
    }
    for (const { field, def: f, values } of targets) {
      const ids = values.filter((v): v is string => typeof v === 'string' && v !== '');
      if (ids.length === 0) continue;
      const table = referenceTable(f, entities);
      const q = s.byIds(table, [...new Set(ids)]);
      if (hidesDeleted(table)) q.andWhere('deleted', false);
      const found = await q.select('id');
      if (found.length !== new Set(ids).size) issues.push({ field, code: 'validation.reference' });
    }
    return issues;
  },

  /** Whether another record of the service points at this one (delete is then refused). */
  async isReferenced(
    s: TenantScope,
    entity: EntityDef,
    id: string,
    entities: readonly EntityDef[],
  ): Promise<boolean> {
    for (const other of entities) {
      for (const f of other.fields) {
        for (const lf of f.kind === 'lines' ? (f.lineFields ?? []) : []) {
          if (lf.reference !== entity.name) continue;
          const q = s(linesTableOf(other, f.name)).where(columnOf(lf.name), id);
          // a record's own lines do not keep it from being deleted (they go with it)
          if (other === entity) q.whereNot('parent_id', id);
          if (await q.first('parent_id')) return true;
        }
        if (f.reference !== entity.name) continue;
        const q = s(tableOf(other));
        if (f.kind === 'reference') q.where(columnOf(f.name), id);
        else searchColumns(q, [columnOf(f.name)], `"${id}"`);
        if (await q.first('id')) return true;
      }
    }
    return false;
  },

  /** id → display name of the records a reference field points at (for the export). */
  async referenceNames(
    s: TenantScope,
    f: FieldDef,
    entities: readonly EntityDef[],
    arabic: boolean,
  ): Promise<Map<string, string>> {
    const table = referenceTable(f, entities);
    const rows =
      table === replicaTables.users
        ? await s(table).select('id', 'user_name as arabic_name', 'user_name as english_name')
        : await s(table).select('id', 'arabic_name', 'english_name');
    return new Map(rows.map((r: Row) => [String(r.id), String(arabic ? r.arabic_name : r.english_name)]));
  },
};
