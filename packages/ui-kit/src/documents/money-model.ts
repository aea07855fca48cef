import {
  dec,
  documentMoneyTotals,
  formatDecimal,
  paymentFieldsOf,
  type DocumentDef,
  type DocumentRecord,
  type FieldDef,
  type InvoiceTotals,
} from '@erp/contracts';
import type { Language } from '@erp/i18n';
import {
  compactLines,
  lineFromRecord,
  requiredLineErrors,
  type FieldErrors,
  type FormValues,
} from '../master-data/form-model';

/**
 * The money parts of a document form (issue 14, deliverable 2), without React: the payments grid's rows, a
 * converted document's source, and the totals computed live with the service's own arithmetic (contracts'
 * invoice-totals.ts), so the form shows exactly what the service will keep.
 */

export const paymentsOf = (values: FormValues): FormValues[] =>
  (values.payments as FormValues[] | undefined) ?? [];

/** What a money or converted document's form holds beyond the usual header and lines. */
export function moneyValuesFromRecord(doc: DocumentDef, record: DocumentRecord): FormValues {
  const values: FormValues = {};
  if (doc.payments)
    values.payments = ((record.payments as Record<string, unknown>[] | undefined) ?? []).map((p) =>
      lineFromRecord(paymentFieldsOf(doc), p),
    );
  if (doc.convertsFrom?.length) {
    values.sourceType = record.sourceType ?? null;
    values.sourceId = record.sourceId ?? null;
  }
  return values;
}

/** A line's source line (a converted document), kept through the form untouched. */
export const sourceLineOf = (doc: DocumentDef, stored: Record<string, unknown>): FormValues =>
  doc.convertsFrom?.length ? { sourceLineNo: stored.sourceLineNo ?? null } : {};

/** The body's money parts: the payments that are not blank, the source of a converted document. */
export function moneyPayload(doc: DocumentDef, values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (doc.payments) body.payments = compactLines(paymentFieldsOf(doc), paymentsOf(values)).lines;
  if (doc.convertsFrom?.length && values.sourceId) {
    body.sourceType = values.sourceType;
    body.sourceId = values.sourceId;
  }
  return body;
}

/** The payments grid's required cells. */
export const paymentErrors = (doc: DocumentDef, values: FormValues, language: Language): FieldErrors =>
  doc.payments ? requiredLineErrors('payments', paymentFieldsOf(doc), paymentsOf(values), language) : {};

/** The totals the service will keep, as the user types; null while a line cannot be computed yet. */
export function moneyTotalsOf(
  doc: DocumentDef,
  values: { lines: Record<string, unknown>[] } & FormValues,
): InvoiceTotals | null {
  if (!doc.money || !doc.quantityField) return null;
  const lines = values.lines.filter((l) => String(l[doc.quantityField!] ?? '').trim() !== '');
  try {
    return documentMoneyTotals(doc.quantityField, { ...values, lines });
  } catch {
    return null;
  }
}

/** What the payments cover of the total: paid so far, and what is left (negative: change to hand back). */
export function paymentBalance(doc: DocumentDef, values: FormValues, total: string | null) {
  const paid = paymentsOf(values).reduce((sum, p) => {
    const v = String(p.amount ?? '').trim();
    return /^\d+(\.\d+)?$/.test(v) ? sum.plus(v) : sum;
  }, dec(0));
  return {
    paid: formatDecimal(paid, 2),
    left: total === null ? null : formatDecimal(dec(total).minus(paid), 2),
  };
}

/** The document's grids as `lines` fields, for placing the server's errors on their rows. */
export const documentGrids = (doc: DocumentDef): FieldDef[] => [
  { name: 'lines', kind: 'lines', lineFields: doc.lines },
  ...(doc.payments ? [{ name: 'payments', kind: 'lines' as const, lineFields: paymentFieldsOf(doc) }] : []),
];
