import ExcelJS from 'exceljs';
import {
  entitiesOf,
  entityInputSchema,
  fromStored,
  itemCategories,
  items,
  tableOf,
  units,
  type EntityInput,
} from '@erp/contracts';
import { label, translate, type Language } from '@erp/i18n';
import {
  AppError,
  entityWriter,
  importLimits,
  sheetRows,
  tenantScope,
  type JobKind,
  type RequestContext,
  type ServiceDeps,
  type SheetRow,
  type TenantScope,
  type Trx,
} from '@erp/service-kit';
import { catalogHooks } from './catalog';

/**
 * Items' Excel migration (spec section 7, /data-migration/Items): the workbook's columns are the item's
 * scalar fields; category and main unit are named by code or name. Headers may be the field keys or their
 * label in the request's language, so a user's own workbook and the template both import.
 */
export const IMPORT_MAX_BYTES = importLimits.maxBytes;
const COLUMNS = [
  'code',
  'arabicName',
  'englishName',
  'barcode',
  'category',
  'mainUnit',
  'salesPrice',
  'minSalesPrice',
  'maxSalesPrice',
  'costPrice',
  'minimumLimit',
  'reorderLimit',
  'isStoredItem',
  'isTaxable',
  'isActive',
] as const;
const BOOLEANS = new Set(['isStoredItem', 'isTaxable', 'isActive']);
const DECIMALS = new Set([
  'salesPrice',
  'minSalesPrice',
  'maxSalesPrice',
  'costPrice',
  'minimumLimit',
  'reorderLimit',
]);

const headerLabel = (language: Language, column: string) =>
  column === 'category'
    ? label(language, 'fields.categoryId')
    : column === 'mainUnit'
      ? label(language, 'fields.mainUnitId')
      : label(language, `fields.${column}`);

