import type { Knex } from 'knex';
import {
  columnOf,
  fromStored,
  roundTo,
  tableOf,
  toStored,
  type EntityDef,
  type FieldDef,
} from '@erp/contracts';
import { bool, parseJson } from '../db/database';
import { paginate, searchColumns, type Page } from '../db/paging';
import type { TenantScope } from '../db/tenant-scope';
import type { FieldIssue } from '../errors';
import { replicaTables } from './replicas';

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

/** The table a reference points at: an entity of the same service or one of the identity replicas. */
export function referenceTable(f: FieldDef, entities: readonly EntityDef[]): string {
  const ref = f.reference ?? '';
  if (ref in replicaTables) return replicaTables[ref as keyof typeof replicaTables];
  const target = entities.find((e) => e.name === ref);
  if (!target) throw new Error(`unknown reference ${ref} of ${f.name}`);
  return tableOf(target);
}

/** Unique optional values are stored NULL when empty, so that many records may leave them empty. */
function emptyToNull(f: FieldDef, value: unknown): unknown {
  return f.unique && (value === '' || value === undefined) ? null : value;
}

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
    switch (f.kind) {
      case 'secret':
        record[`${f.name}IsSet`] = v !== null && v !== undefined && v !== '';
        break;
      case 'boolean':
        record[f.name] = bool(v);
        break;
      case 'integer':
        record[f.name] = v === null || v === undefined ? null : Number(v);
        break;
      case 'decimal':
        record[f.name] = v === null || v === undefined ? null : fromStored(v as number).toString();
        break;
      case 'references':
        record[f.name] = parseJson<string[]>(v, []);
        break;
      case 'reference':
      case 'enum':
        record[f.name] = v === null || v === undefined ? null : String(v);
        break;
      default:
        record[f.name] = v === null || v === undefined ? '' : String(v);
    }
  }
  return record;
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
    if (f.kind === 'secret') continue;
    const v = input[f.name];
    const c = columnOf(f.name);
    if (f.kind === 'decimal') {
      row[c] =
        v === null || v === undefined
          ? null
          : toStored(digits === null || f.noRounding ? String(v) : roundTo(String(v), digits));
    } else if (f.kind === 'references') row[c] = JSON.stringify(v ?? []);
    else row[c] = emptyToNull(f, v);
  }
  return row;
}

function columnFor(entity: EntityDef, name: string): { column: string; field?: FieldDef } | null {
  if (BASE_COLUMNS[name]) return { column: BASE_COLUMNS[name] };
  const field = entity.fields.find((f) => f.name === name && f.kind !== 'secret');
  return field ? { column: columnOf(field.name), field } : null;
}

function applyFilters(q: Knex.QueryBuilder, entity: EntityDef, filter: Record<string, string> = {}): void {
  for (const [name, raw] of Object.entries(filter)) {
    const target = columnFor(entity, name);
    if (!target || raw === '') continue;
    const f = target.field;
    if (!f || ['text', 'textarea', 'phone', 'email', 'iban', 'taxNumber'].includes(f.kind)) {
      searchColumns(q, [target.column], raw);
    } else if (f.kind === 'boolean') {
      q.andWhere(target.column, raw === 'true');
    } else if (f.kind === 'integer') {
      if (/^-?\d+$/.test(raw)) q.andWhere(target.column, Number(raw));
    } else if (f.kind === 'decimal') {
      if (/^-?\d+(\.\d+)?$/.test(raw)) q.andWhere(target.column, toStored(raw));
    } else if (f.kind === 'references') {
      searchColumns(q, [target.column], `"${raw}"`);
    } else {
      q.andWhere(target.column, raw);
    }
  }
}

export const entityStore = {
  async list(s: TenantScope, entity: EntityDef, query: ListQuery): Promise<Page<EntityRecord>> {
    const table = tableOf(entity);
    const q = s(table);
    const searchable = [
      'code',
      'arabic_name',
      'english_name',
      ...entity.fields.filter((f) => f.search).map((f) => columnOf(f.name)),
    ];
    searchColumns(q, searchable, query.search);
    applyFilters(q, entity, query.filter);
    const sort = query.sort ? columnFor(entity, query.sort) : null;
    return paginate(
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
  },

  async all(
    s: TenantScope,
    entity: EntityDef,
    query: Omit<ListQuery, 'page' | 'pageSize'>,
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
    return row ? { record: toRecord(entity, row), row } : null;
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

  /** References that point at nothing in the tenant (another tenant's id included). */
  async brokenReferences(
    s: TenantScope,
    entity: EntityDef,
    input: Record<string, unknown>,
    entities: readonly EntityDef[],
  ): Promise<FieldIssue[]> {
    const issues: FieldIssue[] = [];
    for (const f of entity.fields) {
      if (f.kind !== 'reference' && f.kind !== 'references') continue;
      const ids = (f.kind === 'reference' ? [input[f.name]] : ((input[f.name] as string[]) ?? [])).filter(
        (v): v is string => typeof v === 'string' && v !== '',
      );
      if (ids.length === 0) continue;
      const table = referenceTable(f, entities);
      const q = s(table).whereIn('id', [...new Set(ids)]);
      if (table === replicaTables.users) q.andWhere('deleted', false);
      const found = await q.select('id');
      if (found.length !== new Set(ids).size) issues.push({ field: f.name, code: 'validation.reference' });
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
