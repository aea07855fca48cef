import Decimal from 'decimal.js';

/**
 * Exact amounts and quantities (design.md section 5).
 *
 * - On the wire: decimal strings ("12.345"), never JSON numbers.
 * - In arithmetic: decimal.js, never JavaScript floats.
 * - In storage: integers scaled by 10^STORAGE_SCALE (BIGINT on MySQL, INTEGER on SQLite), so that SUM()
 *   gives the same exact result on both engines. Scale 4 covers the three-decimal dinars (fils) with a
 *   guard digit and keeps 900 billion units within JavaScript's safe integers.
 * - Rounding: half away from zero, once, to the branch's decimalDigits (see `roundTo`).
 */
export const STORAGE_SCALE = 4;
const FACTOR = new Decimal(10).pow(STORAGE_SCALE);
const MAX_SAFE = new Decimal(Number.MAX_SAFE_INTEGER.toString());

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = Decimal;

export function dec(value: Decimal.Value): Decimal {
  return new D(value);
}

/** The one rounding rule of the product: half away from zero, to `digits` decimals. */
export function roundTo(value: Decimal.Value, digits: number): Decimal {
  return dec(value).toDecimalPlaces(digits, Decimal.ROUND_HALF_UP);
}

/** A decimal string for the wire, with exactly `digits` decimals. */
export function formatDecimal(value: Decimal.Value, digits: number): string {
  return roundTo(value, digits).toFixed(digits);
}

/** To the stored integer. Refuses values that need more precision than the storage scale. */
export function toStored(value: Decimal.Value): number {
  const scaled = dec(value).times(FACTOR);
  if (!scaled.isInteger()) throw new RangeError(`more than ${STORAGE_SCALE} decimals: ${String(value)}`);
  if (scaled.abs().greaterThan(MAX_SAFE)) throw new RangeError(`amount out of range: ${String(value)}`);
  return scaled.toNumber();
}

/** From the stored integer, whatever the driver hands back (number, bigint or numeric string). */
export function fromStored(raw: number | string | bigint | null | undefined): Decimal {
  if (raw === null || raw === undefined) return dec(0);
  return dec(raw.toString()).dividedBy(FACTOR);
}

/** The stored integer as a canonical decimal string without trailing zeros. */
export function storedToString(raw: number | string | bigint | null | undefined): string {
  return fromStored(raw).toString();
}

// more decimals than the branch keeps are accepted and rounded where stored (spec section 5: number inputs are
// rounded to the branch's decimal digits); twenty is a bound against absurd input, not a rule
export const DECIMAL_RE = /^-?\d{1,15}(\.\d{1,20})?$/;

/**
 * The digits an Arabic (or Persian/Kurdish) keyboard types, normalised: Arabic-Indic and extended Arabic-Indic
 * digits to 0-9, the Arabic decimal separator (U+066B) to a point, the Arabic thousands separator (U+066C)
 * dropped. (A Latin comma is left alone: it is a decimal comma in fr, de and pt and must not be guessed at.)
 */
export function normaliseDigits(v: string): string {
  return v
    .replace(/[\u0660-\u0669]/g, (c) => String(c.charCodeAt(0) - 0x660))
    .replace(/[\u06f0-\u06f9]/g, (c) => String(c.charCodeAt(0) - 0x6f0))
    .replace(/\u066b/g, '.')
    .replace(/\u066c/g, '');
}

/**
 * The largest amount or quantity accepted anywhere (issue 9 item 6): storage keeps |value| × 10^4 within
 * JavaScript's safe integers (about 9.007 × 10^11), so the contract stops at 9 × 10^11 and a value that passes
 * it always fits its column.
 */
export const MAX_DECIMAL = '900000000000';
