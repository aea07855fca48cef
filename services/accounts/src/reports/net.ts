import { STORAGE_SCALE } from '@erp/contracts';
import type { Sums } from './period-sums';

// read once: a re-exported constant is a getter on every access
const DIGITS = STORAGE_SCALE;
const SCALE = 10n ** BigInt(DIGITS);
const SCALE_NUMBER = 10 ** DIGITS;
const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** The API's text of a stored amount's whole part and fraction (fraction < 10^4), sign apart. */
const text = (negative: boolean, whole: string, fraction: string) => {
  const digits = fraction === '0' ? '' : fraction.padStart(DIGITS, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${digits ? `.${digits}` : ''}`;
};

/**
 * A stored amount (an integer scaled by 10^4) as the API's decimal string, the same text `storedToString`
 * gives ('1500', '12.5', '-0.0001'), by integer arithmetic: a trial balance formats six per account, and a
 * decimal object each cost more than the rest of the report. Below 2^53 (every amount but the largest) in a
 * double, where the remainder and the exact quotient are exact and far cheaper than BigInt's division.
 */
export function money(stored: bigint): string {
  const negative = stored < 0n;
  const abs = negative ? -stored : stored;
  if (abs <= SAFE) {
    const n = Number(abs);
    const fraction = n % SCALE_NUMBER;
    return text(negative, String((n - fraction) / SCALE_NUMBER), String(fraction));
  }
  return text(negative, (abs / SCALE).toString(), (abs % SCALE).toString());
}

/** A balance shown on its side: debit less credit when positive, else on the credit side. */
export function netSides(s: Sums): { debit: bigint; credit: bigint } {
  const net = s.debit - s.credit;
  return net >= 0n ? { debit: net, credit: 0n } : { debit: 0n, credit: -net };
}

export const plus = (a: Sums, b: Sums): Sums => ({ debit: a.debit + b.debit, credit: a.credit + b.credit });
