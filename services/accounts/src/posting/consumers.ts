import { dec, events, toStored, type PayloadOf } from '@erp/contracts';
import { replicaHandlers, tenantScope, type EventHandler } from '@erp/service-kit';
import {
  POSTING_CORRECTIONS,
  bookCorrection,
  bookDocument,
  documentKey,
  findPostingDocument,
  saveRevision,
  type PostingDocument,
} from './document-booking';
import { branchLinks } from './entry-lines';
import { retryNotPosted } from './pending';
import { ruleFor } from './registry';

/**
 * `inventory.stock.moved`: a document's movements at one revision. Its own lines (not the reversals of the
 * revision before) are its whole effect now; a revision not above the one known is stale and books nothing,
 * so redelivered and out-of-order events leave the journal right. A deleted document has no lines: its entry
 * is reversed.
 */
const stockMoved: EventHandler = async (trx, envelope, payload) => {
  const p = payload as PayloadOf<'stockMoved'>;
  if (!ruleFor(p.sourceService, p.documentType)) return;
  const s = tenantScope(trx, envelope.tenantId);
  const known = await findPostingDocument(s, p);
  if (known && known.revision >= p.revision) return;
  let inValue = dec(0);
  let outValue = dec(0);
  for (const m of p.movements) {
    if (m.reversal) continue;
    const quantity = dec(m.quantity);
    const value = dec(m.value);
    // a movement in (or, without quantity, one that raised the value) is received stock
    if (quantity.isPositive() && !quantity.isZero()) inValue = inValue.plus(value);
    else if (quantity.isNegative()) outValue = outValue.minus(value);
    else if (value.isPositive()) inValue = inValue.plus(value);
    else outValue = outValue.minus(value);
  }
  const doc: PostingDocument = {
    sourceService: p.sourceService,
    documentType: p.documentType,
    documentId: p.documentId,
    branchId: envelope.branchId ?? known?.branchId ?? '',
    code: p.code,
    revision: p.revision,
    date: p.date,
    inValue: inValue.toFixed(),
    outValue: outValue.toFixed(),
    status: known?.status ?? 'unposted',
    reason: null,
    reasonLink: null,
  };
  await saveRevision(s, doc, known !== null);
  // corrections of earlier revisions were reversed with them in inventory: they are done with
  await s(POSTING_CORRECTIONS).where(documentKey(doc)).andWhere('revision', '<', doc.revision).delete();
  const { automaticPosting } = await branchLinks(s, doc.branchId);
  await bookDocument(trx, envelope.tenantId, doc, automaticPosting);
};

/**
 * `inventory.stock.costCorrected`: back-dated re-costing changed the value of lines already booked. Each
 * correction is kept for its document revision (it may arrive before that revision's movements); one for the
 * posted revision books a correction entry, one for a revision already replaced is stale.
 */
const stockCostCorrected: EventHandler = async (trx, envelope, payload) => {
  const p = payload as PayloadOf<'stockCostCorrected'>;
  const s = tenantScope(trx, envelope.tenantId);
  const perDocument = new Map<
    string,
    { key: (typeof p.corrections)[number]; value: ReturnType<typeof dec> }
  >();
  for (const [i, c] of p.corrections.entries()) {
    if (!ruleFor(c.sourceService, c.documentType)) continue;
    const known = await findPostingDocument(s, c);
    if (known && known.revision > c.revision) continue;
    await s.insert(POSTING_CORRECTIONS, {
      event_id: envelope.id,
      line_no: i + 1,
      ...documentKey(c),
      revision: c.revision,
      value: toStored(c.value),
    });
    const k = `${c.sourceService}\u0000${c.documentType}\u0000${c.documentId}\u0000${c.revision}`;
    const sum = perDocument.get(k);
    perDocument.set(k, { key: c, value: (sum?.value ?? dec(0)).plus(dec(c.value)) });
  }
  for (const { key, value } of perDocument.values()) {
    const doc = await findPostingDocument(s, key);
    if (!doc || doc.revision !== key.revision) continue;
    if (doc.status === 'posted') await bookCorrection(trx, envelope.tenantId, doc, value.toFixed());
    else if ((await branchLinks(s, doc.branchId)).automaticPosting)
      await bookDocument(trx, envelope.tenantId, doc, true);
  }
};

/** The branch replica, then the branch's not-posted documents tried again with the links it now has. */
const branchChanged: EventHandler = async (trx, envelope, payload) => {
  await replicaHandlers[envelope.type]!(trx, envelope, payload);
  await retryNotPosted(trx, envelope.tenantId, (payload as { id: string }).id);
};

/** What accounts consumes for posting from events (beside the replicas, which the branch handlers include). */
export const postingHandlers: Readonly<Record<string, EventHandler>> = {
  [events.stockMoved.type]: stockMoved,
  [events.stockCostCorrected.type]: stockCostCorrected,
  [events.branchCreated.type]: branchChanged,
  [events.branchChanged.type]: branchChanged,
};
