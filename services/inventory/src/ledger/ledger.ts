import { dec, fromStored, toStored, type Dec } from '@erp/contracts';
import { AppError, emit, nowIso, type EventOrigin, type Executor, type TenantScope } from '@erp/service-kit';
import { apply, averageCost, emptyHolding, issueValue, toScale, type Holding } from './costing';
import { itemUnits, type ItemUnits } from './items';

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
}

interface Movement {
  item_id: string;
  store_id: string;
  quantity: number;
  value: number;
  line_no: number | null;
  reversal: boolean;
}

const pairKey = (itemId: string, storeId: string) => `${itemId}\u0000${storeId}`;

/** Holdings of the pairs a document touches, read once and written back once. */
class Holdings {
  private readonly loaded = new Map<string, Holding>();
  private readonly initial = new Map<string, Dec>();
  private readonly existing = new Set<string>();
  readonly touched = new Set<string>();

  constructor(private readonly s: TenantScope) {}

  async load(pairs: { itemId: string; storeId: string }[]): Promise<void> {
    const items = [...new Set(pairs.map((p) => p.itemId))];
    const stores = [...new Set(pairs.map((p) => p.storeId))];
    if (items.length === 0) return;
    const rows = await this.s('stock_balances')
      .whereIn('item_id', items)
      .whereIn('store_id', stores)
      .select('item_id', 'store_id', 'quantity', 'value');
    for (const r of rows as Record<string, unknown>[]) {
      const k = pairKey(String(r.item_id), String(r.store_id));
      this.existing.add(k);
      this.initial.set(k, fromStored(r.quantity as number));
      this.loaded.set(k, {
        quantity: fromStored(r.quantity as number),
        value: fromStored(r.value as number),
      });
    }
  }

  get(itemId: string, storeId: string): Holding {
    return this.loaded.get(pairKey(itemId, storeId)) ?? emptyHolding();
  }

  move(itemId: string, storeId: string, quantity: Dec, value: Dec): Holding {
    const k = pairKey(itemId, storeId);
    const next = apply(this.get(itemId, storeId), quantity, value);
    this.loaded.set(k, next);
    this.touched.add(k);
    return next;
  }

  /** Pairs this document took below zero (or further below): what a blocking policy refuses. */
  wentNegative(): boolean {
    for (const k of this.touched) {
      const q = this.loaded.get(k)!.quantity;
      if (q.isNegative() && q.lessThan(this.initial.get(k) ?? 0)) return true;
    }
    return false;
  }

  async save(): Promise<void> {
    const now = nowIso();
    for (const k of this.touched) {
      const [itemId, storeId] = k.split('\u0000') as [string, string];
      const h = this.loaded.get(k)!;
      const row = { quantity: toStored(h.quantity), value: toStored(h.value), updated_at: now };
      if (this.existing.has(k))
        await this.s('stock_balances').where({ item_id: itemId, store_id: storeId }).update(row);
      else {
        await this.s.insert('stock_balances', { item_id: itemId, store_id: storeId, ...row });
        this.existing.add(k);
      }
    }
  }
}

function baseQuantity(units: ItemUnits | undefined, line: LedgerLine, index: number): Dec {
  const rate = units?.rates.get(line.unitId);
  if (!units || !rate)
    throw new AppError(400, 'validationFailed', {}, [
      { field: `lines.${index}.unitId`, code: 'validation.unitNotOfItem' },
    ]);
  return toScale(dec(line.quantity).times(rate));
}

/**
 * Books a document's stock effect at one revision (issue 4, item 3). The effect booked for an earlier
 * revision is reversed first (movements are never changed), then the new lines are booked at the weighted-
 * average cost of their store, the balances are updated with the same values, and `inventory.stock.moved`
 * carries the movements to accounts. A revision not above the one booked is stale: nothing changes, so a
 * replayed or overtaken event is harmless. Returns the value of each document line, or null when stale.
 */
