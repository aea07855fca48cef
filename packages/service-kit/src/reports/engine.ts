import type { z } from 'zod';
import {
  reportParameters,
  type AnyReport,
  type EntityDef,
  type FieldDef,
  type ReferenceNames,
  type ReportTotal,
  type RouteSpec,
} from '@erp/contracts';
import type { TenantScope } from '../db/tenant-scope';
import { requireBranch, requirePrincipal, type RequestContext } from '../http/context';
import { handle, type BoundRoute } from '../http/routes';
import { referenceNames } from '../master-data/reference-names';
import { sumRows, unitTotals } from './totals';
import { reportWorkbook } from './xlsx';

type Row = Record<string, unknown>;

/** What a report's query function is asked: its own parameters, the page and the order. */
export interface ReportRequest<P> {
  ctx: RequestContext;
  s: TenantScope;
  params: P;
  page: number;
  pageSize: number;
  sort: { column: string; order: 'asc' | 'desc' };
}

/** What it answers: the page's rows, how many in all, and what it totalled in SQL over all of them. */
export interface ReportResult<R> {
  rows: R[];
  total: number;
  /** A paged report totals its declared columns here (quantities per unit); others may leave it to the engine. */
  totals?: Record<string, ReportTotal>;
  /** The declaration's summary figures (opening and closing balances). */
  summary?: Record<string, string>;
  /**
   * Names the query read anyway (a trial balance reads the whole chart): the engine names only the other ids,
   * and answers only the names the rows use.
   */
  names?: ReferenceNames;
}

export interface ReportEngineDeps {
  scope: (ctx: RequestContext) => TenantScope;
  /** The service's entities: the reference columns' names are read from their tables. */
  entities: readonly EntityDef[];
}

type RowOf<R extends AnyReport> = z.infer<R['row']>;
type ParamsOf<R extends AnyReport> = z.infer<R['parameters']>;

/** An export reads the whole result in pages of this size (better-sqlite3 blocks: keep each read short). */
const EXPORT_PAGE = 1000;

/** The fields whose ids the rows and totals name: reference columns, quantities' units and their breakdowns. */
function namingFields(report: AnyReport): FieldDef[] {
  const fields: FieldDef[] = [];
  for (const c of report.columns) {
    if (c.kind === 'reference') fields.push({ name: c.name, kind: 'reference', reference: c.reference });
    if (c.unit) fields.push({ name: c.unit, kind: 'reference', reference: 'units' });
  }
  fields.push({ name: '__unit', kind: 'reference', reference: 'units' });
  const seen = new Set<string>();
  return fields.filter((f) => !seen.has(f.name) && seen.add(f.name));
}

/** Ids of units named inside rows (breakdowns) and totals, as pseudo-rows for the name lookup. */
function unitsWithin(report: AnyReport, rows: readonly Row[], totals: Record<string, ReportTotal>): Row[] {
  const out: Row[] = [];
  for (const c of report.columns) {
    if (!c.breakdown) continue;
    for (const r of rows)
      for (const b of (r[c.breakdown] as { unitId: string }[] | undefined) ?? [])
        out.push({ __unit: b.unitId });
  }
  for (const t of Object.values(totals))
    if (Array.isArray(t)) for (const u of t) out.push({ __unit: u.unitId });
  return out;
}

/**
 * A report's route from its declaration (docs/architecture.md, 'Report engine'): the router has validated the
 * parameters, paging and sort with the declaration's schema (400 with per-field errors); here a branch
 * parameter is checked against the caller's branches (403), the query function runs, the totals are taken or
 * summed, and every id the rows name comes with its names, read on the server whatever the caller may read
 * of stores or units. `?format=xlsx` answers the whole result as a workbook.
 */
