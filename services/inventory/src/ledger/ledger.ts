import { dec, type Dec } from '@erp/contracts';
import {
  AppError,
  newId,
  type EventOrigin,
  type Executor,
  type JobOwner,
  type TenantScope,
} from '@erp/service-kit';
import { recordDeferred, shouldDefer } from './deferred';
import { fromBig, toBig } from './costing';
import { itemUnits, type ItemUnits } from './items';
import { bookChange } from './booking';
import { documentSums } from './tail';
import {
  lineIdOf,
  lockHoldings,
  pairKey,
  Recoster,
  type CostLine,
  type DocKey,
  type Position,
} from './recost';

/**
 * One line of a document's stock effect. `in` and `out` move `quantity` (in the line's unit); `count` sets the
 * store's holding to `quantity` (a stocktaking closes with the difference). An `in` line with `costFrom`
 * takes its value from earlier lines of the same document (a transfer's receipt costs what left the source;
 * a manufactured product costs what its components did).
 */
export interface LedgerLine {
  key: string;
  /** The document line whose value this is (the value shown on the document); null for derived lines. */
  lineNo: number | null;
  itemId: string;
  unitId: string;
  storeId: string;
  quantity: string;
  direction: 'in' | 'out' | 'count';
  /** Per line unit; null: the store's weighted-average cost (or the item's cost price when none). */
  unitCost: string | null;
  costFrom?: readonly string[];
}

export interface LedgerDocument {
  sourceService: string;
  documentType: string;
  documentId: string;
  code: string;
  date: string;
  revision: number;
  deleted: boolean;
  lines: readonly LedgerLine[];
}

export interface PostOptions {
  /** Refuse a line that would leave the store below zero (the branch's negative-balance policy). */
  refuseNegative: boolean;
  /** Whom a background re-costing runs for (the request's caller); the system when an event caused it. */
  owner?: JobOwner;
}

/** What a posting booked: each document line's value, and the job re-costing what came after, if any. */
export interface Posted {
  values: Map<number, string>;
  recostJobId: string | null;
}

const big = (v: unknown) => BigInt(String(v ?? 0));

/** A holding locked but never moved (a refused or empty line) leaves no balance row behind. */
async function dropUnmoved(s: TenantScope, pairs: string[]): Promise<void> {
  const byStore = new Map<string, string[]>();
  for (const pair of new Set(pairs)) {
    const [itemId, storeId] = pair.split('\u0000') as [string, string];
    byStore.set(storeId, [...(byStore.get(storeId) ?? []), itemId]);
  }
  for (const [storeId, itemIds] of byStore)
    for (let i = 0; i < itemIds.length; i += 500) {
      // read in bulk: a document of a thousand lines would otherwise read a row per line
      const empty = (
        (await s('stock_balances')
          .where({ store_id: storeId, quantity: 0, value: 0 })
          .whereIn('item_id', itemIds.slice(i, i + 500))
          .select('item_id')) as Record<string, unknown>[]
      ).map((r) => String(r.item_id));
      for (const itemId of empty) {
        const where = { item_id: itemId, store_id: storeId };
        if (!(await s('stock_movements').where(where).first('seq')))
          await s('stock_balances').where(where).delete();
      }
    }
}

function baseQuantity(units: ItemUnits | undefined, line: LedgerLine, index: number): Dec {
  const rate = units?.rates.get(line.unitId);
  if (!units || !rate)
    throw new AppError(400, 'validationFailed', {}, [
      { field: `lines.${index}.unitId`, code: 'validation.unitNotOfItem' },
    ]);
  return dec(line.quantity).times(rate);
}

/** The holding's quantity at the end of `date`, without the document's own movements (a count's book). */
async function bookAt(
  s: TenantScope,
  key: Record<string, string>,
  itemId: string,
  storeId: string,
  date: string,
) {
  const [all] = await s('stock_movements')
    .where({ item_id: itemId, store_id: storeId })
    .andWhere('date', '<=', date)
    .sum({ q: 'quantity' });
  const [own] = await s('stock_movements')
    .where({ ...key, item_id: itemId, store_id: storeId })
    .andWhere('date', '<=', date)
    .sum({ q: 'quantity' });
  return big(all?.q) - big(own?.q);
}

