import {
  dec,
  documentChecks,
  documentInputSchema,
  formatDecimal,
  paymentFieldsOf,
  totalsByMainUnit,
  type DocumentDef,
  type UnitCount,
  type DocumentRecord,
  type FieldDef,
} from '@erp/contracts';
import { translate, type Language } from '@erp/i18n';
import type { FiscalYearInfo } from '../contract';
import {
  addIssues,
  compactLines,
  emptyLine,
  lineFromRecord,
  linePayload,
  requiredLineErrors,
  type FieldErrors,
  type FormValues,
  type Issue,
} from '../master-data/form-model';
import { conversionRateOf, type CatalogItem } from './items';
import { moneyPayload, moneyValuesFromRecord, paymentErrors, paymentsOf, sourceLineOf } from './money-model';

/**
 * The document form as data, without React (issue 4, item 1): the values a document form holds, the body it
 * sends, its translated errors (the document's own zod schema, as the service parses it, plus the fiscal-year
 * rule of spec section 5), the lines' values and the totals. Decimals stay strings; arithmetic is decimal.js.
 */

/** The header fields every document has beside its own (its code is given by the numbering). */
export const commonHeaderFields: readonly FieldDef[] = [
  { name: 'date', kind: 'date', required: true },
  { name: 'referenceNumber', kind: 'text', max: 40 },
];
export const notesField: FieldDef = { name: 'notes', kind: 'textarea', max: 1000 };

/** A line keeps the server's value of a saved line (issues are valued at the store's cost) until it changes. */
export const STORED_VALUE = '__value';

/** Today, or the chosen fiscal year's nearest day when today is outside it. */
export function defaultDate(today: string, year: FiscalYearInfo | null): string {
  if (!year || year.year === null) return today;
  if (today < year.startDate) return year.startDate;
  if (today > year.endDate) return year.endDate;
  return today;
}

export function emptyDocument(doc: DocumentDef, date: string): FormValues {
  const values: FormValues = { date, referenceNumber: '', notes: '', lines: [emptyLine(doc.lines)] };
  for (const f of doc.header) values[f.name] = emptyLine([f])[f.name];
  if (doc.payments) values.payments = [];
  return values;
}

export function documentValuesFromRecord(doc: DocumentDef, record: DocumentRecord): FormValues {
  const values: FormValues = {
    date: record.date,
    referenceNumber: String(record.referenceNumber ?? ''),
    notes: String(record.notes ?? ''),
    ...lineFromRecord(doc.header, record),
    ...moneyValuesFromRecord(doc, record),
  };
  values.lines = [...record.lines]
    .sort((a, b) => a.lineNo - b.lineNo)
    .map((l) => ({
      ...lineFromRecord(doc.lines, l),
      ...sourceLineOf(doc, l),
      [STORED_VALUE]: l.value ?? null,
    }));
  return values;
}

/** The body of a create or update: header, common fields, and the lines that are not blank. */
export function documentPayload(doc: DocumentDef, values: FormValues): Record<string, unknown> {
  return {
    date: String(values.date ?? ''),
    referenceNumber: String(values.referenceNumber ?? '').trim(),
    notes: String(values.notes ?? '').trim(),
    ...linePayload(doc.header, values),
    lines: linesWithSources(doc, linesOf(values)),
    ...moneyPayload(doc, values),
  };
}

/** The lines to send; a converted document's keep the source line each came from. */
function linesWithSources(doc: DocumentDef, lines: readonly FormValues[]): Record<string, unknown>[] {
  const { lines: sent, rows } = compactLines(doc.lines, lines);
  if (!doc.convertsFrom?.length) return sent;
  return sent.map((l, i) => ({ ...l, sourceLineNo: lines[rows[i]!]!.sourceLineNo ?? null }));
}

export const linesOf = (values: FormValues): FormValues[] => (values.lines as FormValues[] | undefined) ?? [];

/** Spec section 5: a date before the chosen fiscal year's start or after its end is refused. */
export function isDateInYear(date: string, year: FiscalYearInfo | null): boolean {
  if (!year || year.year === null || !date) return true;
  return date >= year.startDate && date <= year.endDate;
}

/**
 * Translated errors keyed by the form's paths (`storeId`, `lines`, `lines.2.quantity`): required header and
 * line cells, the document's schema and shared rules (stores selected and different, at least one line, no
 * repeated item and unit), and the fiscal year. Zero quantities and prices are left to the service, which
 * knows the branch's switches.
 */
export function validateDocument(
  doc: DocumentDef,
  values: FormValues,
  language: Language,
  year: FiscalYearInfo | null,
): FieldErrors {
  const errors: FieldErrors = {};
  const required = translate(language, 'validation.required');
  for (const f of [...commonHeaderFields, ...doc.header]) {
    const v = values[f.name];
    if (f.required && (v === '' || v === null || v === undefined)) errors[f.name] = required;
  }
  const lines = linesOf(values);
  Object.assign(errors, requiredLineErrors('lines', doc.lines, lines, language));
  Object.assign(errors, paymentErrors(doc, values, language));
  if (!errors.date && !isDateInYear(String(values.date ?? ''), year))
    errors.date = translate(language, 'youDontHavePermToThisYear');
  const payload = documentPayload(doc, values);
  const result = documentInputSchema(doc).safeParse(payload);
  if (!result.success) {
    const rowsOf = {
      lines: compactLines(doc.lines, lines).rows,
      ...(doc.payments ? { payments: compactLines(paymentFieldsOf(doc), paymentsOf(values)).rows } : {}),
    };
    const issues = [...(result.error.issues as unknown as Issue[])];
    // the schema's shared rules run only on a body that parses: a line still being filled must not hide
    // that its item is already on another line, or that both stores are the same
    if (!issues.some((i) => i.code === 'custom'))
      for (const c of documentChecks(doc, payload, { zeroQuantity: true, zeroPrice: true }))
        issues.push({
          code: 'custom',
          path: c.field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
          message: c.code,
        });
    addIssues(errors, issues, rowsOf, language, 'lines');
  }
  return errors;
}

