import {
  dec,
  fromStored,
  toStored,
  type Dec,
  type StockHoldInput,
  type StockHoldResult,
} from '@erp/contracts';
import {
  AppError,
  branchSettings,
  isMysql,
  nowIso,
  type RequestContext,
  type TenantScope,
} from '@erp/service-kit';
import { itemUnits } from './ledger/items';

const HOLDS = 'stock_holds';
/** A hold lapses if its document's stock event has not booked it by then (the owner's save failed after it). */
export const HOLD_SECONDS = 120;
/** A lasting hold's end: none, until its owner releases it (a reservation stopped, deleted or invoiced). */
const LASTING = '9999-12-31T00:00:00.000Z';

const pairKey = (itemId: string, storeId: string) => `${itemId}\u0000${storeId}`;
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Holds stock for a document another service is issuing (issue 14, deliverable 5): where the branch forbids
 * negative stock, each store must keep its balance less what other documents hold above zero after the
 * document's lines (in main units, per item and store); the balances are locked meanwhile (MySQL; SQLite has
 * one writer), so of two sales of the last unit only the first is held. What is granted replaces the document's
 * earlier hold (no lines: released); a refusal holds nothing new and names the short lines. A reservation's hold
 * lasts until released; an invoice converted from it is not weighed against it.
 */
export async function holdStock(
  s: TenantScope,
  ctx: RequestContext,
  input: StockHoldInput,
): Promise<StockHoldResult> {
  if (!ctx.branchId) throw new AppError(400, 'branchRequired');
  const key = {
    source_service: input.sourceService,
    document_type: input.documentType,
    document_id: input.documentId,
  };
  // the reservation an invoice converts holds stock for it: not weighed against the invoice
  const takenOver = input.takesOver
    ? {
        source_service: input.sourceService,
        document_type: input.takesOver.documentType,
        document_id: input.takesOver.documentId,
      }
    : null;
  const units = await itemUnits(
    s,
    input.lines.map((l) => l.itemId),
  );
  // what each (item, store) is asked for, in main units; services (not stored) move no stock
  const asked = new Map<string, { itemId: string; storeId: string; quantity: Dec; lines: number[] }>();
  input.lines.forEach((l, i) => {
    const item = units.get(l.itemId);
    if (!item?.isStoredItem) return;
    const rate = item.rates.get(l.unitId) ?? dec(1);
    const k = pairKey(l.itemId, l.storeId);
    const entry = asked.get(k) ?? { itemId: l.itemId, storeId: l.storeId, quantity: dec(0), lines: [] };
    entry.quantity = entry.quantity.plus(dec(l.quantity).times(rate));
    entry.lines.push(i);
    asked.set(k, entry);
  });
  const settings = await branchSettings(s, ctx.branchId);
  const now = nowIso();
  const shortages: StockHoldResult['shortages'] = [];
  if (settings.policies.negativeBalance === 'block' && !input.returning) {
    // the balances locked in the postings' one order (store, then item: `lockHoldings`), not the lines': two
    // documents listing the same items differently would each hold a row the other waits for
    const inLockOrder = [...asked.values()].sort(
      (a, b) => compare(a.storeId, b.storeId) || compare(a.itemId, b.itemId),
    );
    for (const a of inLockOrder) {
      const q = s('stock_balances').where({ item_id: a.itemId, store_id: a.storeId });
      const balance = await (isMysql(s.db) ? q.forUpdate() : q).first('quantity');
      const held = (await s(HOLDS)
        .where({ item_id: a.itemId, store_id: a.storeId })
        .andWhere('expires_at', '>', now)
        .andWhereNot((w) => w.where(key))
        .andWhereNot((w) => (takenOver ? w.where(takenOver) : w.whereRaw('1 = 0')))
        .sum({ q: 'quantity' })
        .first()) as { q: unknown } | undefined;
      const free = fromStored(balance?.quantity as number | undefined).minus(
        fromStored(String(held?.q ?? 0)),
      );
      if (a.quantity.greaterThan(free)) {
        const first = a.lines[0]!;
        const l = input.lines[first]!;
        const rate = units.get(l.itemId)!.rates.get(l.unitId) ?? dec(1);
        const available = free.greaterThan(0) ? free.div(rate) : dec(0);
        shortages.push({ line: first, available: available.toDecimalPlaces(4, 1).toString() });
      }
    }
  }
  if (shortages.length) return { shortages: shortages.sort((a, b) => a.line - b.line) };
  await s(HOLDS).where(key).delete();
  const expires = input.lasting ? LASTING : new Date(Date.now() + HOLD_SECONDS * 1000).toISOString();
  for (const a of asked.values())
    await s.insert(HOLDS, {
      ...key,
      item_id: a.itemId,
      store_id: a.storeId,
      quantity: toStored(a.quantity.toDecimalPlaces(4)),
      expires_at: expires,
    });
  return { shortages: [] };
}

/** A document's stock event booked what it held (or it was cancelled): its hold ends. */
export async function releaseHold(
  s: TenantScope,
  sourceService: string,
  documentType: string,
  documentId: string,
): Promise<void> {
  await s(HOLDS)
    .where({ source_service: sourceService, document_type: documentType, document_id: documentId })
    .delete();
}