/** The lines to book: quantities in main units, each with how it is costed; a count's lines per item summed. */
async function pendingLines(
  s: TenantScope,
  doc: LedgerDocument,
  docKey: DocKey,
  entry: string,
): Promise<{ lines: CostLine[]; lineNoOf: Map<string, number | null> }> {
  const units = await itemUnits(s, [...new Set(doc.lines.map((l) => l.itemId))]);
  const lines: CostLine[] = [];
  const lineNoOf = new Map<string, number | null>();
  const keyOf = new Map<string, number>();
  const counts = new Map<string, { line: LedgerLine; index: number; quantity: bigint }>();
  doc.lines.forEach((line, index) => {
    keyOf.set(line.key, index);
    const base = toBig(baseQuantity(units.get(line.itemId), line, index));
    if (line.direction === 'count') {
      // an item counted in several units (or lines) is one count: their quantities are summed
      const k = pairKey(line.itemId, line.storeId);
      const seen = counts.get(k);
      if (seen) seen.quantity += base;
      else counts.set(k, { line, index, quantity: base });
      return;
    }
    const fallbackCost = toBig(units.get(line.itemId)?.costPrice ?? dec(0));
    const costLine: CostLine = {
      id: lineIdOf(docKey, doc.revision, index, line.itemId, line.storeId),
      doc: docKey,
      code: doc.code,
      revision: doc.revision,
      date: doc.date,
      entry,
      lineKey: index,
      itemId: line.itemId,
      storeId: line.storeId,
      quantity: line.direction === 'out' ? -base : base,
      rule:
        line.direction === 'out'
          ? 'out'
          : line.costFrom
            ? 'from'
            : line.unitCost !== null
              ? 'fixed'
              : 'average',
      ownValue:
        line.direction === 'in' && !line.costFrom && line.unitCost !== null
          ? toBig(dec(line.quantity).times(line.unitCost))
          : 0n,
      fallbackCost,
      costFrom: line.costFrom ? line.costFrom.map((k) => keyOf.get(k)!) : null,
      feeds: doc.lines.some((l) => l.costFrom?.includes(line.key)),
      booked: null,
    };
    lineNoOf.set(costLine.id, line.lineNo);
    if (base !== 0n) lines.push({ ...costLine, lineNo: line.lineNo });
  });
  const key = {
    source_service: doc.sourceService,
    document_type: doc.documentType,
    document_id: doc.documentId,
  };
  for (const { line, index, quantity: counted } of counts.values()) {
    // the close posts the count minus the book at the document's date (not today's)
    const quantity = counted - (await bookAt(s, key, line.itemId, line.storeId, doc.date));
    const id = lineIdOf(docKey, doc.revision, index, line.itemId, line.storeId);
    lineNoOf.set(id, line.lineNo);
    if (quantity === 0n) continue;
    lines.push({
      id,
      doc: docKey,
      code: doc.code,
      revision: doc.revision,
      date: doc.date,
      entry,
      lineKey: index,
      itemId: line.itemId,
      storeId: line.storeId,
      lineNo: line.lineNo,
      quantity,
      rule: quantity < 0n ? 'out' : 'average',
      ownValue: 0n,
      fallbackCost: toBig(units.get(line.itemId)?.costPrice ?? dec(0)),
      costFrom: null,
      feeds: false,
      booked: null,
    });
  }
  return { lines, lineNoOf };
}

/**
 * Books a document's stock effect at one revision (issues 4 and 11). The effect booked for an earlier
 * revision is reversed at its own date (movements are never changed); the new lines are costed at their place
 * in the store's history (date, then entry order) and every later line of the items and stores touched is
 * re-costed, the differences booked as corrections. The balances move by the same numbers, and
 * `inventory.stock.moved` / `inventory.stock.costCorrected` carry them to accounts. A revision not above the
 * one booked is stale: nothing changes, so a replayed or overtaken event is harmless. Returns the value of
 * each document line, or null when stale.
 */
