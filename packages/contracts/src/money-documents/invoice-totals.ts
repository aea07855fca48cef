import { dec, formatDecimal, roundTo, type Dec } from '../money';
import type { TaxCategory } from './tax-categories';

/**
 * The one place where a money document's tax arithmetic and rounding live (issue 14, deliverable 2): EN 16931's
 * calculation model as ZATCA applies it, in the currency's two decimals whatever decimals the branch shows.
 * Each figure is rounded once, half away from zero, and every total is a sum of rounded figures, so that
 *   BR-CO-10  sum of line net amounts        = Σ line nets
 *   BR-CO-13  total without VAT              = Σ line nets − document allowances
 *   BR-CO-14  invoice VAT total              = Σ VAT category tax amounts
 *   BR-CO-15  total with VAT                 = total without VAT + VAT total
 *   BR-CO-17  category tax amount            = round(category taxable amount × rate / 100)
 * hold exactly for every document. Amounts in and out are decimal strings; arithmetic is decimal.js.
 */
export const INVOICE_DIGITS = 2;

export { taxCategories, type TaxCategory } from './tax-categories';

export interface InvoiceLineInput {
  quantity: string;
  /** The unit price without VAT. */
  price: string;
  /** A percentage (0 to 100) or an amount of the line's gross; none: no discount. */
  discount?: { kind: 'percentage' | 'value'; value: string } | null;
  taxCategory: TaxCategory;
  /** Percent ('15'); zero for Z, E and O. */
  taxRate: string;
}

export interface InvoiceInput {
  lines: readonly InvoiceLineInput[];
  /** The document-level discount (an allowance), a percentage of the lines' net or an amount. */
  discount?: { kind: 'percentage' | 'value'; value: string } | null;
}

export interface InvoiceLineTotals {
  /** quantity × price, rounded. */
  gross: string;
  discount: string;
  /** BT-131: gross − discount. */
  net: string;
  /** The line's VAT (ZATCA KSA-11): net × rate, rounded; shown per line, not summed into the totals. */
  vat: string;
  /** net + vat (ZATCA KSA-12). */
  total: string;
}

export interface TaxCategoryTotals {
  category: TaxCategory;
  rate: string;
  /** BT-116: the category's line nets less its share of the document discount. */
  taxable: string;
  /** BT-117: taxable × rate, rounded once. */
  vat: string;
  /** The category's share of the document discount (BT-92 of an allowance in this category). */
  discount: string;
}

export interface InvoiceTotals {
  lines: InvoiceLineTotals[];
  categories: TaxCategoryTotals[];
  /** BT-106 */
  lineNet: string;
  /** BT-107 */
  discount: string;
  /** BT-109 */
  taxExclusive: string;
  /** BT-110 */
  vat: string;
  /** BT-112 */
  taxInclusive: string;
}

export class InvoiceArithmeticError extends Error {
  constructor(
    readonly code:
      'validation.discountAboveTotal' | 'validation.discountPercentage' | 'validation.paidAboveTotal',
    readonly field: string,
  ) {
    super(code);
  }
}

const r = (v: Dec) => roundTo(v, INVOICE_DIGITS);
const text = (v: Dec) => formatDecimal(v, INVOICE_DIGITS);

/** A discount of `base` (already rounded): a percentage of it, rounded once, or an amount; never above it. */
function discountOf(base: Dec, discount: InvoiceLineInput['discount'], field: string): Dec {
  if (!discount) return dec(0);
  const value = dec(discount.value);
  if (discount.kind === 'percentage') {
    if (value.isNegative() || value.greaterThan(100))
      throw new InvoiceArithmeticError('validation.discountPercentage', field);
    return r(base.times(value).dividedBy(100));
  }
  const amount = r(value);
  if (amount.isNegative() || amount.greaterThan(base))
    throw new InvoiceArithmeticError('validation.discountAboveTotal', field);
  return amount;
}

/**
 * Shares `amount` (two decimals) out over `weights` in proportion, in whole cents, the remainder to the largest
 * fractions: the shares add up to `amount` exactly.
 */
