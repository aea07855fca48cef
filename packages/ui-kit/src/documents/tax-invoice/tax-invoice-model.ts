import { zatcaQrText, type DocumentRecord, type ReferenceName, type ZatcaQrFields } from '@erp/contracts';
import { label } from '@erp/i18n';
import type { Letterhead } from '../../PrintHeader';
import { issueOf, moneyOf } from './tax-document';

export * from './tax-document';

/**
 * What a tax invoice prints (issue 14, deliverable 6; ZATCA's tax invoice and credit note): read from the issued
 * document as the service keeps it (never from the form), the company and the issuing branch (StartUp), and the
 * buyer (the customer's read). Pure, so the print and its tests compute the same thing.
 */
export type Seller = Letterhead['company'];
export type IssuingBranch = Letterhead['branches'][number];

/** The customer fields a tax invoice names of its buyer (sales' customer read). */
export interface Buyer {
  arabicName: string;
  englishName?: string | null;
  taxNumber?: string | null;
  buildingNumber?: string | null;
  streetName?: string | null;
  district?: string | null;
  city?: string | null;
  postalCode?: string | null;
  extraNumber?: string | null;
  country?: string | null;
}

/** The seller's name on the invoice and in its QR code: the company's Arabic (legal) name. */
export const sellerNameOf = (company: Seller) => (company.arabicName || company.englishName).trim();

/**
 * The tax authority's QR fields (ZATCA tags 1 to 5): seller's name, VAT number, the moment of issue as the chain
 * recorded it, the total with VAT and the VAT total, both as the service computed them (two decimals).
 */
export function taxQrFieldsOf(record: DocumentRecord, company: Seller): ZatcaQrFields | null {
  const issue = issueOf(record);
  const money = moneyOf(record);
  if (!issue || !money) return null;
  return {
    sellerName: sellerNameOf(company),
    vatNumber: (company.taxNumber ?? '').trim(),
    timestamp: issue.issuedAt,
    total: money.taxInclusive,
    vat: money.vat,
  };
}

/** The QR code's text, or null when a value cannot be encoded (a name over 255 bytes). */
export function taxQrTextOf(record: DocumentRecord, company: Seller): string | null {
  return qrTextOfFields(taxQrFieldsOf(record, company));
}

/**
 * The QR text of given fields (null when a value cannot be encoded): an issued record's (above), or a till's sale
 * read on the till itself, whose fields are the ones the server's invoice of it will carry.
 */
export function qrTextOfFields(fields: ZatcaQrFields | null): string | null {
  if (!fields) return null;
  try {
    return zatcaQrText(fields);
  } catch {
    return null;
  }
}

/**
 * A moment in the branch's local time (design.md 9: fiscal documents show the branch's time, Asia/Riyadh for a
 * Saudi branch), as 'YYYY-MM-DD HH:mm:ss' in Latin digits, which both languages of the print read.
 */
export function localDateTime(iso: string, timeZone = 'Asia/Riyadh'): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(at);
  } catch {
    return localDateTime(iso, 'Asia/Riyadh');
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/** A label in Arabic and English side by side, whatever the UI language ('فاتورة ضريبية | Tax invoice'). */
export const bilingual = (key: string): { ar: string; en: string } => ({
  ar: label('ar', key),
  en: label('en', key),
});

/** A record's two names, the English one only where it differs. */
export function bothNames(n: { arabicName?: string | null; englishName?: string | null } | null | undefined) {
  const ar = (n?.arabicName ?? '').trim();
  const en = (n?.englishName ?? '').trim();
  return en && en !== ar ? (ar ? `${ar} / ${en}` : en) : ar;
}

/** A national address on one line: building, street, district, city, postal code, additional number. */
export function buyerAddress(b: Buyer): string {
  return [b.buildingNumber, b.streetName, b.district, b.city, b.postalCode, b.extraNumber, b.country]
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join('، ');
}

/** A name the document brought (item, unit, customer), in both languages. */
export const broughtName = (names: Record<string, ReferenceName> | undefined, id: unknown): string =>
  typeof id === 'string' && names?.[id] ? bothNames(names[id]) : '';
