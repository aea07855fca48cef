import knexFactory from 'knex';
import { z } from 'zod';
import {
  dec,
  formatDecimal,
  fromStored,
  isValidPhone,
  passwordProblems,
  patterns,
  roundTo,
  toStored,
  userNameSchema,
  decimalString,
  base64DecodedSize,
} from '@erp/contracts';
import { diffRecords, issueToField, problemBody, tenantScope, createTokenService } from '../src';

describe('exact money (design.md section 5)', () => {
  it('stores scaled integers and reads them back exactly', () => {
    expect(toStored('0.1')).toBe(1000);
    expect(fromStored(1000).plus(fromStored(2000)).toString()).toBe('0.3');
    expect(fromStored('90071992547').toString()).toBe('9007199.2547');
    expect(() => toStored('1.00001')).toThrow(RangeError);
    expect(() => toStored('1e15')).toThrow(RangeError);
  });

  it('rounds half away from zero, once, to the branch digits', () => {
    expect(roundTo('2.345', 2).toString()).toBe('2.35');
    expect(roundTo('-2.345', 2).toString()).toBe('-2.35');
    expect(formatDecimal('1.0005', 3)).toBe('1.001');
    expect(dec('0.1').plus('0.2').equals('0.3')).toBe(true);
  });

  it('accepts amounts as decimal strings only', () => {
    expect(decimalString.safeParse('12.5').success).toBe(true);
    expect(decimalString.safeParse(12.5).success).toBe(false);
    // more decimals than stored are rounded where stored (spec section 5), Arabic-Indic digits normalised
    expect(decimalString.safeParse('1.23456').success).toBe(true);
    expect(decimalString.parse('١٢٫٥')).toBe('12.5');
    expect(decimalString.safeParse('1.2.3').success).toBe(false);
  });
});

describe('generic validators (spec section 5)', () => {
  it('applies the password rules', () => {
    expect(passwordProblems('Abcdef1!')).toEqual([]);
    expect(passwordProblems('short1!')).toContain('validation.passwordLength');
    expect(passwordProblems('abcdefg1!')).toContain('validation.passwordStrength');
    expect(passwordProblems('Abcdefgh1-')).toContain('validation.passwordStrength');
    expect(passwordProblems('Xahmed1!x', 'ahmed')).toEqual(['validation.passwordContainsUserName']);
  });

  it('applies userName, tax number, spec phone, credit card and scale code rules', () => {
    expect(userNameSchema.safeParse('cashier_1').success).toBe(true);
    expect(userNameSchema.safeParse('cashier-1').success).toBe(false);
    expect(patterns.taxNumber.test('300000000000003')).toBe(true);
    expect(patterns.taxNumber.test('310000000000004')).toBe(false);
    expect(patterns.specPhone.test('1512345678')).toBe(true);
    expect(patterns.creditCard.test('341234567890123')).toBe(true);
    expect(patterns.balanceScaleCode.test('12345')).toBe(true);
    expect(patterns.balanceScaleCode.test('1234')).toBe(false);
  });

  it('validates phones per country with the phone library (design.md section 9)', () => {
    expect(isValidPhone('0551234567')).toBe(true);
    expect(isValidPhone('+966551234567')).toBe(true);
    expect(isValidPhone('0051234567')).toBe(false);
    expect(isValidPhone('07701234567', 'IQ')).toBe(true);
    expect(isValidPhone('1512345678')).toBe(false);
  });

  it('measures a base64 image by its decoded bytes', () => {
    expect(base64DecodedSize(Buffer.alloc(1000).toString('base64'))).toBe(1000);
    expect(base64DecodedSize(`data:image/png;base64,${Buffer.alloc(7).toString('base64')}`)).toBe(7);
  });
});

