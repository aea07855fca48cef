import { formatDecimal, type DocumentRecord } from '@erp/contracts';
import {
  bothNames,
  broughtName,
  issueOf,
  localDateTime,
  moneyOf,
  sellerNameOf,
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
  const payments = (record.payments as Record<string, unknown>[] | undefined) ?? [];
  return {
    seller: sellerNameOf(company),
    vatNumber: (company.taxNumber ?? '').trim(),
    branch: branch ? bothNames(branch) : '',
    number: tillSale ? String(record.referenceNumber) : record.code,
    issuedAt: localDateTime(issue.issuedAt, branch?.timezone || undefined),
    lines: record.lines.map((l, i) => ({
      name: broughtName(record.names, l.itemId),
      quantity: quantity(l.quantity),
      unit: broughtName(record.names, l.unitId),
      price: two(l.price),
      total: two(money.lines[i]?.total),
    })),
    taxExclusive: two(money.taxExclusive),
    discount: two(money.discount),
    vat: two(money.vat),
    taxInclusive: two(money.taxInclusive),
    payments: payments.map((p) => ({ name: paymentName(p), amount: two(p.amount) })),
    change: two(record.change),
    qrText: taxQrTextOf(record, company),
  };
}
