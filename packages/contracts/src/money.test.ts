import {
  MAX_DECIMAL,
  STORAGE_SCALE,
  dec,
  formatDecimal,
  fromStored,
  normaliseDigits,
  roundTo,
  storedToString,
  toStored,
} from './money';
import { decimalString, nonNegativeDecimal } from './decimal-schema';

/** The message keys a schema refuses a value with; empty when it is accepted. */
const refusals = (schema: typeof decimalString, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('exact money (design.md section 5)', () => {
  describe('storage at scale 4', () => {
    it('stores ten-thousandths as integers, negative amounts too', () => {
      expect(STORAGE_SCALE).toBe(4);
      expect(toStored('1')).toBe(10_000);
      expect(toStored('12.3456')).toBe(123_456);
      expect(toStored('-0.0001')).toBe(-1);
      expect(toStored('0')).toBe(0);
      expect(toStored(dec('2.5'))).toBe(25_000);
    });

    it('refuses a fifth decimal instead of truncating or rounding it', () => {
      expect(() => toStored('0.00001')).toThrow(new RangeError('more than 4 decimals: 0.00001'));
      expect(() => toStored('-1.00005')).toThrow(new RangeError('more than 4 decimals: -1.00005'));
      // an extra digit past the twentieth significant one still counts (arithmetic is exact, not 20 digits)
      expect(() => toStored('100000000000.000000001')).toThrow(/more than 4 decimals/);
    });

    it('keeps the stored integer within JavaScript’s safe integers, both signs', () => {
      expect(toStored('900719925474.0991')).toBe(Number.MAX_SAFE_INTEGER);
      expect(toStored('-900719925474.0991')).toBe(-Number.MAX_SAFE_INTEGER);
      expect(() => toStored('900719925474.0992')).toThrow(
        new RangeError('amount out of range: 900719925474.0992'),
      );
      expect(() => toStored('-900719925474.0992')).toThrow(/amount out of range/);
    });

    it('reads back what any driver hands over: number, numeric string, bigint, null', () => {
      expect(fromStored(123_456).toString()).toBe('12.3456');
      expect(fromStored('-5').toString()).toBe('-0.0005');
      expect(fromStored(9_007_199_254_740_993n).toString()).toBe('900719925474.0993');
      expect(fromStored(null).toString()).toBe('0');
      expect(fromStored(undefined).toString()).toBe('0');
      expect(
        fromStored(toStored('0.1'))
          .plus(fromStored(toStored('0.2')))
          .toString(),
      ).toBe('0.3');
    });

    it('gives the stored integer as a canonical string without trailing zeros', () => {
      expect(storedToString(12_500)).toBe('1.25');
      expect(storedToString(10_000)).toBe('1');
      expect(storedToString(-100)).toBe('-0.01');
      expect(storedToString(null)).toBe('0');
      expect(storedToString('70000')).toBe('7');
    });
  });

  describe('rounding and formatting', () => {
    it('rounds half away from zero, at the digit asked for', () => {
      expect(roundTo('2.345', 2).toString()).toBe('2.35');
      expect(roundTo('-2.345', 2).toString()).toBe('-2.35');
      expect(roundTo('2.3449', 2).toString()).toBe('2.34');
      expect(roundTo('0.5', 0).toString()).toBe('1');
      expect(roundTo('-0.5', 0).toString()).toBe('-1');
      expect(roundTo('1.0005', 3).toString()).toBe('1.001');
      expect(roundTo('1.00049', 3).toString()).toBe('1');
    });

    it('formats with exactly the digits asked for, trailing zeros kept', () => {
      expect(formatDecimal('1.5', 3)).toBe('1.500');
      expect(formatDecimal('2', 2)).toBe('2.00');
      expect(formatDecimal('0', 2)).toBe('0.00');
      expect(formatDecimal('1.0005', 3)).toBe('1.001');
      expect(formatDecimal('-0.125', 2)).toBe('-0.13');
      expect(formatDecimal('12.7', 0)).toBe('13');
      expect(formatDecimal('123456789012.3456', 2)).toBe('123456789012.35');
    });

    it('computes with 40 significant digits, not floats', () => {
      expect(dec('0.1').plus('0.2').toString()).toBe('0.3');
      // 21 significant digits survive a division that decimal.js's default 20 would round away
      expect(dec('100000000000000000001').dividedBy(1).toFixed()).toBe('100000000000000000001');
      expect(dec(1).dividedBy(3).toString()).toBe('0.' + '3'.repeat(40));
      expect(dec('2.5').times('-1').toDecimalPlaces(0).toString()).toBe('-3');
    });
  });

  describe('Arabic digits', () => {
    it('normalises Arabic-Indic and extended digits and the Arabic separators', () => {
      expect(normaliseDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
      expect(normaliseDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
      expect(normaliseDigits('١٬٢٥٠٫٥')).toBe('1250.5');
      expect(normaliseDigits('١٬٠٠٠٬٠٠٠٫٠٫')).toBe('1000000.0.');
      // a Latin comma is a decimal comma in some languages: left alone
      expect(normaliseDigits('1,5')).toBe('1,5');
    });
  });

  describe('the wire schema of a decimal', () => {
    it('accepts decimal strings, trimmed and normalised', () => {
      expect(decimalString.parse('1250.500')).toBe('1250.500');
      expect(decimalString.parse('  -3.25\t')).toBe('-3.25');
      expect(decimalString.parse('١٢٥٠٫٥')).toBe('1250.5');
      expect(decimalString.parse('0')).toBe('0');
    });

    it('refuses what is not a plain decimal with one message', () => {
      for (const bad of ['', '-', '1.', '.5', '+1', '1e5', 'abc', '1a', 'a1', '1.2.3', '1,5', '--1', '1 000'])
        expect([bad, refusals(decimalString, bad)]).toEqual([bad, ['validation.decimal']]);
      expect(decimalString.safeParse(12.5).success).toBe(false);
    });

    it('bounds the digits: 15 before the point, 20 after', () => {
      expect(refusals(decimalString, '000000000000001')).toEqual([]);
      expect(refusals(decimalString, '0000000000000001')).toEqual(['validation.decimal']);
      expect(refusals(decimalString, '1.' + '0'.repeat(20))).toEqual([]);
      expect(refusals(decimalString, '1.' + '0'.repeat(21))).toEqual(['validation.decimal']);
    });

    it('refuses an amount above 9 × 10^11, either sign, with its own message', () => {
      expect(MAX_DECIMAL).toBe('900000000000');
      expect(refusals(decimalString, '900000000000')).toEqual([]);
      expect(refusals(decimalString, '-900000000000')).toEqual([]);
      expect(refusals(decimalString, '900000000000.0001')).toEqual(['validation.numberTooLarge']);
      expect(refusals(decimalString, '-900000000000.0001')).toEqual(['validation.numberTooLarge']);
      const issue = decimalString.safeParse('999999999999').error!.issues[0]!;
      expect(issue).toMatchObject({ code: 'too_big', origin: 'number', maximum: 9e11, inclusive: true });
    });

    it('takes zero or more as non-negative, and refuses a negative amount', () => {
      expect(nonNegativeDecimal.parse('0')).toBe('0');
      expect(nonNegativeDecimal.parse('12.5')).toBe('12.5');
      expect(refusals(nonNegativeDecimal, '-12.5')).toEqual(['validation.positive']);
      expect(refusals(nonNegativeDecimal, '-0')).toEqual(['validation.positive']);
      expect(refusals(nonNegativeDecimal, 'x')).toEqual(['validation.decimal']);
    });
  });
});