/**
 * A line's value: quantity × price where the document has a price field (rounded to the branch's digits),
 * else what the service valued a saved, unchanged line at; null when not known yet.
 */
export function lineValue(doc: DocumentDef, line: FormValues, digits: number): string | null {
  if (doc.priceField && doc.quantityField) {
    const q = decimalOf(line[doc.quantityField]);
    const p = decimalOf(line[doc.priceField]);
    if (q === null || p === null) return null;
    return formatDecimal(dec(q).times(p), digits);
  }
  const stored = line[STORED_VALUE];
  return typeof stored === 'string' && stored !== '' ? formatDecimal(stored, digits) : null;
}

/**
 * The lines' quantities per main unit of their items (issue 12 item 5): 5 cartons of 24 and 10 pieces are 130
 * pieces, never 15. Null while a line's item is unknown (not loaded, or not readable by the user): the caller
 * then shows the totals the service computed.
 */
export function mainUnitTotals(
  doc: DocumentDef,
  lines: readonly FormValues[],
  items: Readonly<Record<string, CatalogItem>>,
): UnitCount[] | null {
  const counted: Parameters<typeof totalsByMainUnit>[0][number][] = [];
  // a document without quantities (a voucher) counts none
  const quantityField = doc.quantityField;
  if (!quantityField) return [];
  for (const line of lines) {
    const q = decimalOf(line[quantityField]);
    if (q === null || !line.itemId) continue;
    const item = items[String(line.itemId)];
    if (!item?.mainUnitId) return null;
    const rates = new Map<string, string>([[item.mainUnitId, '1']]);
    for (const u of item.units ?? []) if (u.unitId) rates.set(u.unitId, conversionRateOf(item, u.unitId));
    counted.push({
      quantity: q,
      unitId: typeof line.unitId === 'string' ? line.unitId : null,
      mainUnitId: item.mainUnitId,
      rates,
    });
  }
  return totalsByMainUnit(counted);
}

/** Quantities per unit as words: '130 Piece', or '130 Piece + 2.5 kg' when items count in different units. */
export function unitCountsText(counts: readonly UnitCount[], unitNames: ReadonlyMap<string, string>): string {
  return counts.map((c) => `${c.quantity} ${unitNames.get(c.unitId) ?? ''}`.trim()).join(' + ');
}

/**
 * The totals under the lines: the quantities per main unit (when the items are known, else those the service
 * gave the saved document) and the known values of the lines that are not blank.
 */
export function documentTotals(
  doc: DocumentDef,
  lines: readonly FormValues[],
  digits: number,
  items: Readonly<Record<string, CatalogItem>> = {},
  saved: readonly UnitCount[] | undefined = undefined,
): { quantity: string; value: string; byUnit: readonly UnitCount[] | null } {
  let value = dec(0);
  for (const line of lines) {
    const v = lineValue(doc, line, digits);
    if (v !== null) value = value.plus(v);
  }
  const byUnit = mainUnitTotals(doc, lines, items) ?? saved ?? null;
  return {
    quantity: byUnit?.length === 1 ? byUnit[0]!.quantity : byUnit?.length === 0 ? '0' : '',
    value: formatDecimal(value, digits),
    byUnit,
  };
}

/**
 * Lines the grid changed (new objects) lose the value the service gave them: it is no longer theirs. Lines it
 * left alone are the same objects as before and keep it.
 */
export function keepStoredValues(before: readonly FormValues[], after: readonly FormValues[]): FormValues[] {
  return after.map((line) => {
    if (!(STORED_VALUE in line) || before.includes(line)) return line;
    const { [STORED_VALUE]: _gone, ...rest } = line;
    return rest;
  });
}

/**
 * Why a saved document cannot be changed: in one of its type's locked statuses (a closed stocktaking), or
 * referenced by another document.
 */
export function readOnlyReason(
  record: Pick<DocumentRecord, 'status' | 'referenced'> | null,
  locked: readonly string[] = ['closed'],
): 'closed' | 'referenced' | null {
  if (!record) return null;
  if (locked.includes(record.status)) return 'closed';
  if (record.referenced) return 'referenced';
  return null;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;
function decimalOf(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const s = String(v).trim();
  return DECIMAL.test(s) ? s : null;
}

/** The type as this company sees it: a header field of some businesses only where the company is one of them. */
export function documentForCompany(doc: DocumentDef, businessTypes: ReadonlySet<string>): DocumentDef {
  const shown = doc.header.filter((f) => !f.flags?.length || f.flags.some((flag) => businessTypes.has(flag)));
  return shown.length === doc.header.length ? doc : { ...doc, header: shown };
}
