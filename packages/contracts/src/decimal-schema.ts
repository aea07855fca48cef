import Decimal from 'decimal.js';
import { z } from 'zod';
import { DECIMAL_RE, MAX_DECIMAL, normaliseDigits } from './money';

/*
 * The wire's decimal schemas, apart from money.ts: the decimal arithmetic is in every screen's first script (the
 * document declarations use it), zod only where a form or a route validates (about 28 KB gz a screen spared).
 */
const MAX_DEC = new Decimal(MAX_DECIMAL);

/**
 * A decimal amount on the wire: a string such as "1250.500" (or "١٢٥٠٫٥"). Numbers are refused: they are
 * floats. One message for what is not a number.
 */
export const decimalString = z
  .string()
  .trim()
  .overwrite(normaliseDigits)
  .regex(DECIMAL_RE, { message: 'validation.decimal' })
  .superRefine((value, ctx) => {
    if (DECIMAL_RE.test(value) && new Decimal(value).abs().greaterThan(MAX_DEC)) {
      ctx.addIssue({
        code: 'too_big',
        origin: 'number',
        maximum: Number(MAX_DECIMAL),
        inclusive: true,
        input: value,
        message: 'validation.numberTooLarge',
      });
    }
  });

/** A non-negative decimal string (the spec's 'positive' rule: zero or more). */
export const nonNegativeDecimal = decimalString.refine((v) => !v.startsWith('-'), {
  message: 'validation.positive',
});
