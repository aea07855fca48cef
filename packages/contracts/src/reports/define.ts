import { z } from 'zod';
import { idSchema, pageQuery } from '../common';
import { access, type RouteSpec, type ServiceName } from '../http';
import { decimalString } from '../decimal-schema';
import { referenceNamesSchema } from '../documents/define';
import type { PermissionName } from '../permissions';
import { isoDateSchema } from '../validators';

/**
 * The report engine's declaration (issue 13 deliverable 7, style.md 23): a report is declared once here, and
 * the service kit derives its route (validation, paging, sort, names, totals, Excel) and the UI kit its screen
 * (filters, table, totals row, export, print). See docs/architecture.md, 'Report engine'.
 */

/** How a filter is drawn for a parameter; the zod schema stays the authority on what is accepted. */
export type ReportParameterKind = 'search' | 'reference' | 'item' | 'date' | 'choice' | 'flag' | 'branch';

export interface ReportParameterMeta {
  kind: ReportParameterKind;
  /** The filter's caption: a label key ('fields.storeId', 'reports.dateFrom'). */
  label: string;
  /** 'reference' and 'branch': the entity whose records are offered (stores, branches, accounts...). */
  reference?: string;
  /** 'choice': the values, each shown as the label `<optionLabels>.<value>`. */
  options?: readonly string[];
  optionLabels?: string;
  /** The filter's test id where the screens' tests already name it (filter-store, report-search). */
  testId?: string;
}

/** The parameters' drawing hints, kept beside their schemas (zod's registries: the schema is unchanged). */
export const reportParameters = z.registry<ReportParameterMeta>();

function hinted<T extends z.ZodType>(schema: T, meta: ReportParameterMeta): T {
  (schema as z.ZodType).register(reportParameters, meta);
  return schema;
}

type Hint = { label?: string; testId?: string };

/** Parameter builders: a zod schema each, with its filter's kind. */
export const param = {
  search: (h: Hint = {}) =>
    hinted(z.string().trim().max(100).optional(), { kind: 'search', label: 'reports.search', ...h }),
  reference: (reference: string, h: Hint = {}) =>
    hinted(idSchema.optional(), { kind: 'reference', reference, label: `fields.${reference}`, ...h }),
  /** One record, required: the report shows nothing until it is chosen (an account's statement). */
  record: (reference: string, h: Hint = {}) =>
    hinted(idSchema, { kind: 'reference', reference, label: `fields.${reference}`, ...h }),
  /** One item, required: the report shows nothing until it is chosen (the movement card). */
  item: (h: Hint = {}) => hinted(idSchema, { kind: 'item', label: 'fields.itemId', ...h }),
  /** One item or none (all items): a filter, not a report's subject (the sales reports). */
  anyItem: (h: Hint = {}) => hinted(idSchema.optional(), { kind: 'item', label: 'fields.itemId', ...h }),
  date: (h: Hint = {}) => hinted(isoDateSchema.optional(), { kind: 'date', label: 'fields.date', ...h }),
  /** One of `options`, each shown as `<optionLabels>.<value>`. */
  choice: <const V extends readonly [string, ...string[]]>(
    options: V,
    h: Hint & { optionLabels: string; default: V[number] },
  ) =>
    hinted(z.enum(options).default(h.default as never), {
      kind: 'choice',
      options,
      optionLabels: h.optionLabels,
      label: h.label ?? 'reports.choice',
      ...(h.testId ? { testId: h.testId } : {}),
    }),
  /** Optional, any short text: `options` are offered (the ledger may name types that come later). */
  openChoice: (options: readonly string[], h: Hint & { optionLabels: string }) =>
    hinted(z.string().max(60).optional(), {
      kind: 'choice',
      options,
      optionLabels: h.optionLabels,
      label: h.label ?? 'reports.choice',
      ...(h.testId ? { testId: h.testId } : {}),
    }),
  /** A yes/no switch, sent as 'true' or 'false' (query strings carry no booleans). */
  flag: (defaultValue: boolean, h: Hint & { label: string }) =>
    hinted(z.enum(['true', 'false']).default(defaultValue ? 'true' : 'false'), { kind: 'flag', ...h }),
  /** A branch filter: the engine refuses (403) a branch the caller may not use; none means all of theirs. */
  branch: (h: Hint = {}) =>
    hinted(idSchema.optional(), { kind: 'branch', reference: 'branches', label: 'fields.branchId', ...h }),
};