export async function postDocument(
  trx: Executor,
  s: TenantScope,
  origin: EventOrigin,
  doc: LedgerDocument,
  options: PostOptions,
): Promise<Posted | null> {
  const key = {
    source_service: doc.sourceService,
    document_type: doc.documentType,
    document_id: doc.documentId,
  };
  const booked = await s('stock_documents').where(key).first('revision', 'entry');
  if (booked && Number(booked.revision) >= doc.revision) return null;
  const entry = booked?.entry ? String(booked.entry) : newId();
  const docKey: DocKey = {
    sourceService: doc.sourceService,
    documentType: doc.documentType,
    documentId: doc.documentId,
  };

  // what the earlier revisions left, per item, store and date: reversed at that date
  const previous = (await documentSums(s, docKey))
    .map((p) => ({ ...p, quantity: -p.quantity, value: -p.value }))
    .filter((p) => p.quantity !== 0n || p.value !== 0n);
  const locked = [
    ...previous.map((p) => pairKey(p.itemId, p.storeId)),
    ...doc.lines.map((l) => pairKey(l.itemId, l.storeId)),
  ];
  await lockHoldings(s, locked);
  const { lines, lineNoOf } = doc.deleted
    ? { lines: [], lineNoOf: new Map<string, number | null>() }
    : await pendingLines(s, doc, docKey, entry);

  const starts = new Map<string, Position>();
  const startAt = (itemId: string, storeId: string, date: string) => {
    const k = pairKey(itemId, storeId);
    const at = starts.get(k);
    if (!at || date < at.date) starts.set(k, { date, entry, lineKey: 0 });
  };
  for (const p of previous) startAt(p.itemId, p.storeId, p.date);
  for (const l of lines) startAt(l.itemId, l.storeId, l.date);

  // a long history is re-costed in the background (deferred.ts)
  const bounded = await shouldDefer(s, starts);
  const result = await new Recoster(s, {
    doc: docKey,
    entry,
    locked: new Set(locked),
    bookedRevision: booked ? Number(booked.revision) : null,
    pending: lines,
    starts,
    refuseNegative: options.refuseNegative,
    bounded,
  }).run();
  if (result.negative) {
    const culprit = lines.find(
      (l) =>
        l.itemId === result.negative!.itemId && l.storeId === result.negative!.storeId && l.quantity < 0n,
    );
    const lineNo = culprit ? lineNoOf.get(culprit.id) : null;
    throw new AppError(
      409,
      'insufficientBalance',
      {},
      lineNo ? [{ field: `lines.${lineNo - 1}.quantity`, code: 'insufficientBalance' }] : [],
    );
  }

  await bookChange(trx, s, origin, {
    doc: { ...docKey, code: doc.code, revision: doc.revision, date: doc.date, deleted: doc.deleted, entry },
    existing: Boolean(booked),
    reversals: previous,
    lines: lines.map((l) => ({ line: l, value: result.values.get(l.id) ?? 0n })),
    corrections: result.corrections,
  });

  const recostJobId = bounded
    ? await recordDeferred(
        trx,
        s,
        options.owner ?? { system: true, tenantId: s.tenantId, correlationId: origin.correlationId },
        { ...docKey, revision: doc.revision },
        result.deferred,
        new Set(locked),
      )
    : null;

  // a holding this change booked a movement for keeps its row: only the others are looked at
  const moved = new Set([
    ...previous.map((p) => pairKey(p.itemId, p.storeId)),
    ...lines.map((l) => pairKey(l.itemId, l.storeId)),
  ]);
  await dropUnmoved(
    s,
    locked.filter((pair) => !moved.has(pair)),
  );

  const values = new Map<number, string>();
  for (const [id, lineNo] of lineNoOf)
    if (lineNo !== null) {
      const v = result.values.get(id) ?? 0n;
      values.set(lineNo, fromBig(v < 0n ? -v : v).toString());
    }
  return { values, recostJobId };
}
