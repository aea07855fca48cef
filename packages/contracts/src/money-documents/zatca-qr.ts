/**
 * The tax authority's QR code of a simplified tax invoice (ZATCA, e-invoicing phase 1; issue 14, deliverable 6):
 * TLV records, each a tag byte, a length byte and the value's UTF-8 bytes, for tags 1 to 5 (seller's name, VAT
 * registration number, invoice timestamp, total with VAT, VAT total), the whole in base64. Lengths count bytes:
 * an Arabic seller name takes two bytes a letter.
 */
export interface ZatcaQrFields {
  sellerName: string;
  vatNumber: string;
  /** ISO 8601 with time zone ('2022-04-25T15:30:00Z'). */
  timestamp: string;
  /** The invoice total with VAT and the VAT total, two decimals ('1000.00'). */
  total: string;
  vat: string;
}

const TAGS: readonly (keyof ZatcaQrFields)[] = ['sellerName', 'vatNumber', 'timestamp', 'total', 'vat'];

const toBase64 = (bytes: Uint8Array) => {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
};
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** The QR code's text: the five TLV records in base64. A value over 255 bytes cannot be encoded. */
export function zatcaQrText(fields: ZatcaQrFields): string {
  const encoder = new TextEncoder();
  const parts: number[] = [];
  TAGS.forEach((name, i) => {
    const value = encoder.encode(fields[name]);
    if (value.length > 255) throw new RangeError(`${name} is longer than 255 bytes`);
    parts.push(i + 1, value.length, ...value);
  });
  return toBase64(Uint8Array.from(parts));
}

/** The fields back from a QR code's text (for checks: a decoded code compared with its invoice). */
export function parseZatcaQr(text: string): ZatcaQrFields {
  const bytes = fromBase64(text);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const out: Partial<Record<keyof ZatcaQrFields, string>> = {};
  for (let i = 0; i < bytes.length;) {
    const tag = bytes[i]!;
    const length = bytes[i + 1];
    if (length === undefined || i + 2 + length > bytes.length) throw new RangeError('truncated TLV');
    const name = TAGS[tag - 1];
    if (name) out[name] = decoder.decode(bytes.subarray(i + 2, i + 2 + length));
    i += 2 + length;
  }
  for (const name of TAGS) if (out[name] === undefined) throw new RangeError(`tag ${name} missing`);
  return out as ZatcaQrFields;
}
