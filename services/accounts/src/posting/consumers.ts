import { dec, events, toStored, type Dec, type PayloadOf } from '@erp/contracts';
import {
  insertArrays,
  nowIso,
  replicaHandlers,
  runSql,
  selectArrays,
  tenantScope,
  type EventHandler,
  type TenantScope,
} from '@erp/service-kit';
import {
  POSTING_CORRECTIONS,
  bookCorrections,
  bookDocument,
  documentKey,
  KEY_WHERE,
  keyValues,
  findPostingDocument,
  saveRevision,
  type PostingDocument,
  type PostingLeg,
} from './document-booking';
import { branchLinks, branchLinksOnce } from './entry-lines';
import { retryNotPosted } from './pending';
import { ruleFor } from './registry';
import type { DocumentMoney } from './rules';
import { safeTransactionMoney } from './safe-rules';
import { salesMoneyIssue } from './sales-rules';

const POSTING_STORES = 'posting_stores';

/** The branch of each store named (the document's own branch for a store not heard of). */
async function storeBranches(s: TenantScope, storeIds: readonly string[], fallback: string) {
  const ids = [...new Set(storeIds)];
  const rows =
    ids.length === 0
      ? []
      : await selectArrays(
          s.db,
          `/* posting */ select store_id, branch_id from ${POSTING_STORES}
            where tenant_id = ? and store_id in (${ids.map(() => '?').join(', ')})`,
          [s.tenantId, ...ids],
        );
  const known = new Map(rows.map(([store, branch]) => [String(store), String(branch)]));
  return (storeId: string) => known.get(storeId) ?? fallback;
}

/**
 * `inventory.stock.moved`: a document's movements at one revision. Its own lines (not the reversals of the
 * revision before) are its whole effect now, split by the branch of their stores; a revision not above the one
 * known is stale and books nothing, so redelivered and out-of-order events leave the journal right. A deleted
 * document has no lines: its entries are reversed.
 */
const stockMoved: EventHandler = async (trx, envelope, payload) => {
  const p = payload as PayloadOf<'stockMoved'>;
  if (!ruleFor(p.sourceService, p.documentType)) return;
  const s = tenantScope(trx, envelope.tenantId);
  const known = await findPostingDocument(s, p, true);
  if (known && known.revision >= p.revision) return;
  // a document with a money part (a sales invoice) stays in the branch its money event named
  const branchId = (known?.money ? known.branchId : null) ?? envelope.branchId ?? known?.branchId ?? '';
  // the code and date of the latest revision of either part
  const latest = !known || p.revision >= (known.moneyRevision ?? 0);
  const own = p.movements.filter((m) => !m.reversal);
  const branchOf = await storeBranches(
    s,
    own.map((m) => m.storeId),
    branchId,
  );
  const legs = new Map<string, { in: Dec; out: Dec }>();
  for (const m of own) {
    const leg = legs.get(branchOf(m.storeId)) ?? { in: dec(0), out: dec(0) };
    const quantity = dec(m.quantity);
    const value = dec(m.value);
    // a movement in (or, without quantity, one that raised the value) is received stock
    const received = quantity.isZero() ? value.isPositive() : quantity.isPositive();
    if (received) leg.in = leg.in.plus(value);
    else leg.out = leg.out.minus(value);
    legs.set(branchOf(m.storeId), leg);
  }
  const parts: PostingLeg[] = [...legs]
    .map(([b, l]) => ({ branchId: b, in: l.in.toFixed(), out: l.out.toFixed() }))
    .sort((a, b) => a.branchId.localeCompare(b.branchId));
  const doc: PostingDocument = {
    sourceService: p.sourceService,
    documentType: p.documentType,
    documentId: p.documentId,
    branchId,
    code: latest ? p.code : known.code,
    revision: p.revision,
    date: latest ? p.date : known.date,
    inValue: parts.reduce((sum, l) => sum.plus(dec(l.in)), dec(0)).toFixed(),
    outValue: parts.reduce((sum, l) => sum.plus(dec(l.out)), dec(0)).toFixed(),
    legs: parts,
    money: known?.money ?? null,
    moneyRevision: known?.moneyRevision ?? null,
    status: known?.status ?? 'unposted',
    reason: null,
    reasonLink: null,
  };
  await saveRevision(s, doc, known !== null);
  // corrections of earlier revisions were reversed with them in inventory: they are done with
  await runSql(
    s.db,
    `/* posting */ delete from ${POSTING_CORRECTIONS}
      where ${KEY_WHERE} and revision < ?`,
    [...keyValues(s, doc), doc.revision],
  );
  const links = branchLinksOnce(s);
  const { automaticPosting } = await links(doc.branchId);
  await bookDocument(trx, envelope.tenantId, doc, automaticPosting, null, links);
};

