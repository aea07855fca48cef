import { z } from 'zod';
import { isValidPhone } from './phone-check';

export { isValidPhone, loadPhoneRules } from './phone-check';
export { normalisePhone } from './phone-shape';

/**
 * The spec's generic validators (section 5), in one place for client and server. Each refusal carries
 * a message key that @erp/i18n translates, so both sides show the same words.
 */
export const PASSWORD_SPECIALS = '!@#$%&*()';
/** The spec's minimum (section 5) and the one maximum, the same wherever a password is set or checked. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
const SPECIAL_RE = /[!@#$%&*()]/;

export const patterns = {
  userName: /^[A-Za-z0-9_]+$/,
  /** The spec's literal 'phone' rule (starts 13/15/17/18, then 8 digits): kept as a named validator only. */
  specPhone: /^1[3578]\d{8}$/,
  /** The spec's 'credit-card' rule (15 digits starting 34 or 37); not applied to payment fields (design 9). */
  creditCard: /^3[47]\d{13}$/,
  /** Tax number: 15 digits, starting and ending with 3. */
  taxNumber: /^3\d{13}3$/,
  balanceScaleCode: /^\d{5}$/,
  alphaDash: /^[\p{L}\p{N}_-]+$/u,
  alphaNum: /^[\p{L}\p{N}]+$/u,
  alpha: /^\p{L}+$/u,
  isoDate: /^\d{4}-\d{2}-\d{2}$/,
} as const;

/** Returns the message keys the password breaks; empty when it is acceptable. */
export function passwordProblems(password: string, userName?: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push('validation.passwordLength');
  // sign-in refuses longer ones (and hashing megabytes costs the server): no password is set that cannot sign in
  if (password.length > PASSWORD_MAX_LENGTH) problems.push('validation.passwordTooLong');
  if (
    !/[a-z]/.test(password) ||
    !/[A-Z]/.test(password) ||
    !/\d/.test(password) ||
    !SPECIAL_RE.test(password)
  ) {
    problems.push('validation.passwordStrength');
  }
  if (userName && userName.length > 0 && password.toLowerCase().includes(userName.toLowerCase())) {
    problems.push('validation.passwordContainsUserName');
  }
  return problems;
}

export const userNameSchema = z
  .string()
  .trim()
  .min(1, { message: 'validation.required' })
  .max(50, { message: 'validation.max' })
  .regex(patterns.userName, { message: 'validation.userName' });

export const passwordSchema = z
  .string()
  .min(1, { message: 'validation.required' })
  .superRefine((value, ctx) => {
    for (const message of passwordProblems(value)) ctx.addIssue({ code: 'custom', message });
  });

export const emailSchema = z
  .string()
  .trim()
  .email({ message: 'validation.email' })
  .max(120, { message: 'validation.max' });

export const taxNumberSchema = z
  .string()
  .trim()
  .regex(patterns.taxNumber, { message: 'validation.taxNumber' });

export const isoDateSchema = z
  .string()
  .regex(patterns.isoDate, { message: 'validation.date' })
  // a calendar day that exists: Date.parse alone takes 2026-02-30 for 2 March
  .refine(
    (v) => {
      const t = Date.parse(`${v}T00:00:00Z`);
      return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v;
    },
    { message: 'validation.date' },
  );

/** The count a digits rule asks for (a pattern such as `^\d{5}$`), for the message's {length}. */
export function digitsLength(issue: { pattern?: unknown }): string {
  const m = /\\d\{(\d+)\}/.exec(String(issue.pattern ?? ''));
  return m?.[1] ?? '';
}

export const phoneSchema = z
  .string()
  .trim()
  .min(1, { message: 'validation.required' })
  .refine((v) => isValidPhone(v), { message: 'validation.phone' });

/** Base64 image of at most 1 MiB (feedback screenshot); the size is of the decoded bytes. */
export const ONE_MIB = 1024 * 1024;
export function base64DecodedSize(base64: string): number {
  const clean = base64.replace(/^data:[^,]*,/, '').replace(/\s/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.floor((clean.length * 3) / 4) - padding;
}
