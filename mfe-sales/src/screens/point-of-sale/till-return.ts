import {
  creditNoteReasons,
  dec,
  invoiceInputOf,
  invoiceTotals,
  parseZatcaQr,
  type DocumentRecord,
  type PosLookups,
} from '@erp/contracts';

/**
 * A return at the till (issue 15 deliverable 8), as pure data: what the cashier scanned or typed, the original
 * invoice's lines with what each has left, the quantities picked (never above what is left: the server refuses
 * more too, unless the user holds the right to exceed the original), the reason and the refund, and the credit
 * note sent for it (`POST /api/SalesReturns`, converted from the original).
 */
export type CreditNoteReason = (typeof creditNoteReasons)[number];

/** A receipt's tax QR (base64 TLV, far longer than a number) or a receipt/invoice number; null when empty. */
export function receiptQueryOf(raw: string): { qr: string } | { number: string } | null {
  const text = raw.trim();
  if (!text) return null;
  try {
    parseZatcaQr(text);
    return { qr: text };
  } catch {
    // a number is short and plain; anything else is a QR the scanner misread (the server says it is invalid)
    return /^[0-9A-Za-z][0-9A-Za-z/_.-]{0,39}$/.test(text) ? { number: text } : { qr: text };
  }
}

/**
 * Whether a scan in the till's scan field is a receipt's tax QR rather than a barcode (a QR's text is at least
 * five TLV records in base64, far longer than any barcode): the till then opens the return on it.
 */
export function isReceiptQr(raw: string): boolean {
  const text = raw.trim();
  if (text.length < 40) return false;
  try {
    parseZatcaQr(text);
    return true;
  } catch {
    return false;
  }
}