const SALES = 'sales';

/**
 * `sales.document.changed`: an issued sales invoice's or return's money at one revision (issue 14, deliverable 5),
 * the money part of the same posting document as its cost from `inventory.stock.moved`. The two arrive on their own
 * and in any order with the same document revisions; each part keeps its own last revision, so a redelivered or
 * older money event changes nothing, and a newer one rebooks the document (its live entries reversed, booked
 * anew) with the stock part as last known. `deleted` (cancelled): the money part is gone; once the stock part is
 * gone too (its event with no lines), nothing of the document stands.
 */
const salesDocumentChanged: EventHandler = async (trx, envelope, payload) => {
  const p = payload as PayloadOf<'salesDocumentChanged'>;
  if (!ruleFor(SALES, p.documentType)?.money) return;
  const money: DocumentMoney | null = p.deleted
    ? null
    : {
        gross: p.gross,
        discount: p.discount,
        vat: p.vat,
        total: p.total,
        vatCategories: p.vatCategories.map(({ category, rate, taxable, vat }) => ({
          category,
          rate,
          taxable,
          vat,
        })),
        payments: p.payments.map(({ methodId, kind, amount }) => ({ methodId, kind, amount })),
      };
  // figures that do not add up would not balance: the event is refused (dead-lettered, visible to admins)
  const issue = money && salesMoneyIssue(money);
  if (issue) throw new Error(`sales.document.changed ${p.documentType} ${p.documentId}: ${issue}`);
  const s = tenantScope(trx, envelope.tenantId);
  const key = { sourceService: SALES, documentType: p.documentType, documentId: p.documentId };
  const known = await findPostingDocument(s, key, true);
  if (known && (known.moneyRevision ?? 0) >= p.revision) return;
  const latest = !known || p.revision >= known.revision;
  const doc: PostingDocument = known
    ? {
        ...known,
        branchId: envelope.branchId ?? known.branchId,
        code: latest ? p.code : known.code,
        date: latest ? p.date : known.date,
        money,
        moneyRevision: p.revision,
        reason: null,
        reasonLink: null,
      }
    : {
        ...key,
        branchId: envelope.branchId ?? '',
        code: p.code,
        // no stock part yet: its first revision (1) is above it
        revision: 0,
        date: p.date,
        inValue: '0',
        outValue: '0',
        legs: [],
        money,
        moneyRevision: p.revision,
        status: 'unposted',
        reason: null,
        reasonLink: null,
      };
  await saveRevision(s, doc, known !== null);
  const links = branchLinksOnce(s);
  const { automaticPosting } = await links(doc.branchId);
  await bookDocument(trx, envelope.tenantId, doc, automaticPosting, null, links);
};

/**
 * `sales.safeTransaction.closed`: a shift's deficit (or surplus) as a posting document of its own (issue 15,
 * deliverable 5), booked in the shift's branch by the branch's automatic-posting switch like any document, or
 * waiting in the not-posted list. A shift closes once: a redelivered event finds it known and books nothing.
 */
const safeTransactionClosed: EventHandler = async (trx, envelope, payload) => {
  const p = payload as PayloadOf<'safeTransactionClosed'>;
  const s = tenantScope(trx, envelope.tenantId);
  const key = { sourceService: SALES, documentType: 'safeTransactions', documentId: p.safeTransactionId };
  if (await findPostingDocument(s, key, true)) return;
  const doc: PostingDocument = {
    ...key,
    branchId: envelope.branchId ?? '',
    code: p.code,
    revision: 0,
    date: p.date,
    inValue: '0',
    outValue: '0',
    legs: [],
    money: safeTransactionMoney(p.deficit),
    moneyRevision: 1,
    status: 'unposted',
    reason: null,
    reasonLink: null,
  };
  await saveRevision(s, doc, false);
  const links = branchLinksOnce(s);
  const { automaticPosting } = await links(doc.branchId);
  await bookDocument(trx, envelope.tenantId, doc, automaticPosting, null, links);
};

type Correction = PayloadOf<'stockCostCorrected'>['corrections'][number];
const CORRECTION_COLUMNS = [
  'tenant_id',
  'event_id',
  'line_no',
  'source_service',
  'document_type',
  'document_id',
  'revision',
  'branch_id',
  'value',
];

