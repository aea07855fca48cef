import {
  MAX_DECIMAL,
  STORAGE_SCALE,
  dec,
  formatDecimal,
  fromStored,
  normaliseDigits,
  roundTo,
  plainToStored,
  storedIntegerToString,
  storedToString,
  toStored,
  toStoredRounded,
} from './money';
import Decimal from 'decimal.js';
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

  // The plain-string and safe-integer paths of toStoredRounded and storedToString skip decimal.js; a
  // model written with decimal.js alone (the rule as stated) must agree with them on every value, -0 included.
  describe('the paths without decimal.js, against a decimal.js model', () => {
    const MODEL_FACTOR = new Decimal(10_000);
    const modelStored = (v: Decimal.Value): number => {
      const scaled = new Decimal(v).times(MODEL_FACTOR);
      if (!scaled.isInteger()) throw new RangeError('decimals');
      if (scaled.abs().greaterThan(Number.MAX_SAFE_INTEGER)) throw new RangeError('range');
      return scaled.toNumber();
    };
    const modelRounded = (v: string, digits: number) =>
      modelStored(new Decimal(v).toDecimalPlaces(digits, Decimal.ROUND_HALF_UP));
    const modelString = (raw: number | string | bigint) =>
      new Decimal(raw.toString()).dividedBy(MODEL_FACTOR).toString();
    /** The outcome of a call: its value (-0 told from 0) or that it threw a RangeError. */
    const outcome = (f: () => number) => {
      try {
        const v = f();
        return Object.is(v, -0) ? '-0' : String(v);
      } catch (error) {
        return error instanceof RangeError ? 'RangeError' : `other: ${String(error)}`;
      }
    };
    // a fixed seed (mulberry32): a failure replays
    let seed = 20261207;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const int = (n: number) => Math.floor(random() * n);
    // digits weighted towards the rounding boundary (4, 5, 9) and zeros
    const digit = () => '0123456789459900'[int(16)]!;
    const digits = (n: number) => Array.from({ length: n }, digit).join('');
    const plain = () => {
      const sign = random() < 0.3 ? '-' : '';
      const whole = digits(1 + int(int(2) === 0 ? 4 : 13));
      const fraction = digits(int(9));
      return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
    };

    it('stores 2,000 plain strings as the model does (rounded to 0 to 6 digits and unrounded)', () => {
      const mismatches: unknown[] = [];
      for (let i = 0; i < 2_000; i++) {
        const v = plain();
        const d = int(7);
        const [rounded, model] = [outcome(() => toStoredRounded(v, d)), outcome(() => modelRounded(v, d))];
        if (rounded !== model) mismatches.push({ v, d, rounded, model });
        const [stored, storedModel] = [outcome(() => toStored(v)), outcome(() => modelStored(v))];
        if (stored !== storedModel) mismatches.push({ v, stored, storedModel });
      }
      expect(mismatches).toEqual([]);
    });

    it('answers on the plain path exactly the plain strings of at most 11 integer digits, digits 0 to 4', () => {
      expect(plainToStored('12.5', 0)).toBe(130_000);
      expect(plainToStored('12.5', 4)).toBe(125_000);
      expect(plainToStored('12345678901.25', 1)).toBe(123_456_789_013_000);
      expect(plainToStored('-0.4', 0)).toBe(-0);
      expect(plainToStored('1.2345', 4)).toBe(12_345);
      expect(plainToStored('7', 4)).toBe(70_000);
      expect(plainToStored('1.23456', 4)).toBe(12_346);
      for (const digits of [-1, 5, 1.5, Number.NaN])
        expect([digits, plainToStored('1.5', digits)]).toEqual([digits, null]);
      for (const text of [
        '123456789012',
        '1e5',
        '+1',
        '1.',
        '.5',
        ' 1',
        '1 ',
        '',
        '--1',
        '1.2.3',
        '1,5',
        '١٢',
      ])
        expect([text, plainToStored(text, 2)]).toEqual([text, null]);
    });

    it('reads on the integer path exactly the safe integers, whatever the driver hands over', () => {
      expect(storedIntegerToString(0)).toBe('0');
      expect(storedIntegerToString(-0)).toBe('0');
      expect(storedIntegerToString(-100)).toBe('-0.01');
      expect(storedIntegerToString('0012')).toBe('0.0012');
      expect(storedIntegerToString(123_456_789n)).toBe('12345.6789');
      expect(storedIntegerToString(Number.MAX_SAFE_INTEGER)).toBe('900719925474.0991');
      for (const raw of [
        9_007_199_254_740_993n,
        '9007199254740993',
        12.5,
        '12.5',
        '1e3',
        ' 12',
        '',
        null,
        undefined,
        Number.NaN,
      ])
        expect([raw, storedIntegerToString(raw)]).toEqual([raw, null]);
    });

    it('rounds at the boundary half away from zero, either sign, and keeps -0 where decimal.js does', () => {
      const cases: [string, number, string][] = [
        ['2.5', 0, '30000'],
        ['-2.5', 0, '-30000'],
        ['2.4999', 0, '20000'],
        ['0.99995', 4, '10000'],
        ['-0.00005', 4, '-1'],
        ['-0.00004', 4, '-0'],
        ['-0', 2, '-0'],
        ['99999999999.99995', 4, '1000000000000000'],
        ['1.0049', 2, '10000'],
        ['1.005', 2, '10100'],
      ];
      for (const [v, d, want] of cases) {
        expect([v, d, outcome(() => toStoredRounded(v, d))]).toEqual([v, d, want]);
        expect([v, d, outcome(() => modelRounded(v, d))]).toEqual([v, d, want]);
      }
      // not plain: decimal.js decides (exponent, a leading '+', a Decimal, 12 integer digits)
      expect(toStoredRounded('1e2', 0)).toBe(1_000_000);
      expect(toStoredRounded(dec('1.25'), 1)).toBe(13_000);
      expect(toStoredRounded('900719925474.0991', 4)).toBe(Number.MAX_SAFE_INTEGER);
      expect(() => toStoredRounded('900719925474.0992', 4)).toThrow(/amount out of range/);
      expect(() => toStored('1.00001')).toThrow(/more than 4 decimals/);
      expect(toStored('1.00000')).toBe(10_000);
    });

    it('reads back 2,000 stored integers, as numbers, strings and bigints, as the model does', () => {
      const mismatches: unknown[] = [];
      let checked = 0;
      for (let i = 0; i < 2_000; i++) {
        const magnitude = Number(digits(1 + int(16)));
        const n = random() < 0.4 ? -magnitude : magnitude;
        const raw = [n, String(n), BigInt(Math.trunc(n))][int(3)]!;
        if (typeof raw !== 'bigint' && !Number.isSafeInteger(n)) continue;
        checked++;
        if (storedToString(raw) !== modelString(raw)) mismatches.push({ raw, got: storedToString(raw) });
      }
      expect(mismatches).toEqual([]);
      expect(checked).toBeGreaterThan(1_400);
      // beyond the safe integers, and what no driver hands over, decimal.js still answers
      for (const raw of [9_007_199_254_740_993n, '-9007199254740993', '0012', '12.5', -0, '1e3'])
        expect([raw, storedToString(raw)]).toEqual([raw, modelString(raw)]);
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
