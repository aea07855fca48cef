import { dec, toStored, type Dec } from '@erp/contracts';
import { AppError, type FieldIssue } from '@erp/service-kit';

export interface JournalLineInput {
  accountId: string;
  costCenterId?: string | null;
  /** Exact decimal strings ("1250.5"); one of the two is zero. */
  debit: string;
  credit: string;
  note?: string;
  /** The line's box of the VAT return, if it belongs to one ('standardRatedSales|base|15', vat-boxes.ts). */
  taxTag?: string | null;
}

/** The amount and its stored integer; more than four decimals, or beyond the storage range, is refused. */
function parseAmount(value: string, field: string, issues: FieldIssue[]): [Dec, number] | null {
  try {
    const d = dec(value);
    if (!d.isFinite()) throw new Error('not finite');
    return [d, toStored(d)];
  } catch {
    issues.push({ field, code: 'validation.decimal' });
    return null;
  }
}

export interface CheckedLines {
  debit: Dec;
  credit: Dec;
  /** Each line's amounts as stored (integers scaled by 10^4), parsed once. */
  stored: { debit: number; credit: number }[];
}

/**
 * The spec's rules of a journal entry (section 5): not with zero accounts; every line is a debit or a credit,
 * never both, never zero, never negative; debits equal credits ('Constraint Unbalanced').
 */
export function checkLines(lines: readonly JournalLineInput[]): CheckedLines {
  const issues: FieldIssue[] = [];
  if (lines.length === 0)
    throw new AppError(400, 'journal.noLines', {}, [{ field: 'lines', code: 'journal.noLines' }]);
  let debit = dec(0);
  let credit = dec(0);
  const stored: CheckedLines['stored'] = [];
  lines.forEach((l, i) => {
    const parsedDebit = parseAmount(l.debit, `lines.${i}.debit`, issues);
    const parsedCredit = parseAmount(l.credit, `lines.${i}.credit`, issues);
    if (!l.accountId) issues.push({ field: `lines.${i}.accountId`, code: 'validation.required' });
    if (!parsedDebit || !parsedCredit) return;
    const [d, c] = [parsedDebit[0], parsedCredit[0]];
    if (d.isNegative() || c.isNegative())
      issues.push({
        field: `lines.${i}.${d.isNegative() ? 'debit' : 'credit'}`,
        code: 'journal.negativeAmount',
      });
    else if (d.isZero() && c.isZero()) issues.push({ field: `lines.${i}.debit`, code: 'journal.zeroLine' });
    else if (!d.isZero() && !c.isZero())
      issues.push({ field: `lines.${i}.credit`, code: 'journal.debitAndCredit' });
    debit = debit.plus(d);
    credit = credit.plus(c);
    stored.push({ debit: parsedDebit[1], credit: parsedCredit[1] });
  });
  if (issues.length) throw new AppError(400, 'validationFailed', {}, issues);
  if (!debit.equals(credit))
    throw new AppError(400, 'constraintUnbalanced', {}, [{ field: 'lines', code: 'constraintUnbalanced' }]);
  return { debit, credit, stored };
}

/** The rules of `checkLines`, for callers that check an entry before booking it (its totals). */
export function checkEntryLines(lines: readonly JournalLineInput[]): { debit: Dec; credit: Dec } {
  const { debit, credit } = checkLines(lines);
  return { debit, credit };
}
