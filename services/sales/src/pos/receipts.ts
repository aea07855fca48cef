import {
  documentTableOf,
  parseZatcaQr,
  salesDocuments,
  salesInvoices,
  toStored,
  type DocumentRecord,
} from '@erp/contracts';
import {
  documentStore,
  fieldError,
  notFound,
  requireBranch,
  requirePrincipal,
  tenantScope,
  withConversions,
  type RequestContext,
  type ServiceDeps,
} from '@erp/service-kit';

type Row = Record<string, unknown>;

/** The fields of a QR code's text, or a 400 naming the field when it is not one (a misread or foreign code). */
function qrFields(text: string) {
  try {
    return parseZatcaQr(text);
  } catch {
    throw fieldError('qr', 'validation.invalid');
  }
}

/**
 * The issued invoice a customer brings back (issue 15, deliverable 8): by a till's receipt number, else by the
 * back office's invoice code, or by its QR code (the moment of issue and the total with VAT, both as the chain
 * and the totals recorded them). In a branch the caller may use; with each line's remaining quantity.
 */
export async function findReceipt(
  deps: ServiceDeps,
  ctx: RequestContext,
  query: { number?: string | undefined; qr?: string | undefined },
): Promise<DocumentRecord> {
  const s = tenantScope(deps.db, requirePrincipal(ctx).tenantId);
  const table = documentTableOf(salesInvoices);
  const issued = () => s(table).where(`${table}.status`, 'issued').select('id', 'branch_id');
  let row: Row | undefined;
  if (query.qr) {
    const fields = qrFields(query.qr);
    let total: number;
    try {
      total = toStored(fields.total);
    } catch {
      throw fieldError('qr', 'validation.invalid');
    }
    row = (await issued().where({ issued_at: fields.timestamp, money_tax_inclusive: total }).first()) as
      Row | undefined;
  } else if (query.number) {
    row =
      ((await issued()
        .where({ reference_number: query.number })
        .where('issue_unit', 'like', 'till:%')
        .first()) as Row | undefined) ??
      ((await issued().where({ code: query.number }).first()) as Row | undefined);
  } else throw fieldError('number', 'validation.required');
  if (!row) throw notFound();
  requireBranch(ctx, row.branch_id ? String(row.branch_id) : null);
  const record = await documentStore.find(s, salesInvoices, String(row.id));
  if (!record) throw notFound();
  return withConversions(s, salesDocuments, salesInvoices, record);
}