export interface ReturnLine {
  lineNo: number;
  itemId: string;
  unitId: string;
  storeId: string;
  sold: string;
  remaining: string;
  price: string;
  discountType: string | null;
  discount: string | null;
  taxCategory: string;
  taxRate: string;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The original's lines as the return panel shows them (a line returned in full shows 0 left). */
export function returnLinesOf(original: DocumentRecord): ReturnLine[] {
  return original.lines.map((l) => {
    const remaining = dec(text(l.remaining) || text(l.quantity) || '0');
    return {
      lineNo: l.lineNo,
      itemId: text(l.itemId),
      unitId: text(l.unitId),
      storeId: text(l.storeId),
      sold: text(l.quantity) || '0',
      remaining: (remaining.isNegative() ? dec(0) : remaining).toFixed(),
      price: text(l.price) || '0',
      discountType: text(l.discountType) || null,
      discount: text(l.discount) || null,
      taxCategory: text(l.taxCategory) || 'S',
      taxRate: text(l.taxRate) || '0',
    };
  });
}

/** Whether anything of the original is left to return. */
export const anythingReturnable = (lines: readonly ReturnLine[]) =>
  lines.some((l) => dec(l.remaining).greaterThan(0));

/** Quantities picked, by the original's line number. */
export type ReturnPick = Readonly<Record<number, string>>;

export type PickRefusal = 'invalidNumber' | 'aboveRemaining';

/** A line's quantity to return: a number from zero to what the line has left. */
export function pickQuantity(
  pick: ReturnPick,
  line: ReturnLine,
  value: string,
): { pick: ReturnPick } | { refused: PickRefusal } {
  const v = value.trim() || '0';
  if (!/^\d+(\.\d+)?$/.test(v)) return { refused: 'invalidNumber' };
  if (dec(v).greaterThan(line.remaining)) return { refused: 'aboveRemaining' };
  const next: Record<number, string> = { ...pick };
  if (dec(v).isZero()) delete next[line.lineNo];
  else next[line.lineNo] = dec(v).toFixed();
  return { pick: next };
}

/** Every line's whole remainder (the customer brings everything back). */
export const pickAll = (lines: readonly ReturnLine[]): ReturnPick =>
  Object.fromEntries(
    lines.filter((l) => dec(l.remaining).greaterThan(0)).map((l) => [l.lineNo, l.remaining]),
  );

/**
 * The refund's methods: the original's own (paid back the way it was paid), then the cash methods (the drawer).
 * The first is the default.
 */
export function refundMethodsOf(original: DocumentRecord, lookups: PosLookups): PosLookups['paymentMethods'] {
  const paid = ((original.payments as { paymentMethodId?: unknown; amount?: unknown }[] | undefined) ?? [])
    .filter((p) => dec(text(p.amount) || '0').greaterThan(0))
    .sort((a, b) => dec(text(b.amount)).comparedTo(text(a.amount)))
    .map((p) => text(p.paymentMethodId));
  const known = (id: string) => lookups.paymentMethods.find((m) => m.id === id);
  const out = paid.map(known).filter((m): m is NonNullable<typeof m> => !!m);
  for (const m of lookups.paymentMethods) if (m.kind === 'cash' && !out.includes(m)) out.push(m);
  return out;
}

export type ReturnRefusal = 'nothingPicked' | 'chooseReason' | 'chooseRefundMethod';

/**
 * The credit note for the picked lines, converted from the original (its `sourceLineNo` per line), at the
 * original's prices, discounts and VAT; a document discount is carried as a percentage as it was, or as its share
 * of a value; refunded in full by the chosen method, unless the original was on credit (the customer's balance
 * goes down instead). `refund` is what the cashier pays back.
 */
export function returnInputOf(
  original: DocumentRecord,
  pick: ReturnPick,
  reason: string,
  refundMethodId: string,
  date: string,
): { input: Record<string, unknown>; refund: string } | { refused: ReturnRefusal } {
  const lines = returnLinesOf(original).filter((l) => pick[l.lineNo] && dec(pick[l.lineNo]!).greaterThan(0));
  if (lines.length === 0) return { refused: 'nothingPicked' };
  if (!(creditNoteReasons as readonly string[]).includes(reason)) return { refused: 'chooseReason' };
  const onCredit = original.paymentType === 'onCredit';
  if (!onCredit && !refundMethodId) return { refused: 'chooseRefundMethod' };
  const returned = lines.map((l) => ({
    sourceLineNo: l.lineNo,
    itemId: l.itemId,
    unitId: l.unitId,
    storeId: l.storeId,
    quantity: pick[l.lineNo]!,
    price: l.price,
    // a value discount was given on the whole line: the share of the quantity returned
    ...(l.discountType === 'value' && l.discount
      ? {
          discountType: 'value',
          discount: dec(l.discount).times(pick[l.lineNo]!).dividedBy(l.sold).toDecimalPlaces(4).toFixed(),
        }
      : l.discountType && l.discount
        ? { discountType: l.discountType, discount: l.discount }
        : {}),
    taxCategory: l.taxCategory,
    taxRate: l.taxRate,
  }));
  const input: Record<string, unknown> = {
    date,
    referenceNumber: text(original.referenceNumber) || original.code,
    notes: '',
    customerId: original.customerId,
    paymentType: onCredit ? 'onCredit' : 'cash',
    reason,
    sourceType: 'salesInvoices',
    sourceId: original.id,
    lines: returned,
  };
  const headerKind = text(original.discountType);
  const headerDiscount = text(original.discount);
  if (headerKind === 'percentage' && headerDiscount && !dec(headerDiscount).isZero()) {
    input.discountType = 'percentage';
    input.discount = headerDiscount;
  } else if (headerKind === 'value' && headerDiscount && !dec(headerDiscount).isZero()) {
    const whole = dec(invoiceTotals(invoiceInputOf('quantity', { ...original, discount: null })).lineNet);
    const part = dec(invoiceTotals(invoiceInputOf('quantity', { lines: returned })).lineNet);
    input.discountType = 'value';
    input.discount = whole.isZero()
      ? '0'
      : dec(headerDiscount).times(part).dividedBy(whole).toDecimalPlaces(2).toFixed();
  }
  const refund = invoiceTotals(
    invoiceInputOf('quantity', input as { lines: Record<string, unknown>[] }),
  ).taxInclusive;
  input.payments = onCredit ? [] : [{ paymentMethodId: refundMethodId, amount: refund }];
  return { input, refund };
}
