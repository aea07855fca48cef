import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import {
  entityInputSchema,
  fromStored,
  itemCategories,
  items,
  tableOf,
  units,
  type EntityInput,
  type ImportReport,
} from '@erp/contracts';
import { label, translate, type Language } from '@erp/i18n';
import { AppError, type RequestContext, type TenantScope } from '@erp/service-kit';

/**
 * Items' Excel migration (spec section 7, /data-migration/Items): the workbook's columns are the item's
 * scalar fields; category and main unit are named by code or name. Headers may be the field keys or their
 * label in the request's language, so a user's own workbook and the template both import.
 */
export const IMPORT_MAX_BYTES = 1024 * 1024;
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

/** Reads the first sheet of an .xlsx, .xls or .csv file into rows keyed by column (row numbers kept). */
export function readSheet(file: { buffer: Buffer; originalname: string; size: number }, language: Language) {
  if (file.size >= IMPORT_MAX_BYTES || !/\.(xlsx|xls|csv)$/i.test(file.originalname))
    throw new AppError(400, 'validationFailed', {}, [{ field: 'file', code: 'validation.importFile' }]);
  let workbook: XLSX.WorkBook;
  try {
    // a CSV is text in UTF-8 (Arabic names); workbooks are binary
    workbook = /\.csv$/i.test(file.originalname)
      ? XLSX.read(file.buffer.toString('utf8').replace(/^\uFEFF/, ''), {
          type: 'string',
          raw: true,
          dense: true,
        })
      : XLSX.read(file.buffer, { type: 'buffer', dense: true });
  } catch {
    throw new AppError(400, 'validationFailed', {}, [{ field: 'file', code: 'validation.importFile' }]);
  }
  const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
  if (!sheet) return [];
  const grid = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
    header: 1,
    blankrows: false,
    raw: false,
    defval: '',
  });
  const byLabel = new Map<string, string>();
  for (const c of COLUMNS) {
    byLabel.set(c.toLowerCase(), c);
    byLabel.set(headerLabel(language, c).toLowerCase(), c);
  }
  const header = (grid[0] ?? []).map((h) => byLabel.get(String(h).trim().toLowerCase()) ?? null);
  const out: { row: number; values: Record<string, string> }[] = [];
  grid.slice(1).forEach((cells, i) => {
    const values: Record<string, string> = {};
    header.forEach((column, j) => {
      if (column) values[column] = String(cells[j] ?? '').trim();
    });
    // the template's second row (the columns' names for people) is not an item
    if (i === 0 && values.arabicName === headerLabel(language, 'arabicName')) return;
    if (Object.values(values).every((v) => v === '')) return;
    out.push({ row: i + 2, values });
  });
  return out;
}

const truthy = (v: string) => ['1', 'true', 'yes', 'نعم', 'y'].includes(v.toLowerCase());

/** Imports each row in its own transaction; rows that fail are reported with their translated reasons. */
export async function importItems(
  s: TenantScope,
  ctx: RequestContext,
  rows: { row: number; values: Record<string, string> }[],
  write: (input: EntityInput) => Promise<unknown>,
): Promise<ImportReport> {
  const lookup = async (table: string) => {
    const map = new Map<string, string>();
    for (const r of (await s(table).select('id', 'code', 'arabic_name', 'english_name')) as Record<
      string,
      unknown
    >[])
      for (const k of [r.code, r.arabic_name, r.english_name]) map.set(String(k).toLowerCase(), String(r.id));
    return map;
  };
  const categories = await lookup(tableOf(itemCategories));
  const unitIds = await lookup(tableOf(units));
  const schema = entityInputSchema(items);
  const report: ImportReport = { imported: 0, rejected: [] };
  const reason = (field: string, code: string, params: Record<string, unknown> = {}) =>
    `${headerLabel(ctx.language, field)}: ${translate(ctx.language, code, params)}`;
  for (const { row, values } of rows) {
    const reasons: string[] = [];
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
    const parsed = schema.safeParse(input);
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
    if (reasons.length === 0 && parsed.success) {
      try {
        const existing = values.code
          ? await s(tableOf(items)).where({ code: values.code }).first('id')
          : null;
        if (existing) reasons.push(reason('code', 'codeAlreadyUsed'));
        else await write(parsed.data as EntityInput);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.fields.length === 0) reasons.push(translate(ctx.language, error.key));
        for (const f of error.fields) reasons.push(reason(f.field, f.code));
      }
    }
    if (reasons.length) report.rejected.push({ row, reasons });
    else report.imported += 1;
  }
  return report;
}
