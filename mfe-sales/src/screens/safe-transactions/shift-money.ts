import { DECIMAL_RE, dec, formatDecimal, normaliseDigits, type SafeTransaction } from '@erp/contracts';

/** A typed amount as the API takes it (Arabic-Indic digits read), or null when it is not a non-negative amount. */
export function amountOf(typed: string): string | null {
  const v = normaliseDigits(typed.trim());
  return DECIMAL_RE.test(v) && !v.startsWith('-') ? v : null;
}

/** The deficit a count would make: expected − counted, exact (the server computes the same at close). */
export function deficitOf(shift: Pick<SafeTransaction, 'expectedCash'>, counted: string): string {
  return dec(shift.expectedCash).minus(dec(counted)).toString();
}

/** The spec's fields of a shift in order (section 3), each with its text key and value. */
export function shiftFigures(
  shift: SafeTransaction,
  decimals: number,
): { key: string; value: string; testId: string }[] {
  const m = (v: string | null) => (v === null ? '' : formatDecimal(v, decimals));
  return [
    { key: 'openingBalance', value: m(shift.openingBalance), testId: 'shift-opening-balance' },
    { key: 'netSales', value: m(shift.netSales), testId: 'shift-net-sales' },
    { key: 'cash', value: m(shift.cash), testId: 'shift-cash' },
    { key: 'otherPayment', value: m(shift.otherPayment), testId: 'shift-other-payment' },
    { key: 'returns', value: m(shift.returns), testId: 'shift-returns' },
    { key: 'cashReturns', value: m(shift.cashReturns), testId: 'shift-cash-returns' },
    { key: 'expectedCash', value: m(shift.expectedCash), testId: 'shift-expected-cash' },
  ];
}
