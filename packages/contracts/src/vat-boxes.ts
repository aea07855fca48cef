/**
 * The boxes of the Saudi VAT return (ZATCA's form: sales 1 to 5, purchases 7 to 11; 6 and 12 are their totals,
 * 13 to 16 the VAT due). A journal line that belongs to the return carries a tax tag naming its box, whether it
 * is the box's amount (the taxable base: a sales or purchase line) or its VAT (a line on the VAT account), and the
 * rate, so the VAT summary adds the return up from the ledger itself (issue 13, deliverable 7).
 */
export const vatBoxes = [
  { name: 'standardRatedSales', box: 1, direction: 'output', rate: '15' },
  { name: 'citizenServicesSales', box: 2, direction: 'output', rate: '0' },
  { name: 'zeroRatedSales', box: 3, direction: 'output', rate: '0' },
  { name: 'exports', box: 4, direction: 'output', rate: '0' },
  { name: 'exemptSales', box: 5, direction: 'output', rate: '0' },
  { name: 'standardRatedPurchases', box: 7, direction: 'input', rate: '15' },
  { name: 'importsPaidAtCustoms', box: 8, direction: 'input', rate: '15' },
  { name: 'importsReverseCharge', box: 9, direction: 'input', rate: '15' },
  { name: 'zeroRatedPurchases', box: 10, direction: 'input', rate: '0' },
  { name: 'exemptPurchases', box: 11, direction: 'input', rate: '0' },
] as const;
export type VatBox = (typeof vatBoxes)[number];
export type VatBoxName = VatBox['name'];
export const vatBoxNames = vatBoxes.map((b) => b.name) as unknown as readonly [VatBoxName, ...VatBoxName[]];

/** A line's part in its box: the taxable amount, or the VAT on it. */
export type TaxRole = 'base' | 'tax';

export interface TaxTag {
  box: VatBoxName;
  role: TaxRole;
  /** The rate in percent, as an exact decimal string ('15', '5'). */
  rate: string;
}

/** 'standardRatedSales|base|15': short, stable, one column of the journal line (and part of its hash). */
export const taxTagText = (t: TaxTag): string => `${t.box}|${t.role}|${t.rate}`;

export function parseTaxTag(text: string | null | undefined): TaxTag | null {
  if (!text) return null;
  const [box, role, rate] = text.split('|');
  if (!vatBoxes.some((b) => b.name === box) || (role !== 'base' && role !== 'tax') || !rate) return null;
  return { box: box as VatBoxName, role, rate };
}

export const vatBoxOf = (name: VatBoxName): VatBox => vatBoxes.find((b) => b.name === name)!;