/** What a cell holds, which decides how it is shown, exported, summed and aligned. */
export type ReportColumnKind =
  /** plain text (codes, barcodes) */
  | 'text'
  /** a calendar day, shown in the user's calendar */
  | 'date'
  /** a count of rows or lines */
  | 'count'
  /** a quantity in the unit named by the column's `unit` field (the item's main unit); totals are per unit */
  | 'quantity'
  /** an amount in the branch's decimals */
  | 'money'
  /** a unit cost: more decimals than money are kept, shown in the branch's decimals */
  | 'cost'
  /** an id shown as its record's name, resolved on the server (never an id on screen) */
  | 'reference'
  /** a value shown through a label group (a document type's name) */
  | 'label';

export interface ReportColumn<Row> {
  name: keyof Row & string;
  kind: ReportColumnKind;
  /** Header: a label key. */
  label: string;
  /** 'reference': the entity named (stores, units, accounts). */
  reference?: string;
  /** 'quantity': the row's field holding the unit the quantity is in. */
  unit?: keyof Row & string;
  /** 'quantity': the row's field holding its breakdown in the item's units ({ unitId, quantity }[]). */
  breakdown?: keyof Row & string;
  /** 'label': the label group of the values ('documents' → documents.<value>). */
  labels?: string;
  /** Summed in the totals row (money exactly; quantities per unit, never across units). */
  total?: boolean;
  /** May be sorted on (the server's order; a running balance's report declares none). */
  sortable?: boolean;
  /** A header spanning columns (opening / period / closing of a trial balance): a label key. */
  group?: string;
  /** A running balance: its figure depends on the rows before it, so the report keeps its own order. */
  running?: boolean;
  /** The cell is the drill-down link's text. */
  drill?: boolean;
}

/** Where a row leads: its source document, or an account's statement (the accounts reports). */
export type ReportDrillDown<Row> =
  | { to: 'document'; type: keyof Row & string; id: keyof Row & string; service?: keyof Row & string }
  | { to: 'accountStatement'; account: keyof Row & string };

/** A figure of the whole report beside the totals (the movement card's opening and closing balances). */
export interface ReportSummaryField {
  name: string;
  kind: 'quantity' | 'money';
  label: string;
}

export interface ReportDeclaration<
  Row extends Record<string, unknown> = Record<string, unknown>,
  P extends z.ZodObject = z.ZodObject,
> {
  name: string;
  service: ServiceName;
  /** The API route (the spec's, kept where a screen already used it). */
  path: string;
  /** The report's title: a label key. */
  title: string;
  permission: PermissionName;
  parameters: P;
  row: z.ZodType<Row>;
  /**
   * The field, or fields together, that tell rows apart (the table's data key): a stock balance's row is an item
   * in a store, so two stores' rows of one item must not share a key (React would keep a stale row on screen).
   */
  rowKey: (keyof Row & string) | readonly (keyof Row & string)[];
  /** The answer's list of rows: 'items' (default), or 'rows' where the API always answered so. */
  rowsKey?: 'items' | 'rows';
  columns: readonly ReportColumn<Row>[];
  defaultSort: { column: keyof Row & string; order: 'asc' | 'desc' };
  /** Paged reports answer one page (the spec's page sizes) and total in their query; others every row. */
  paged: boolean;
  drillDown?: ReportDrillDown<Row>;
  summary?: readonly ReportSummaryField[];
  /**
   * Grouped rows by level (a trial balance by account level): the row's level field; rows of a level above
   * the deepest shown are group rows, indented by level and never summed into the totals.
   */
  level?: keyof Row & string;
}

