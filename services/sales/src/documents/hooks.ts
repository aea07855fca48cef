import {
  customers,
  dec,
  fromStored,
  tableOf,
  type Dec,
  reservations,
  salesInvoices,
  type DocumentRecord,
} from '@erp/contracts';
import {
  AppError,
  documentStore,
  originOf,
  requirePrincipal,
  tenantScope,
  type DocumentHooks,
  type ServiceDeps,
  type TenantScope,
} from '@erp/service-kit';
import { announceEffects, chainIssued, wasIssued } from './issue';
import { paymentKinds, salesItems, userLimits } from './replicas';
import { customerBalance, salesDocumentIssues } from './rules';
import { recordItemDays, type CountedType } from '../reports/figures';
import { holdBeforeNumbering, holdInvoiceStock, holdReservation } from './stock-holds';
import { chainTillIssued, tillPlaceOf } from '../pos/till-place';

/** The reservation an invoice was converted from, if any. */
async function sourceReservation(s: TenantScope, record: DocumentRecord): Promise<DocumentRecord | null> {
  if (record.sourceType !== reservations.name || typeof record.sourceId !== 'string') return null;
  return documentStore.find(s, reservations, record.sourceId);
}

/** The types whose issue moves stock and money (quotations and orders promise, they move nothing). */
const ISSUED_TYPES = new Set(['salesInvoices', 'salesReturns']);

/**
 * The sales service's part of the document engine (issue 14): its rules at save, the rules of issuing (paid in
 * full or allowed a remainder, the customer's credit limit), the issued invoice's chain, and the events that
 * move stock and the ledger when an invoice or return is issued or cancelled.
 */
export const salesDocumentHooks = (deps: ServiceDeps): DocumentHooks => ({
  validate: (s, doc, input, settings, _before, ctx) => salesDocumentIssues(s, doc, input, settings, ctx),
  paymentKinds,
  async mayExceedSource(s, ctx) {
    const p = requirePrincipal(ctx);
    return p.isAdmin || (await userLimits(s, p.userId)).canExceedOriginalQuantity;
  },
  async lineUnits(s, itemIds) {
    const items = await salesItems(s, itemIds);
    return new Map(
      [...items].map(([id, item]) => [
        id,
        {
          mainUnitId: item.mainUnitId ?? '',
          rates: new Map<string, Dec>([...item.units].map(([u, x]) => [u, dec(x.rate)])),
        },
      ]),
    );
  },
  async beforeNumbering(trx, ctx, { doc, id, input, then }) {
    if (doc.name === salesInvoices.name && then === 'issue')
      await holdBeforeNumbering(deps, ctx, trx, doc, id, input);
  },
  async post(trx, ctx, { doc, record, deleted, settings, action }) {
    const p = requirePrincipal(ctx);
    const s = tenantScope(trx, p.tenantId);
    if (doc.name === reservations.name) return holdReservation(deps, ctx, s, record, deleted);
    if (!ISSUED_TYPES.has(doc.name) || deleted) return;
    // what a reservation still keeps changes when an invoice of it is issued or cancelled
    const reservation = doc.name === salesInvoices.name ? await sourceReservation(s, record) : null;
    if (action === 'issue') {
      const total = dec(String(record.money && (record.money as { taxInclusive: string }).taxInclusive));
      const unpaid = total.minus(dec(String(record.paid ?? '0')));
      if (doc.name === 'salesInvoices' && unpaid.greaterThan(0)) {
        if (
          record.paymentType === 'cash' &&
          !p.isAdmin &&
          !(await userLimits(s, p.userId)).canSaveWithRemainder
        )
          throw new AppError(400, 'validationFailed', {}, [
            { field: 'payments', code: 'validation.remainderNotAllowed' },
          ]);
        const customer = await s(tableOf(customers))
          .where({ id: String(record.customerId) })
          .first('credit_limit');
        const limit = customer?.credit_limit ? fromStored(customer.credit_limit as number) : null;
        // the document is issued already in this transaction: the balance counts it
        if (
          limit &&
          !settings.switches.bypassCreditLimit &&
          (await customerBalance(s, String(record.customerId))).greaterThan(limit)
        )
          throw new AppError(409, 'creditLimitExceeded', { limit: limit.toString() });
      }
      if (doc.name === salesInvoices.name) await holdInvoiceStock(deps, ctx, trx, doc, record);
      if (reservation) await holdReservation(deps, ctx, s, reservation, false);
      const money = record.money as { taxInclusive: string; vat: string };
      // a till's sale keeps the place its till gave it; the back office takes the branch's next one
      const place = doc.name === salesInvoices.name ? tillPlaceOf(trx) : undefined;
      if (place) await chainTillIssued(s, doc, record, place, money.taxInclusive, money.vat);
      else
        await chainIssued(s, doc, record, `branch:${String(record.branchId)}`, money.taxInclusive, money.vat);
      await announceEffects(trx, s, originOf(ctx), doc, record, false);
      // the reports' per-day-per-item summary, in the issuing transaction (reports/figures.ts)
      await recordItemDays(trx, p.tenantId, doc.name as CountedType, String(record.id), 1);
    } else if (action === 'cancel' && (await wasIssued(s, doc, record.id))) {
      await announceEffects(trx, s, originOf(ctx), doc, record, true);
      await recordItemDays(trx, p.tenantId, doc.name as CountedType, String(record.id), -1);
      if (reservation) await holdReservation(deps, ctx, s, reservation, false, true);
    }
  },
});
