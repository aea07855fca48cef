import type { DocumentInput, DocumentRecord } from '@erp/contracts';
import { AppError, fiscalYearList, type FieldIssue, type TenantScope } from '@erp/service-kit';

/**
 * Closing vouchers (spec sections 4 and 5): a closing voucher needs a customer, and a fiscal year with a closing
 * voucher cannot be edited until that voucher is deleted: no other voucher dated in it is created, changed,
 * posted, un-posted or deleted meanwhile (nor moved out of it). The closing voucher itself stays editable, and
 * deleting it opens the year again.
 */

/** The company's fiscal year holding `date`, if any. */
async function yearOf(s: TenantScope, date: string) {
  return (await fiscalYearList(s)).find((y) => date >= y.startDate && date <= y.endDate) ?? null;
}

/** Refuses (409) when a closing voucher other than `exceptId` is dated in the fiscal year of any of `dates`. */
export async function refuseClosedByClosingVoucher(
  s: TenantScope,
  dates: readonly string[],
  exceptId: string | null,
): Promise<void> {
  for (const date of new Set(dates)) {
    const year = await yearOf(s, date);
    if (!year) continue;
    const q = s('doc_vouchers')
      .where({ is_closing: true })
      .andWhere('date', '>=', year.startDate)
      .andWhere('date', '<=', year.endDate);
    if (exceptId) q.whereNot('id', exceptId);
    const found = await q.first('code');
    if (found) {
      const params = { year: String(year.year), code: String(found.code) };
      throw new AppError(409, 'closingVoucherYear', params, [
        { field: 'date', code: 'closingVoucherYear', params },
      ]);
    }
  }
}

/** A save's closing-voucher rules: its customer, and the year of its dates (the old one too, on a change). */
export async function closingVoucherIssues(
  s: TenantScope,
  input: DocumentInput,
  before: DocumentRecord | null,
): Promise<FieldIssue[]> {
  await refuseClosedByClosingVoucher(
    s,
    before ? [input.date, before.date] : [input.date],
    before?.id ?? null,
  );
  return input.isClosing === true && !input.customerId
    ? [{ field: 'customerId', code: 'validation.closingVoucherCustomer' }]
    : [];
}
