import { z } from 'zod';
import {
  ONE_MIB,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SPECIALS,
  base64DecodedSize,
  digitsLength,
  emailSchema,
  isoDateSchema,
  passwordProblems,
  passwordSchema,
  patterns,
  phoneSchema,
  taxNumberSchema,
  userNameSchema,
} from './validators';

/** The message keys a schema refuses a value with; empty when it is accepted. */
const refusals = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('the spec’s validators (section 5)', () => {
  describe('passwords', () => {
    it('wants 8 to 128 characters', () => {
      expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([8, 128]);
      expect(passwordProblems('Abcde1!')).toEqual(['validation.passwordLength']);
      expect(passwordProblems('Abcdef1!')).toEqual([]);
      expect(passwordProblems('Abcdef1!' + 'x'.repeat(120))).toEqual([]); // 128
      expect(passwordProblems('Abcdef1!' + 'x'.repeat(121))).toEqual(['validation.passwordTooLong']);
    });

    it('wants a lower case letter, a capital, a digit and one of the spec’s specials', () => {
      expect(PASSWORD_SPECIALS).toBe('!@#$%&*()');
      for (const special of PASSWORD_SPECIALS) expect(passwordProblems(`Abcdef1${special}`)).toEqual([]);
      for (const other of ['^', '-', '_', '+', '?', ' ', '.'])
        expect(passwordProblems(`Abcdef1${other}`)).toEqual(['validation.passwordStrength']);
      expect(passwordProblems('ABCDEF1!')).toEqual(['validation.passwordStrength']);
      expect(passwordProblems('abcdef1!')).toEqual(['validation.passwordStrength']);
      expect(passwordProblems('Abcdefg!')).toEqual(['validation.passwordStrength']);
      expect(passwordProblems('Abcdefg1')).toEqual(['validation.passwordStrength']);
      // every problem at once, in a fixed order
      expect(passwordProblems('ab', 'ab')).toEqual([
        'validation.passwordLength',
        'validation.passwordStrength',
        'validation.passwordContainsUserName',
      ]);
    });

    it('refuses a password that contains the user name, whatever the case', () => {
      expect(passwordProblems('Xahmed1!x', 'ahmed')).toEqual(['validation.passwordContainsUserName']);
      expect(passwordProblems('XAHMED1!x', 'Ahmed')).toEqual(['validation.passwordContainsUserName']);
      expect(passwordProblems('Xahmed1!x', 'AHMED')).toEqual(['validation.passwordContainsUserName']);
      expect(passwordProblems('Xahmed1!x', 'ali')).toEqual([]);
      expect(passwordProblems('Xahmed1!x', '')).toEqual([]);
      expect(passwordProblems('Xahmed1!x')).toEqual([]);
    });

    it('reports every problem of a password, and an empty one as required', () => {
      expect(refusals(passwordSchema, 'Abcdef1!')).toEqual([]);
      expect(refusals(passwordSchema, 'abc')).toEqual([
        'validation.passwordLength',
        'validation.passwordStrength',
      ]);
      expect(refusals(passwordSchema, '')).toContain('validation.required');
      // custom issues, which the problem body maps by their message key
      expect(passwordSchema.safeParse('abc').error!.issues.map((i) => i.code)).toEqual(['custom', 'custom']);
    });
  });

  describe('user names', () => {
    it('takes 1 to 50 letters, digits and underscores, trimmed', () => {
      expect(userNameSchema.parse('  cashier_1 ')).toBe('cashier_1');
      expect(refusals(userNameSchema, 'a'.repeat(50))).toEqual([]);
      expect(refusals(userNameSchema, 'a'.repeat(51))).toEqual(['validation.max']);
      expect(refusals(userNameSchema, 'a')).toEqual([]);
      expect(refusals(userNameSchema, '   ')).toContain('validation.required');
      for (const bad of ['cashier-1', 'a b', 'é', 'x.y', 'a@b'])
        expect([bad, refusals(userNameSchema, bad)]).toEqual([bad, ['validation.userName']]);
    });
  });

  describe('the spec’s patterns, whole values only', () => {
    const cases: Record<keyof typeof patterns, { good: string[]; bad: string[] }> = {
      userName: { good: ['A_z09'], bad: ['', 'a-b', 'x y', ' a', 'a '] },
      specPhone: {
        good: ['1312345678', '1512345678', '1712345678', '1812345678'],
        bad: [
          '1412345678',
          '1612345678',
          '2512345678',
          '151234567',
          '15123456789',
          'x1512345678',
          '151234567x',
        ],
      },
      creditCard: {
        good: ['341234567890123', '371234567890123'],
        bad: ['351234567890123', '34123456789012', '3412345678901234', '34123456789012a', '441234567890123'],
      },
      taxNumber: {
        good: ['300000000000003', '312345678901233'],
        bad: ['310000000000004', '200000000000003', '30000000000003', '3000000000000003', '3000000000000a3'],
      },
      balanceScaleCode: { good: ['12345', '00000'], bad: ['1234', '123456', '1234a', ' 12345'] },
      alphaDash: { good: ['abc-DEF_123', 'مرحبا-١'], bad: ['', 'a b', 'a.b', 'a/b'] },
      alphaNum: { good: ['abc123', 'مرحبا١٢'], bad: ['', 'a_b', 'a-b', 'a b'] },
      alpha: { good: ['abc', 'مرحبا', 'Ünïcödé'], bad: ['', 'abc1', 'a_b', 'a b', '١'] },
      isoDate: {
        good: ['2026-11-27'],
        bad: ['2026-1-27', '26-11-27', '2026/11/27', '2026-11-27T00:00', 'x2026-11-27'],
      },
    };
    it.each(Object.keys(cases) as (keyof typeof patterns)[])('%s', (name) => {
      for (const v of cases[name].good) expect([v, patterns[name].test(v)]).toEqual([v, true]);
      for (const v of cases[name].bad) expect([v, patterns[name].test(v)]).toEqual([v, false]);
    });
  });

  describe('schemas', () => {
    it('checks e-mail addresses, trimmed, at most 120 characters', () => {
      expect(emailSchema.parse(' a@example.com ')).toBe('a@example.com');
      expect(refusals(emailSchema, 'not-an-email')).toEqual(['validation.email']);
      const at120 = `${'a'.repeat(108)}@example.com`;
      expect(at120).toHaveLength(120);
      expect(refusals(emailSchema, at120)).toEqual([]);
      expect(refusals(emailSchema, `a${at120}`)).toEqual(['validation.max']);
    });

    it('checks a tax number, trimmed, and says how many digits are wanted', () => {
      expect(taxNumberSchema.parse(' 300000000000003 ')).toBe('300000000000003');
      const issue = taxNumberSchema.safeParse('30000000000003').error!.issues[0]!;
      expect(issue.message).toBe('validation.taxNumber');
      expect(digitsLength(issue as { pattern?: unknown })).toBe('13');
    });

    it('reads the digit count of a digits rule, and nothing from anything else', () => {
      expect(digitsLength({ pattern: patterns.balanceScaleCode })).toBe('5');
      expect(digitsLength({ pattern: '^\\d{12}$' })).toBe('12');
      expect(digitsLength({ pattern: '^d{12}$' })).toBe('');
      expect(digitsLength({ pattern: '^\\d{}$' })).toBe('');
      expect(digitsLength({ pattern: patterns.userName })).toBe('');
      expect(digitsLength({})).toBe('');
      expect(digitsLength({ pattern: null })).toBe('');
    });

    it('takes only calendar days that exist', () => {
      expect(refusals(isoDateSchema, '2026-11-27')).toEqual([]);
      expect(refusals(isoDateSchema, '2024-02-29')).toEqual([]);
      expect(refusals(isoDateSchema, '2000-02-29')).toEqual([]);
      for (const bad of [
        '2023-02-29',
        '2026-02-30',
        '2026-04-31',
        '1900-02-29',
        '2026-13-01',
        '2026-00-10',
        '2026-01-00',
      ])
        expect([bad, refusals(isoDateSchema, bad)]).toEqual([bad, ['validation.date']]);
      // not even the shape of a date: every issue carries the date message, none zod's default text
      const shape = refusals(isoDateSchema, '27/11/2026');
      expect(shape.length).toBeGreaterThan(0);
      expect(shape.filter((m) => m !== 'validation.date')).toEqual([]);
    });

    it('checks a phone, trimmed, and calls an empty one required', () => {
      expect(phoneSchema.parse(' 0551234567 ')).toBe('0551234567');
      expect(refusals(phoneSchema, '0051234567')).toEqual(['validation.phone']);
      expect(refusals(phoneSchema, '  ')).toContain('validation.required');
    });
  });

  describe('base64 images', () => {
    it('measures the decoded bytes, padding and data URL prefix excluded', () => {
      expect(ONE_MIB).toBe(1_048_576);
      expect(base64DecodedSize('YWJj')).toBe(3); // abc
      expect(base64DecodedSize('YWI=')).toBe(2); // ab
      expect(base64DecodedSize('YQ==')).toBe(1); // a
      expect(base64DecodedSize('YWJjZA')).toBe(4); // abcd, unpadded
      expect(base64DecodedSize('')).toBe(0);
      expect(base64DecodedSize('data:image/png;base64,YWJj')).toBe(3);
      expect(base64DecodedSize('data:,YQ==')).toBe(1);
      expect(base64DecodedSize('YW\nJj\r\n ZA==')).toBe(4);
      // a data URL prefix is only taken off the start
      expect(base64DecodedSize('YWJjdata:,YWJj')).toBe(Math.floor((14 * 3) / 4));
      for (const n of [0, 1, 2, 3, 1000, ONE_MIB])
        expect(base64DecodedSize(Buffer.alloc(n).toString('base64'))).toBe(n);
    });
  });
});