export async function postDocument(
  trx: Executor,
  s: TenantScope,
  origin: EventOrigin,
  doc: LedgerDocument,
  options: PostOptions,
): Promise<Map<number, string> | null> {
  const key = {
    source_service: doc.sourceService,
    document_type: doc.documentType,
    document_id: doc.documentId,
  };
  const booked = await s('stock_documents').where(key).first('revision');
  if (booked && Number(booked.revision) >= doc.revision) return null;

  const previous = (await s('stock_movements')
    .where(key)
    .groupBy('item_id', 'store_id')
    .select('item_id', 'store_id')
    .sum({ quantity: 'quantity', value: 'value' })) as Record<string, unknown>[];
  const units = await itemUnits(s, [...new Set(doc.lines.map((l) => l.itemId))]);
  const holdings = new Holdings(s);
  await holdings.load([
    ...previous.map((p) => ({ itemId: String(p.item_id), storeId: String(p.store_id) })),
    ...doc.lines.map((l) => ({ itemId: l.itemId, storeId: l.storeId })),
  ]);

  const movements: Movement[] = [];
  for (const p of previous) {
    const quantity = fromStored(p.quantity as number).negated();
    const value = fromStored(p.value as number).negated();
    if (quantity.isZero() && value.isZero()) continue;
    holdings.move(String(p.item_id), String(p.store_id), quantity, value);
    movements.push({
      item_id: String(p.item_id),
      store_id: String(p.store_id),
      quantity: toStored(quantity),
      value: toStored(value),
      line_no: null,
      reversal: true,
    });
  }

  const values = new Map<number, string>();
  const valueOfKey = new Map<string, Dec>();
  if (!doc.deleted) {
    doc.lines.forEach((line, index) => {
      const item = units.get(line.itemId);
      const base = baseQuantity(item, line, index);
      const held = holdings.get(line.itemId, line.storeId);
      const fallback = item?.costPrice ?? dec(0);
      let quantity: Dec;
      let value: Dec;
      const avg = averageCost(held) ?? fallback;
      if (line.direction === 'count') {
        quantity = base.minus(held.quantity);
        value = quantity.isNegative()
          ? issueValue(held, quantity.negated(), fallback).negated()
          : toScale(quantity.times(avg));
      } else if (line.direction === 'out') {
        quantity = base.negated();
        value = issueValue(held, base, fallback).negated();
        if (options.refuseNegative && held.quantity.minus(base).isNegative())
          throw new AppError(409, 'insufficientBalance', {}, [
            {
              field: `lines.${line.lineNo === null ? index : line.lineNo - 1}.quantity`,
              code: 'insufficientBalance',
            },
          ]);
      } else {
        quantity = base;
        if (line.costFrom)
          value = line.costFrom.reduce((sum, k) => sum.plus(valueOfKey.get(k)?.abs() ?? 0), dec(0));
        else if (line.unitCost !== null) value = toScale(dec(line.quantity).times(line.unitCost));
        else value = toScale(base.times(avg));
      }
      valueOfKey.set(line.key, value);
      if (line.lineNo !== null) values.set(line.lineNo, value.abs().toString());
      if (quantity.isZero() && value.isZero()) return;
      holdings.move(line.itemId, line.storeId, quantity, value);
      movements.push({
        item_id: line.itemId,
        store_id: line.storeId,
        quantity: toStored(quantity),
        value: toStored(value),
        line_no: line.lineNo,
        reversal: false,
      });
    });
  }

  // an edit or deletion that takes back goods already issued is refused the same way
  if (options.refuseNegative && holdings.wentNegative()) throw new AppError(409, 'insufficientBalance');

  const now = nowIso();
  const rows = movements.map((m) => ({
    ...m,
    ...key,
    document_code: doc.code,
    revision: doc.revision,
    date: doc.date,
    created_at: now,
  }));
  for (let i = 0; i < rows.length; i += 200) await s.insert('stock_movements', rows.slice(i, i + 200));
  await holdings.save();
  const state = {
    revision: doc.revision,
    code: doc.code,
    date: doc.date,
    deleted: doc.deleted,
    updated_at: now,
  };
  if (booked) await s('stock_documents').where(key).update(state);
  else await s.insert('stock_documents', { ...key, ...state });

  if (movements.length > 0)
    await emit(trx, origin, 'stockMoved', doc.documentId, {
      sourceService: doc.sourceService,
      documentType: doc.documentType,
      documentId: doc.documentId,
      code: doc.code,
      revision: doc.revision,
      date: doc.date,
      movements: movements.map((m) => ({
        itemId: m.item_id,
        storeId: m.store_id,
        quantity: fromStored(m.quantity).toString(),
        value: fromStored(m.value).toString(),
        reversal: m.reversal,
      })),
    });
  return values;
}