/**
 * `inventory.stock.costCorrected`: back-dated re-costing changed the value of lines already booked. Each
 * correction is kept for its document revision (it may arrive before that revision's movements); one for the
 * posted revision books a correction entry, one for a revision already replaced is stale.
 */
const stockCostCorrected: EventHandler = async (trx, envelope, payload) => {
  const p = payload as PayloadOf<'stockCostCorrected'>;
  const s = tenantScope(trx, envelope.tenantId);
  const branchOf = await storeBranches(
    s,
    p.corrections.map((c) => c.storeId),
    envelope.branchId ?? '',
  );
  const perDocument = new Map<string, { key: Correction; byBranch: Map<string, Dec> }>();
  // a part carries up to a thousand corrections, most of them of a few documents: each document is read (and
  // locked) once, and the corrections are kept in one bulk insert
  const known = new Map<string, PostingDocument | null>();
  const kept: unknown[][] = [];
  for (const [i, c] of p.corrections.entries()) {
    if (!ruleFor(c.sourceService, c.documentType)) continue;
    const d = `${c.sourceService}\u0000${c.documentType}\u0000${c.documentId}`;
    if (!known.has(d)) known.set(d, await findPostingDocument(s, c, true));
    const doc = known.get(d)!;
    if (doc && doc.revision > c.revision) continue;
    const branchId = branchOf(c.storeId) || doc?.branchId || '';
    const key = documentKey(c);
    kept.push([
      s.tenantId,
      envelope.id,
      i + 1,
      key.source_service,
      key.document_type,
      key.document_id,
      c.revision,
      branchId,
      toStored(c.value),
    ]);
    const k = `${d}\u0000${c.revision}`;
    const entry = perDocument.get(k) ?? { key: c, byBranch: new Map<string, Dec>() };
    entry.byBranch.set(branchId, (entry.byBranch.get(branchId) ?? dec(0)).plus(dec(c.value)));
    perDocument.set(k, entry);
  }
  await insertArrays(s.db, POSTING_CORRECTIONS, CORRECTION_COLUMNS, kept);
  for (const { key, byBranch } of perDocument.values()) {
    const doc = await findPostingDocument(s, key);
    if (!doc || doc.revision !== key.revision) continue;
    if (doc.status === 'posted')
      await bookCorrections(
        trx,
        envelope.tenantId,
        doc,
        new Map([...byBranch].filter(([, v]) => !v.isZero()).map(([b, v]) => [b, v.toFixed()])),
      );
    // one asked to be posted (not-posted) is tried again; any other follows the branch's switch
    else
      await bookDocument(
        trx,
        envelope.tenantId,
        doc,
        doc.status === 'notPosted' || (await branchLinks(s, doc.branchId)).automaticPosting,
      );
  }
};

/** Inventory's stores, for the branch each belongs to (a deleted store keeps its branch for its history). */
const storeChanged: EventHandler = async (trx, envelope, payload) => {
  const p = payload as PayloadOf<'inventoryMasterDataChanged'>;
  const branchId = typeof p.record.branchId === 'string' ? p.record.branchId : null;
  if (p.entity !== 'stores' || p.deleted || !branchId) return;
  const s = tenantScope(trx, envelope.tenantId);
  const current = await s(POSTING_STORES).where({ store_id: p.id }).first('as_of');
  if (current && String(current.as_of) > envelope.occurredAt) return;
  if (current)
    await s(POSTING_STORES)
      .where({ store_id: p.id })
      .update({ branch_id: branchId, as_of: envelope.occurredAt });
  else
    await s.insert(POSTING_STORES, {
      store_id: p.id,
      branch_id: branchId,
      as_of: envelope.occurredAt || nowIso(),
    });
};

/** The branch replica, then the not-posted documents with a part in the branch tried with its links now. */
const branchChanged: EventHandler = async (trx, envelope, payload) => {
  await replicaHandlers[envelope.type]!(trx, envelope, payload);
  await retryNotPosted(trx, envelope.tenantId, (payload as { id: string }).id);
};

/** What accounts consumes for posting from events (beside the replicas, which the branch handlers include). */
export const postingHandlers: Readonly<Record<string, EventHandler>> = {
  [events.stockMoved.type]: stockMoved,
  [events.stockCostCorrected.type]: stockCostCorrected,
  [events.salesDocumentChanged.type]: salesDocumentChanged,
  [events.safeTransactionClosed.type]: safeTransactionClosed,
  [events.inventoryMasterDataChanged.type]: storeChanged,
  [events.branchCreated.type]: branchChanged,
  [events.branchChanged.type]: branchChanged,
};