/** Any report, whatever its row (the engine's functions take every declaration). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyReport = ReportDeclaration<any, z.ZodObject>;

/** Checks a declaration's inner consistency once, where it is declared (a mistake fails at import). */
export function defineReport<Row extends Record<string, unknown>, P extends z.ZodObject>(
  report: ReportDeclaration<Row, P>,
): ReportDeclaration<Row, P> {
  const names = new Set(report.columns.map((c) => c.name));
  const fail = (why: string) => {
    throw new Error(`report ${report.name}: ${why}`);
  };
  if (names.size !== report.columns.length) fail('a column is declared twice');
  for (const c of report.columns) {
    if (c.kind === 'reference' && !c.reference) fail(`${c.name} names no reference`);
    if (c.kind === 'quantity' && c.total && !c.unit) fail(`${c.name} totals quantities without their unit`);
    if (c.total && !['quantity', 'money', 'count'].includes(c.kind)) fail(`${c.name} cannot be totalled`);
  }
  const running = report.columns.some((c) => c.running);
  if (running && report.columns.some((c) => c.sortable)) fail('a running balance keeps its own order');
  for (const key of ['page', 'pageSize', 'sort', 'order', 'format'])
    if (key in report.parameters.shape) fail(`'${key}' is the engine's parameter`);
  return report;
}

/** The columns the caller may sort on: the declared ones and the default. */
export function sortableColumns(report: AnyReport): [string, ...string[]] {
  return [
    String(report.defaultSort.column),
    ...report.columns.filter((c) => c.sortable && c.name !== report.defaultSort.column).map((c) => c.name),
  ];
}

/** Formats a report can be fetched in: JSON, or the whole result as an Excel workbook. */
export const REPORT_FORMATS = ['json', 'xlsx'] as const;

/** The query a report's route accepts: its parameters, then paging, sort and format (all validated: 400). */
export function reportQuerySchema<R extends AnyReport>(report: R) {
  // the spec's page sizes, as every list has them
  const paging = report.paged ? { page: pageQuery.shape.page, pageSize: pageQuery.shape.pageSize } : {};
  return report.parameters.extend({
    ...paging,
    sort: z.enum(sortableColumns(report)).optional(),
    order: z.enum(['asc', 'desc']).optional(),
    format: z.enum(REPORT_FORMATS).default('json'),
  });
}

/** A quantity total of one unit: a report never adds different units together. */
export const unitTotalSchema = z.object({ unitId: z.string(), quantity: decimalString });
export type UnitTotal = z.infer<typeof unitTotalSchema>;
export const reportTotalSchema = z.union([decimalString, z.array(unitTotalSchema)]);
export type ReportTotal = z.infer<typeof reportTotalSchema>;

export function reportResponseSchema(report: AnyReport) {
  return z.object({
    [report.rowsKey ?? 'items']: z.array(report.row),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Per total column: an amount, or one figure per unit for quantities. */
    totals: z.record(z.string(), reportTotalSchema),
    /** The code and names of every record the rows name (stores, units, accounts), resolved on the server. */
    names: referenceNamesSchema,
    ...Object.fromEntries((report.summary ?? []).map((f) => [f.name, decimalString])),
  });
}

/** The report's route, as every other route of the product: guarded by its permission, in the OpenAPI. */
export function reportRoute<R extends AnyReport>(report: R, summary: string) {
  return {
    method: 'get',
    path: report.path,
    service: report.service,
    tag: 'Reports',
    access: access.permission(report.permission),
    summary: `${summary} (report; ?format=xlsx for the whole result as an Excel workbook)`,
    query: reportQuerySchema(report),
    response: reportResponseSchema(report),
  } satisfies RouteSpec;
}

export type ReportAnswer<Row> = {
  items?: Row[];
  rows?: Row[];
  total: number;
  page: number;
  pageSize: number;
  totals: Record<string, ReportTotal>;
  names: z.infer<typeof referenceNamesSchema>;
} & Record<string, unknown>;

/** A parameter as a screen draws it: its hints, whether the report needs it, and the value it starts with. */
export interface ReportParameter {
  name: string;
  meta: ReportParameterMeta;
  required: boolean;
  /** The parameter's default, sent until changed (a flag's 'true', a choice's default); '' when none. */
  initial: string;
}

/** The declaration's parameters that have a filter, in their declared order. */
export function reportParameterList(report: AnyReport): ReportParameter[] {
  return Object.entries(report.parameters.shape as Record<string, z.ZodType>).flatMap(([name, schema]) => {
    const meta = reportParameters.get(schema);
    if (!meta) return [];
    const empty = schema.safeParse(undefined);
    const initial = empty.success && typeof empty.data === 'string' ? empty.data : '';
    return [{ name, meta, required: !empty.success, initial }];
  });
}
