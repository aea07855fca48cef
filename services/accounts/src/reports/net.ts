import { storedToString } from '@erp/contracts';
import type { Sums } from './period-sums';

export const money = (stored: bigint) => storedToString(stored);

/** A balance shown on its side: debit less credit when positive, else on the credit side. */
export function netSides(s: Sums): { debit: bigint; credit: bigint } {
  const net = s.debit - s.credit;
  return net >= 0n ? { debit: net, credit: 0n } : { debit: 0n, credit: -net };
}

export const plus = (a: Sums, b: Sums): Sums => ({ debit: a.debit + b.debit, credit: a.credit + b.credit });
