import { z } from 'zod';
import { dec } from '../money';

/**
 * Scale labels (issue 15, deliverable 2): the EAN-13 a weighing scale prints for a balance item (spec section 4,
 * 'balance-item flag with code of five digits'). GS1 keeps the prefixes 20 to 29 for such in-store
 * (restricted-circulation) numbers; each company picks one at /posConfigurations (editCompany). The layout:
 *
 *   PP CCCCC VVVVV K
 *   │  │     │     └ the EAN-13 check digit (GS1 General Specifications, section 7.9)
 *   │  │     └ the value: kilograms with three decimals (weight mode) or the price with two (price mode)
 *   │  └ the item's five-digit scale code (its `scaleCode`)
 *   └ the company's scale prefix
 *
 * Pure and exact: the value is read with decimal.js, never as a float.
 */
export const scalePrefixes = ['20', '21', '22', '23', '24', '25', '26', '27', '28', '29'] as const;
export type ScalePrefix = (typeof scalePrefixes)[number];
export const scaleModes = ['weight', 'price'] as const;
export type ScaleMode = (typeof scaleModes)[number];

/** How a company's scales print their labels. */
export interface ScaleLabelConfig {
  readonly prefix: ScalePrefix;
  readonly mode: ScaleMode;
}

/** Why a label with the company's prefix is refused (each is a server message key of the same name). */
export const scaleBarcodeErrors = ['badCheckDigit', 'zeroWeight', 'zeroPrice'] as const;
export type ScaleBarcodeError = (typeof scaleBarcodeErrors)[number];

export type ScaleBarcodeRead =
  /** Not a label of this company's scales: the caller looks the code up as an ordinary barcode. */
  | { readonly scale: false }
  | { readonly scale: true; readonly ok: true; readonly scaleCode: string; readonly weight: string }
  | { readonly scale: true; readonly ok: true; readonly scaleCode: string; readonly price: string }
  | { readonly scale: true; readonly ok: false; readonly code: ScaleBarcodeError };

const DIGITS = /^\d+$/;

/**
 * The GS1 check digit of a GTIN's digits without it (any length: 7 for EAN-8, 11 for UPC-A, 12 for EAN-13, 13 for
 * GTIN-14). From the rightmost digit leftwards the weights are 3, 1, 3, 1…; the check digit brings the sum up to a
 * multiple of ten.
 */
export function gtinCheckDigit(body: string): number {
  if (!DIGITS.test(body)) throw new RangeError(`not a string of digits: ${JSON.stringify(body)}`);
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** The check digit of an EAN-13 from its first twelve digits. */
export function ean13CheckDigit(first12: string): number {
  if (first12.length !== 12)
    throw new RangeError(`an EAN-13 has 12 digits before its check digit: ${first12}`);
  return gtinCheckDigit(first12);
}

/** Whether a code is an EAN-8, UPC-A, EAN-13 or GTIN-14 whose last digit is its check digit. */
export function isValidGtin(code: string): boolean {
  if (!DIGITS.test(code) || ![8, 12, 13, 14].includes(code.length)) return false;
  return gtinCheckDigit(code.slice(0, -1)) === code.charCodeAt(code.length - 1) - 48;
}

/**
 * Reads a scanned code as a scale label of the company's configuration. Thirteen digits that start with the
 * configured prefix are a label: a wrong check digit is refused (never looked up as an ordinary barcode, since a
 * misread label would otherwise find nothing or, worse, another item), and so is a weight or price of zero.
 */
export function readScaleBarcode(code: string, config: ScaleLabelConfig): ScaleBarcodeRead {
  if (code.length !== 13 || !DIGITS.test(code) || !code.startsWith(config.prefix)) return { scale: false };
  if (ean13CheckDigit(code.slice(0, 12)) !== code.charCodeAt(12) - 48) {
    return { scale: true, ok: false, code: 'badCheckDigit' };
  }
  const scaleCode = code.slice(2, 7);
  const value = dec(code.slice(7, 12));
  if (value.isZero())
    return { scale: true, ok: false, code: config.mode === 'weight' ? 'zeroWeight' : 'zeroPrice' };
  return config.mode === 'weight'
    ? { scale: true, ok: true, scaleCode, weight: value.dividedBy(1000).toFixed(3) }
    : { scale: true, ok: true, scaleCode, price: value.dividedBy(100).toFixed(2) };
}

/**
 * A label as the company's scales would print it (the settings screen's live example, and tests): `value` is the
 * weight in kilograms (up to 99.999) or the price (up to 999.99) as a decimal string.
 */
export function buildScaleBarcode(config: ScaleLabelConfig, scaleCode: string, value: string): string {
  if (!/^\d{5}$/.test(scaleCode)) throw new RangeError(`a scale code is five digits: ${scaleCode}`);
  const scaled = dec(value).times(config.mode === 'weight' ? 1000 : 100);
  if (!scaled.isInteger() || scaled.isNegative() || scaled.greaterThan(99999)) {
    throw new RangeError(`not a ${config.mode} a label holds: ${value}`);
  }
  const first12 = `${config.prefix}${scaleCode}${scaled.toFixed(0).padStart(5, '0')}`;
  return `${first12}${ean13CheckDigit(first12)}`;
}

/** The company's POS settings (/posConfigurations): its scales' prefix and what their labels carry. */
export const posConfigurationSchema = z
  .object({
    scalePrefix: z.enum(scalePrefixes).default('20'),
    scaleMode: z.enum(scaleModes).default('weight'),
  })
  .strict();
export type PosConfiguration = z.infer<typeof posConfigurationSchema>;

/** A company that never saved its POS settings: prefix 20, weight (what every tenant before issue 15 reads). */
export const defaultPosConfiguration: PosConfiguration = { scalePrefix: '20', scaleMode: 'weight' };

/** A stored value read back: what no longer parses falls back to the defaults, never an error on a read. */
export function posConfigurationOf(stored: unknown): PosConfiguration {
  const parsed = posConfigurationSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : defaultPosConfiguration;
}

/** The parser's configuration from the company's. */
export function scaleLabelConfigOf(pos: PosConfiguration): ScaleLabelConfig {
  return { prefix: pos.scalePrefix, mode: pos.scaleMode };
}