describe('problem details', () => {
  it('maps zod issues to message keys and translates them', () => {
    const schema = z.object({ name: z.string().min(1), age: z.number().max(3), mail: z.email() });
    const result = schema.safeParse({ age: 9, mail: 'x' });
    const fields = result.error!.issues.map(issueToField);
    expect(fields.map((f) => `${f.field}:${f.code}`)).toEqual([
      'name:validation.required',
      'age:validation.max',
      'mail:validation.email',
    ]);
    const body = problemBody(400, 'validationFailed', 'ar', fields);
    expect(body).toMatchObject({ status: 400, code: 'validationFailed', title: 'Bad Request' });
    expect(body.errors![1]!.message).toContain('3');
    expect(body.detail).toMatch(/[\u0600-\u06FF]/);
  });

  it('says how many digits a digits rule wants (a balance item scale code: five)', () => {
    const code = z.string().regex(patterns.balanceScaleCode, { message: 'validation.digits' });
    const [field] = code.safeParse('123').error!.issues.map(issueToField);
    expect(field).toMatchObject({ code: 'validation.digits', params: { length: '5' } });
    expect(problemBody(400, 'validationFailed', 'en', [field!]).errors![0]!.message).toBe(
      'Enter exactly 5 digits',
    );
  });
});

describe('audit diff', () => {
  it('lists changed properties and never secrets', () => {
    expect(
      diffRecords({ a: 1, b: 'x', passwordHash: 'h1' }, { a: 2, b: 'x', passwordHash: 'h2', c: [1] }),
    ).toEqual([
      { property: 'a', before: '1', after: '2' },
      { property: 'c', before: null, after: '[1]' },
    ]);
  });
});

describe('tokens', () => {
  it('signs and verifies, and tells expired from invalid', () => {
    const tokens = createTokenService('x'.repeat(32), -1);
    const { token } = tokens.sign({
      userId: 'u',
      tenantId: 't',
      userName: 'n',
      isAdmin: false,
      permissions: new Set(['viewUsers']),
      branches: ['b'],
      subscriptionEnd: '2099-01-01',
      subscriptionActive: true,
      tokenVersion: 0,
    });
    expect(tokens.verify(token)).toBe('expired');
    expect(createTokenService('y'.repeat(32)).verify(token)).toBe('invalid');
    const fresh = createTokenService('x'.repeat(32));
    const p = fresh.verify(
      fresh.sign({
        userId: 'u',
        tenantId: 't',
        userName: 'n',
        isAdmin: false,
        permissions: new Set(['viewUsers']),
        branches: [],
        subscriptionEnd: '2099-01-01',
        subscriptionActive: true,
        tokenVersion: 3,
      }).token,
    );
    expect(p).toMatchObject({ userId: 'u', tenantId: 't', tokenVersion: 3 });
    expect(() => createTokenService('short')).toThrow();
  });

  it('keeps password confirmations apart from access tokens and from each other', () => {
    const tokens = createTokenService('x'.repeat(32));
    const { token } = tokens.signConfirmation({ userId: 'u', tenantId: 't', purpose: 'separateBalances' });
    expect(tokens.verifyConfirmation(token, 'separateBalances')).toEqual({
      userId: 'u',
      tenantId: 't',
      purpose: 'separateBalances',
    });
    // never an access token, never a confirmation of something else, never another secret's
    expect(tokens.verify(token)).toBe('invalid');
    expect(tokens.verifyConfirmation(token, 'other')).toBe('invalid');
    expect(createTokenService('y'.repeat(32)).verifyConfirmation(token, 'separateBalances')).toBe('invalid');
    const access = tokens.sign({
      userId: 'u',
      tenantId: 't',
      userName: 'n',
      isAdmin: true,
      permissions: new Set(),
      branches: [],
      subscriptionEnd: '2099-01-01',
      subscriptionActive: true,
      tokenVersion: 0,
    }).token;
    expect(tokens.verifyConfirmation(access, 'separateBalances')).toBe('invalid');
    const stale = tokens.signConfirmation({ userId: 'u', tenantId: 't', purpose: 'p' }, -1).token;
    expect(tokens.verifyConfirmation(stale, 'p')).toBe('expired');
  });
});

describe('tenant scope', () => {
  it('filters every query and stamps every insert with the tenant', () => {
    const knex = knexFactory({
      client: 'better-sqlite3',
      useNullAsDefault: true,
      connection: { filename: ':memory:' },
    });
    const s = tenantScope(knex, 'tenant-a');
    expect(s('users').where({ id: 'x' }).toString()).toBe(
      "select * from `users` where `users`.`tenant_id` = 'tenant-a' and `id` = 'x'",
    );
    expect(() => tenantScope(knex, '')).toThrow();
    return knex.destroy();
  });
});