export function shareOut(amount: Dec, weights: readonly Dec[]): Dec[] {
  const total = weights.reduce((s, w) => s.plus(w), dec(0));
  if (total.isZero()) return weights.map(() => dec(0));
  const cents = amount.times(100);
  const exact = weights.map((w) => cents.times(w).dividedBy(total));
  const floors = exact.map((e) => e.floor());
  // whole cents still to give, one each to the largest remainders
  let left = cents.minus(floors.reduce((s, f) => s.plus(f), dec(0)));
  const order = exact
    .map((e, i) => ({ i, fraction: e.minus(floors[i]!) }))
    .sort((a, b) => b.fraction.comparedTo(a.fraction) || a.i - b.i);
  for (const { i } of order) {
    if (!left.greaterThan(0)) break;
    floors[i] = floors[i]!.plus(1);
    left = left.minus(1);
  }
  return floors.map((f) => f.dividedBy(100));
}

/** A money document's totals from its lines and discount. */
export function invoiceTotals(input: InvoiceInput): InvoiceTotals {
  const lines = input.lines.map((l, i) => {
    const gross = r(dec(l.quantity).times(l.price));
    const discount = discountOf(gross, l.discount, `lines.${i}.discount`);
    const net = gross.minus(discount);
    const vat = r(net.times(l.taxRate).dividedBy(100));
    return { gross, discount, net, vat, category: l.taxCategory, rate: dec(l.taxRate) };
  });
  const lineNet = lines.reduce((s, l) => s.plus(l.net), dec(0));
  const discount = discountOf(lineNet, input.discount, 'discount');
  // the categories in first-seen order, keyed by category and rate (a category may carry two rates)
  const groups = new Map<string, { category: TaxCategory; rate: Dec; net: Dec }>();
  for (const l of lines) {
    const key = `${l.category}|${l.rate.toString()}`;
    const g = groups.get(key) ?? { category: l.category, rate: l.rate, net: dec(0) };
    g.net = g.net.plus(l.net);
    groups.set(key, g);
  }
  const list = [...groups.values()];
  const shares = shareOut(
    discount,
    list.map((g) => g.net),
  );
  const categories = list.map((g, i) => {
    const taxable = g.net.minus(shares[i]!);
    return { ...g, discount: shares[i]!, taxable, vat: r(taxable.times(g.rate).dividedBy(100)) };
  });
  const vat = categories.reduce((s, c) => s.plus(c.vat), dec(0));
  const taxExclusive = lineNet.minus(discount);
  return {
    lines: lines.map((l) => ({
      gross: text(l.gross),
      discount: text(l.discount),
      net: text(l.net),
      vat: text(l.vat),
      total: text(l.net.plus(l.vat)),
    })),
    categories: categories.map((c) => ({
      category: c.category,
      rate: c.rate.toString(),
      taxable: text(c.taxable),
      vat: text(c.vat),
      discount: text(c.discount),
    })),
    lineNet: text(lineNet),
    discount: text(discount),
    taxExclusive: text(taxExclusive),
    vat: text(vat),
    taxInclusive: text(taxExclusive.plus(vat)),
  };
}

export interface PaymentInput {
  amount: string;
  /** Cash may be tendered above what is due: the excess is change handed back. */
  isCash: boolean;
}

export interface Settlement {
  /** What the payments pay of the total (never above it). */
  paid: string;
  /** Cash handed back: what was tendered above the total, out of the cash payments. */
  change: string;
  status: 'not' | 'partly' | 'fully';
}

/**
 * What a document's payments settle of its total (issue 14): paid is never above the total; an excess is allowed
 * only as change out of cash tendered, else it is refused ('validation.paidAboveTotal' on `payments`).
 */
export function settle(total: string, payments: readonly PaymentInput[]): Settlement {
  const due = dec(total);
  const sum = payments.reduce((s, p) => s.plus(r(dec(p.amount))), dec(0));
  const cash = payments.filter((p) => p.isCash).reduce((s, p) => s.plus(r(dec(p.amount))), dec(0));
  const excess = sum.minus(due);
  if (excess.greaterThan(0) && excess.greaterThan(cash))
    throw new InvoiceArithmeticError('validation.paidAboveTotal', 'payments');
  const paid = excess.greaterThan(0) ? due : sum;
  return {
    paid: text(paid),
    change: text(excess.greaterThan(0) ? excess : dec(0)),
    status: paid.isZero() && !due.isZero() ? 'not' : paid.equals(due) ? 'fully' : 'partly',
  };
}
