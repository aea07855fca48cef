import { STORAGE_SCALE } from '@erp/contracts';
import type { Sums } from './period-sums';

const SCALE = 10n ** BigInt(STORAGE_SCALE);

/**
 * A stored amount (an integer scaled by 10^4) as the API's decimal string, the same text `storedToString`
 * gives ('1500', '12.5', '-0.0001'), by integer arithmetic: a trial balance formats six per account, and a
 * decimal object each cost more than the rest of the report.
 */
export function money(stored: bigint): string {
  const negative = stored < 0n;
  const abs = negative ? -stored : stored;
  const whole = (abs / SCALE).toString();
  const fraction = (abs % SCALE).toString().padStart(STORAGE_SCALE, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** A balance shown on its side: debit less credit when positive, else on the credit side. */
export function netSides(s: Sums): { debit: bigint; credit: bigint } {
  const net = s.debit - s.credit;
  return net >= 0n ? { debit: net, credit: 0n } : { debit: 0n, credit: -net };
}

export const plus = (a: Sums, b: Sums): Sums => ({ debit: a.debit + b.debit, credit: a.credit + b.credit });
