import {
  documentMoneyTotals,
  formatDecimal,
  type DocumentRecord,
  type InvoiceTotals,
  type TillSaleInput,
} from '@erp/contracts';
import {
  bothNames,
  broughtName,
  issueOf,
  localDateTime,
  moneyOf,
  sellerNameOf,
  qrTextOfFields,
  taxQrTextOf,
  type IssuingBranch,
  type Seller,
} from '../documents/tax-invoice/tax-invoice-model';

/**
 * What an 80 mm receipt prints (issue 15, deliverable 6): a simplified tax invoice (ZATCA) read from the issued
 * invoice as the service keeps it, the same facts as the A4 print (tax-invoice-model.ts) in a till's narrow
 * column. Pure, so the receipt, its picture and their tests compute the same thing.
 */
export interface ReceiptModel {
  seller: string;
  vatNumber: string;
  branch: string;
  /** A till's receipt number ('T3-000042', fixed on the till) or the back office's invoice code. */
  number: string;
  issuedAt: string;
  lines: { name: string; quantity: string; unit: string; price: string; total: string }[];
  taxExclusive: string;
  discount: string;
  vat: string;
  taxInclusive: string;
  payments: { name: string; amount: string }[];
  change: string;
  qrText: string | null;
}

const two = (v: unknown) => formatDecimal(String(v ?? '0') || '0', 2);
/** A quantity without trailing zeros ('1.250', '2'). */
const quantity = (v: unknown) => {
  const text = String(v ?? '0');
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
};

export function receiptOf(
  record: DocumentRecord,
  company: Seller,
  branch: IssuingBranch | null,
  /** A payment's method, by name. */
  paymentName: (payment: Record<string, unknown>) => string,
): ReceiptModel | null {
  const issue = issueOf(record);
  const money = moneyOf(record);
  if (!issue || !money) return null;
  const tillSale = issue.unit.startsWith('till:') && typeof record.referenceNumber === 'string';
  return modelOf({
    company,
    branch,
    number: tillSale ? String(record.referenceNumber) : record.code,
    issuedAt: issue.issuedAt,
    lines: record.lines.map((l) => ({
      name: broughtName(record.names, l.itemId),
      quantity: l.quantity,
      unit: broughtName(record.names, l.unitId),
      price: l.price,
    })),
    money,
    payments: ((record.payments as Record<string, unknown>[] | undefined) ?? []).map((p) => ({
      name: paymentName(p),
      amount: p.amount,
    })),
    change: record.change,
    qrText: taxQrTextOf(record, company),
  });
}

type Named = { arabicName?: string | null; englishName?: string | null };

/** A sale as the till keeps it once made (its final number and moment of issue), with the change it gave. */
export interface TillReceiptSale {
  number: string;
  issuedAt: string;
  sale: TillSaleInput['sale'];
  change: string;
}

/**
 * The receipt of a sale made at a till, read from the till's own copy (offline too): the same receipt as
 * `receiptOf` gives of the invoice the server issues from it, since both compute the totals with the invoices'
 * one arithmetic and the QR code from the same fields (the till's moment of issue, which the invoice keeps).
 */
export function tillReceiptOf(
  made: TillReceiptSale,
  company: Seller,
  branch: IssuingBranch | null,
  /** The names the till keeps (its catalogue and lookups), printed in both languages as on the invoice's receipt. */
  names: {
    item: (id: string) => Named | undefined;
    unit: (id: string) => Named | undefined;
    payment: (id: string) => Named | undefined;
  },
): ReceiptModel {
  const sale = made.sale as Parameters<typeof documentMoneyTotals>[1] & TillSaleInput['sale'];
  const money = documentMoneyTotals('quantity', sale);
  return modelOf({
    company,
    branch,
    number: made.number,
    issuedAt: made.issuedAt,
    lines: made.sale.lines.map((l) => ({
      name: bothNames(names.item(String(l.itemId))),
      quantity: l.quantity,
      unit: bothNames(names.unit(String(l.unitId ?? ''))),
      price: l.price,
    })),
    money,
    payments: ((made.sale.payments ?? []) as { paymentMethodId?: unknown; amount?: unknown }[]).map((p) => ({
      name: bothNames(names.payment(String(p.paymentMethodId))),
      amount: p.amount,
    })),
    change: made.change,
    qrText: qrTextOfFields({
      sellerName: sellerNameOf(company),
      vatNumber: (company.taxNumber ?? '').trim(),
      timestamp: made.issuedAt,
      total: money.taxInclusive,
      vat: money.vat,
    }),
  });
}

/** The one layout of a receipt's facts, whichever copy they were read from. */
function modelOf(f: {
  company: Seller;
  branch: IssuingBranch | null;
  number: string;
  issuedAt: string;
  lines: { name: string; quantity: unknown; unit: string; price: unknown }[];
  money: Pick<InvoiceTotals, 'taxExclusive' | 'discount' | 'vat' | 'taxInclusive'> & {
    lines: readonly { total: string }[];
  };
  payments: { name: string; amount: unknown }[];
  change: unknown;
  qrText: string | null;
}): ReceiptModel {
  return {
    seller: sellerNameOf(f.company),
    vatNumber: (f.company.taxNumber ?? '').trim(),
    branch: f.branch ? bothNames(f.branch) : '',
    number: f.number,
    issuedAt: localDateTime(f.issuedAt, f.branch?.timezone || undefined),
    lines: f.lines.map((l, i) => ({
      name: l.name,
      quantity: quantity(l.quantity),
      unit: l.unit,
      price: two(l.price),
      total: two(f.money.lines[i]?.total),
    })),
    taxExclusive: two(f.money.taxExclusive),
    discount: two(f.money.discount),
    vat: two(f.money.vat),
    taxInclusive: two(f.money.taxInclusive),
    payments: f.payments.map((p) => ({ name: p.name, amount: two(p.amount) })),
    change: two(f.change),
    qrText: f.qrText,
  };
}