export async function exportItems(s: TenantScope, language: Language, template: boolean): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const rtl = language === 'ar' || language === 'ku';
  const sheet = workbook.addWorksheet('Items', { views: [{ rightToLeft: rtl, state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((c) => ({ header: c, key: c, width: c.endsWith('Name') ? 30 : 16 }));
  sheet.getRow(1).font = { bold: true };
  // the second header row names the columns for people; the import skips it
  sheet.addRow(Object.fromEntries(COLUMNS.map((c) => [c, headerLabel(language, c)])));
  sheet.getRow(2).font = { italic: true };
  if (!template) {
    const cats = new Map(
      (await s(tableOf(itemCategories)).select('id', 'code')).map((r: Record<string, unknown>) => [
        String(r.id),
        String(r.code),
      ]),
    );
    const us = new Map(
      (await s(tableOf(units)).select('id', 'code')).map((r: Record<string, unknown>) => [
        String(r.id),
        String(r.code),
      ]),
    );
    const rows = await s(tableOf(items)).orderBy([{ column: 'code_number' }, { column: 'code' }]);
    for (const r of rows as Record<string, unknown>[]) {
      const n = (v: unknown) => (v === null || v === undefined ? '' : Number(fromStored(v as number)));
      sheet.addRow({
        code: r.code,
        arabicName: r.arabic_name,
        englishName: r.english_name,
        barcode: r.barcode,
        category: cats.get(String(r.category_id)) ?? '',
        mainUnit: us.get(String(r.main_unit_id)) ?? '',
        salesPrice: n(r.sales_price),
        minSalesPrice: n(r.min_sales_price),
        maxSalesPrice: n(r.max_sales_price),
        costPrice: n(r.cost_price),
        minimumLimit: n(r.minimum_limit),
        reorderLimit: n(r.reorder_limit),
        isStoredItem: Boolean(Number(r.is_stored_item)),
        isTaxable: Boolean(Number(r.is_taxable)),
        isActive: Boolean(Number(r.is_active)),
      });
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const truthy = (v: string) => ['1', 'true', 'yes', 'نعم', 'y'].includes(v.toLowerCase());

/** The column each header cell names: a field key or its label in the request's language. */
function headerColumns(cells: readonly string[], language: Language): (string | null)[] {
  const byLabel = new Map<string, string>();
  for (const c of COLUMNS) {
    byLabel.set(c.toLowerCase(), c);
    byLabel.set(headerLabel(language, c).toLowerCase(), c);
  }
  return cells.map((h) => byLabel.get(String(h).trim().toLowerCase()) ?? null);
}

function rowValues(header: readonly (string | null)[], cells: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  header.forEach((column, j) => {
    if (column) values[column] = String(cells[j] ?? '').trim();
  });
  return values;
}

type Lookup = Map<string, string>;

async function lookup(s: TenantScope, table: string): Promise<Lookup> {
  const map: Lookup = new Map();
  for (const r of (await s(table).select('id', 'code', 'arabic_name', 'english_name')) as Record<
    string,
    unknown
  >[])
    for (const k of [r.code, r.arabic_name, r.english_name]) map.set(String(k).toLowerCase(), String(r.id));
  return map;
}

/** A row read as an item: the input to save, or the translated reasons it cannot be. */
function itemOfRow(
  values: Record<string, string>,
  language: Language,
  categories: Lookup,
  unitIds: Lookup,
): { input: EntityInput; reasons: [] } | { input: null; reasons: string[] } {
  const reasons: string[] = [];
  const reason = (field: string, code: string, params: Record<string, unknown> = {}) =>
    `${headerLabel(language, field)}: ${translate(language, code, params)}`;
  const input: Record<string, unknown> = {
    code: values.code ?? '',
    arabicName: values.arabicName ?? '',
    englishName: values.englishName ?? '',
    barcode: values.barcode ?? '',
  };
  for (const c of COLUMNS) {
    const v = values[c];
    if (v === undefined || v === '') continue;
    if (BOOLEANS.has(c)) input[c] = truthy(v);
    else if (DECIMALS.has(c)) input[c] = v.replace(/,/g, '');
  }
  const categoryId = categories.get((values.category ?? '').toLowerCase());
  const unitId = unitIds.get((values.mainUnit ?? '').toLowerCase());
  if (!categoryId)
    reasons.push(reason('category', values.category ? 'validation.reference' : 'validation.required'));
  if (!unitId)
    reasons.push(reason('mainUnit', values.mainUnit ? 'validation.reference' : 'validation.required'));
  input.categoryId = categoryId ?? null;
  input.mainUnitId = unitId ?? null;
  const parsed = entityInputSchema(items).safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'code');
      if ((field === 'categoryId' || field === 'mainUnitId') && reasons.length) continue;
      reasons.push(
        reason(
          field === 'categoryId' ? 'category' : field === 'mainUnitId' ? 'mainUnit' : field,
          issue.message.startsWith('validation.') ? issue.message : 'validation.invalid',
        ),
      );
    }
  }
  if (reasons.length || !parsed.success) return { input: null, reasons };
  return { input: parsed.data as EntityInput, reasons: [] };
}

export const ITEMS_IMPORT_JOB = 'inventory.itemsImport';

/** The uploaded file travels in the job (under 1 MB), so a restarted process reads it again. */
export interface ItemsImportInput {
  fileName: string;
  base64: string;
  /** The sheet's rows, the header included (`inspectSheet`). */
  rows: number;
}
export interface ItemsImportState {
  /** Rows of the sheet consumed so far, the header included. */
  next: number;
  imported: number;
  rejected: number;
}

/** What this process holds for a running import: the sheet's rows as they are walked and the lookups. */
interface OpenImport {
  rows: Generator<SheetRow>;
  consumed: number;
  header: (string | null)[];
  categories: Lookup;
  units: Lookup;
}

/**
 * The items import as a background job (issue 9 defect 5): the rows are read one at a time from the file and
 * saved through the same engine writer as the screen, each in its own transaction together with the job's
 * checkpoint, so a restart resumes after the last saved row and never saves one twice. Refused rows are the
 * job's rejections, with their reasons in the importer's language.
 */
export function itemsImportJob(deps: ServiceDeps): JobKind<ItemsImportInput, ItemsImportState> {
  const open = new Map<string, OpenImport>();
  // the checkpoint written inside the next save's transaction; chunks run one at a time per process
  let checkpoint: ((trx: Trx) => Promise<void>) | null = null;
  const { write } = entityWriter(
    {
      ...deps,
      transact: (work) =>
        deps.transact(async (trx) => {
          const result = await work(trx);
          await checkpoint?.(trx);
          return result;
        }),
    },
    entitiesOf('inventory'),
    catalogHooks,
  );

  async function reopen(id: string, input: ItemsImportInput, state: ItemsImportState, ctx: RequestContext) {
    const rows = sheetRows({ name: input.fileName, bytes: Buffer.from(input.base64, 'base64') });
    const first = rows.next();
    const header = first.done ? [] : headerColumns(first.value.cells, ctx.language);
    let consumed = first.done ? 0 : 1;
    // after a restart: skip what the last checkpoint says was done
    while (consumed < state.next && !rows.next().done) consumed++;
    const s = tenantScope(deps.db, ctx.principal!.tenantId);
    const o: OpenImport = {
      rows,
      consumed,
      header,
      categories: await lookup(s, tableOf(itemCategories)),
      units: await lookup(s, tableOf(units)),
    };
    open.set(id, o);
    return o;
  }

  return {
    kind: ITEMS_IMPORT_JOB,
    resumable: true,
    initialState: () => ({ next: 0, imported: 0, rejected: 0 }),
    release: (id) => void open.delete(id),
    async step(run) {
      const started = Date.now();
      const total = Math.max(0, run.input.rows - 1);
      let o = open.get(run.id);
      if (!o || o.consumed !== Math.max(run.state.next, 1))
        o = await reopen(run.id, run.input, run.state, run.ctx);
      const state = { ...run.state, next: o.consumed };
      while (Date.now() - started < run.budgetMs) {
        const next = o.rows.next();
        if (next.done) {
          open.delete(run.id);
          return {
            state,
            done: total,
            total,
            result: { imported: state.imported, rejected: state.rejected },
          };
        }
        o.consumed++;
        const { row, cells } = next.value;
        const values = rowValues(o.header, cells);
        // the template's second row (the columns' names for people) is not an item
        if (o.consumed === 2 && values.arabicName === headerLabel(run.ctx.language, 'arabicName')) {
          state.next = o.consumed;
          continue;
        }
        let { input, reasons } = itemOfRow(values, run.ctx.language, o.categories, o.units);
        if (
          input &&
          values.code &&
          (await tenantScope(deps.db, run.tenantId)(tableOf(items)).where({ code: values.code }).first('id'))
        )
          ({ input, reasons } = {
            input: null,
            reasons: [
              `${headerLabel(run.ctx.language, 'code')}: ${translate(run.ctx.language, 'codeAlreadyUsed')}`,
            ],
          });
        if (input) {
          const after = { next: o.consumed, imported: state.imported + 1, rejected: state.rejected };
          checkpoint = (trx) => run.checkpoint(trx, after, after.next - 1);
          try {
            await write(run.ctx, items, null, input);
            Object.assign(state, after);
            continue;
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            reasons = error.fields.length
              ? error.fields.map(
                  (f) => `${headerLabel(run.ctx.language, f.field)}: ${translate(run.ctx.language, f.code)}`,
                )
              : [translate(run.ctx.language, error.key)];
          } finally {
            checkpoint = null;
          }
        }
        await run.reject(row, reasons);
        state.next = o.consumed;
        state.rejected += 1;
      }
      return { state, done: Math.min(total, state.next - 1), total };
    },
  };
}