export function reportHandler<R extends AnyReport>(
  report: R,
  route: RouteSpec,
  deps: ReportEngineDeps,
  run: (request: ReportRequest<ParamsOf<R>>) => Promise<ReportResult<RowOf<R>>>,
): BoundRoute {
  if (route.path !== report.path) throw new Error(`report ${report.name}: its route is ${report.path}`);
  const paramNames = Object.keys(report.parameters.shape);
  const fields = namingFields(report);
  return handle(route, async ({ ctx, query, res }) => {
    requirePrincipal(ctx);
    const q = query as Record<string, unknown>;
    const params = Object.fromEntries(paramNames.map((k) => [k, q[k]])) as ParamsOf<R>;
    for (const k of paramNames) {
      const meta = reportParameters.get(report.parameters.shape[k] as z.ZodType);
      if (meta?.kind === 'branch' && typeof q[k] === 'string') requireBranch(ctx, q[k]);
    }
    const sortColumn = (q.sort as string | undefined) ?? String(report.defaultSort.column);
    const sort = {
      column: sortColumn,
      order: (q.order as 'asc' | 'desc' | undefined) ?? (q.sort ? 'asc' : report.defaultSort.order),
    };
    const s = deps.scope(ctx);
    const ask = (page: number, pageSize: number) => run({ ctx, s, params, page, pageSize, sort });

    if (q.format === 'xlsx') {
      const rows: Row[] = [];
      let first = await ask(1, EXPORT_PAGE);
      rows.push(...first.rows);
      for (let page = 2; rows.length < first.total && report.paged; page++) {
        const next = await ask(page, EXPORT_PAGE);
        if (next.rows.length === 0) break;
        rows.push(...next.rows);
      }
      first = { ...first, rows: rows as RowOf<R>[], total: rows.length };
      const totals = totalsOf(report, first, rows, true);
      const names = await referenceNames(
        s,
        fields,
        [...rows, ...unitsWithin(report, rows, totals)],
        deps.entities,
      );
      res
        .status(200)
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .attachment(`${report.name}.xlsx`)
        .send(reportWorkbook(report, rows, totals, names, ctx.language));
      return undefined as never;
    }

    const page = report.paged ? (q.page as number) : 1;
    const pageSize = report.paged ? (q.pageSize as number) : Number.MAX_SAFE_INTEGER;
    const result = await ask(page, pageSize);
    const rows = result.rows as Row[];
    const whole = !report.paged || (page === 1 && rows.length >= result.total);
    const totals = totalsOf(report, result, rows, whole);
    const names = await namesOf(
      s,
      fields,
      result.names,
      [...rows, ...unitsWithin(report, rows, totals)],
      deps,
    );
    return {
      [report.rowsKey ?? 'items']: rows,
      total: result.total,
      page,
      pageSize: report.paged ? pageSize : rows.length,
      totals,
      names,
      ...result.summary,
    } as never;
  });
}

/** The names of the ids the rows name: those the query gave, the others read. */
async function namesOf(
  s: TenantScope,
  fields: readonly FieldDef[],
  given: ReferenceNames | undefined,
  rows: readonly Row[],
  deps: ReportEngineDeps,
): Promise<ReferenceNames> {
  if (!given) return referenceNames(s, fields, rows, deps.entities);
  const names: ReferenceNames = {};
  const pending = rows.map((r) => {
    const rest: Row = {};
    for (const f of fields) {
      const v = r[f.name];
      if (typeof v === 'string' && given[v]) names[v] = given[v];
      else rest[f.name] = v;
    }
    return rest;
  });
  return { ...(await referenceNames(s, fields, pending, deps.entities)), ...names };
}

/** The query's own totals, else the rows' sums when the engine holds them all; a paged report must total. */
function totalsOf(
  report: AnyReport,
  result: ReportResult<Row>,
  rows: readonly Row[],
  whole: boolean,
): Record<string, ReportTotal> {
  const declared = report.columns.filter((c) => c.total);
  const missing = declared.filter((c) => result.totals?.[c.name] === undefined);
  const summed = missing.length && whole ? sumRows(missing, rows) : {};
  if (missing.length && !whole)
    throw new Error(`report ${report.name}: a paged report totals ${missing[0]!.name} in its query`);
  const totals: Record<string, ReportTotal> = { ...summed };
  for (const c of declared) {
    const t = result.totals?.[c.name];
    if (t !== undefined) totals[c.name] = Array.isArray(t) ? unitTotals(t) : t;
  }
  return totals;
}
