import type { FieldCheck } from '../master-data/declare';
import type { DiscountKind } from './field-defs';
import {
  InvoiceArithmeticError,
  invoiceTotals,
  type InvoiceInput,
  type InvoiceTotals,
} from './invoice-totals';

export { discountKinds, moneyHeaderFields, moneyLineFields, type DiscountKind } from './field-defs';

const text = (v: unknown) => (v === null || v === undefined || v === '' ? '' : String(v));
const discountOf = (type: unknown, value: unknown): { kind: DiscountKind; value: string } | null =>
  text(value) && Number(value) !== 0 && (type === 'percentage' || type === 'value')
    ? { kind: type, value: text(value) }
    : null;

/** A document's input (or stored record) as the arithmetic takes it; its quantity field names the quantity. */
export function invoiceInputOf(
  quantityField: string,
  input: { lines: readonly Record<string, unknown>[] } & Record<string, unknown>,
): InvoiceInput {
  return {
    lines: input.lines.map((l) => ({
      quantity: text(l[quantityField]) || '0',
      price: text(l.price) || '0',
      discount: discountOf(l.discountType, l.discount),
      taxCategory: (l.taxCategory as InvoiceInput['lines'][number]['taxCategory']) ?? 'S',
      taxRate: text(l.taxRate) || '0',
    })),
    discount: discountOf(input.discountType, input.discount),
  };
}

/**
 * The money rules of a document (spec section 5 and ZATCA): a discount at most 100 % and never above what it
 * comes off; a standard-rated line has a rate above zero, a zero-rated, exempt or out-of-scope one none.
 */
export function moneyChecks(
  quantityField: string,
  input: { lines: readonly Record<string, unknown>[] } & Record<string, unknown>,
): FieldCheck[] {
  const issues: FieldCheck[] = [];
  input.lines.forEach((l, i) => {
    const rate = Number(text(l.taxRate) || '0');
    if (l.taxCategory === 'S' && !(rate > 0))
      issues.push({ field: `lines.${i}.taxRate`, code: 'validation.standardRateRequired' });
    if (l.taxCategory !== 'S' && rate !== 0)
      issues.push({ field: `lines.${i}.taxRate`, code: 'validation.zeroRateRequired' });
  });
  if (issues.length) return issues;
  try {
    invoiceTotals(invoiceInputOf(quantityField, input));
  } catch (e) {
    if (!(e instanceof InvoiceArithmeticError)) throw e;
    issues.push({ field: e.field, code: e.code });
  }
  return issues;
}

/** The totals of a document that passed `moneyChecks`. */
export const documentMoneyTotals = (
  quantityField: string,
  input: { lines: readonly Record<string, unknown>[] } & Record<string, unknown>,
): InvoiceTotals => invoiceTotals(invoiceInputOf(quantityField, input));
