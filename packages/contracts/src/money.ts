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

/**
 * The stored integer of a value rounded to `digits` decimals: `toStored(roundTo(value, digits))`, which every
 * decimal field of every saved line goes through.
 */
export function toStoredRounded(value: Decimal.Value, digits: number): number {
  return plainToStored(String(value), digits) ?? toStored(roundTo(value, digits));
}

// The conversions every decimal field of every saved or read line goes through (some 5,000 a 1,000-line
// document's save) take these two paths without decimal.js where they can; the callers fall back to decimal.js
// where they answer null, and money.test.ts checks that both paths give the same.
// At most 11 integer digits: with the 4 stored decimals at most 15 digits, exact in a double and below MAX_SAFE.
const PLAIN = /^(-?)(\d{1,11})(?:\.(\d+))?$/;
const POWERS = Array.from({ length: STORAGE_SCALE + 1 }, (_, i) => 10 ** i);
const SCALE_FACTOR = 10 ** STORAGE_SCALE;
const INTEGER = /^-?\d+$/;

/**
 * The stored integer of a plain decimal string ('-12.345', at most 11 integer digits) rounded half away from
 * zero to `digits` (an integer from 0 to 4), by digit and integer arithmetic. Null for any other string (an
 * exponent, a '+', blanks, more digits) or number of digits.
 */
export function plainToStored(value: string, digits: number): number | null {
  if (!Number.isInteger(digits) || digits < 0 || digits > STORAGE_SCALE) return null;
  const m = PLAIN.exec(value);
  if (!m) return null;
  const fraction = m[3] ?? '';
  let magnitude = Number(m[2] + fraction.slice(0, digits).padEnd(digits, '0'));
  // the first dropped digit decides: half or more away from zero
  if (fraction.charCodeAt(digits) >= 53 /* '5' */) magnitude += 1;
  magnitude *= POWERS[STORAGE_SCALE - digits]!;
  return m[1] === '-' ? -magnitude : magnitude;
}

/**
 * A stored safe integer (number, bigint or a string of digits) as its canonical decimal string, by integer
 * arithmetic. Null for anything else (beyond the safe integers, a fraction, an exponent, blanks, null).
 */
export function storedIntegerToString(raw: number | string | bigint | null | undefined): string | null {
  const text = String(raw);
  const n = Number(text);
  if (!INTEGER.test(text) || !Number.isSafeInteger(n)) return null;
  const magnitude = Math.abs(n);
  const whole = Math.floor(magnitude / SCALE_FACTOR);
  const fraction = magnitude % SCALE_FACTOR;
  const sign = n < 0 ? '-' : '';
  if (fraction === 0) return `${sign}${whole}`;
  return `${sign}${whole}.${String(fraction).padStart(STORAGE_SCALE, '0').replace(/0+$/, '')}`;
}

/** From the stored integer, whatever the driver hands back (number, bigint or numeric string). */
export function fromStored(raw: number | string | bigint | null | undefined): Decimal {
  if (raw === null || raw === undefined) return dec(0);
  return dec(raw.toString()).dividedBy(FACTOR);
}

/** The stored integer as a canonical decimal string without trailing zeros. */
export function storedToString(raw: number | string | bigint | null | undefined): string {
  return storedIntegerToString(raw) ?? fromStored(raw).toString();
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
