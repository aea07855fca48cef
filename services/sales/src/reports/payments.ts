import { dec, fromStored, type Dec } from '@erp/contracts';
import type { TenantScope } from '@erp/service-kit';
import { paymentKinds } from '../documents/replicas';

/** One payment of an issued document as it stays in the drawer or the bank: cash net of the change. */
export interface NetPayment {
  documentId: string;
  methodId: string;
  /** The method's kind (cash, card...) from accounts' replica; 'other' for one not heard of. */
  kind: string;
  amount: Dec;
}

/**
 * The payments of documents (`doc_sales_invoices_payments` or `doc_sales_returns_payments`), the change of each
 * document taken off its cash payments in order: the change was handed back out of the cash tendered. Shared by
 * the sales dashboard (by payment method) and the shifts (cash and other payment).
 */
export async function netPayments(
  s: TenantScope,
  paymentsTable: string,
  documents: readonly Record<string, unknown>[],
): Promise<NetPayment[]> {
  const ids = documents.map((r) => String(r.id));
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < ids.length; i += 500)
    rows.push(
      ...((await s.byIds(paymentsTable, ids.slice(i, i + 500), 'document_id')) as Record<string, unknown>[]),
    );
  const kinds = await paymentKinds(
    s,
    rows.map((p) => String(p.payment_method_id)),
  );
  const change = new Map(documents.map((r) => [String(r.id), fromStored((r.money_change ?? 0) as number)]));
  return rows.map((p) => {
    const documentId = String(p.document_id);
    const methodId = String(p.payment_method_id);
    const kind = kinds.get(methodId) ?? 'other';
    let amount = fromStored((p.amount ?? 0) as number);
    const left = change.get(documentId) ?? dec(0);
    if (left.greaterThan(0) && kind === 'cash') {
      const taken = amount.lessThan(left) ? amount : left;
      amount = amount.minus(taken);
      change.set(documentId, left.minus(taken));
    }
    return { documentId, methodId, kind, amount };
  });
}
