import { dec, roundTo, STORAGE_SCALE, type Dec } from '@erp/contracts';

/** A store's holding of an item: quantity in the item's main unit and its value at cost. */
export interface Holding {
  quantity: Dec;
  value: Dec;
}

/** Quantities and values are kept to the storage scale; this is the one place they are rounded. */
export const toScale = (v: Dec) => roundTo(v, STORAGE_SCALE);

/** The weighted-average cost of one main unit, or null when the store holds none to average. */
export function averageCost(h: Holding): Dec | null {
  return h.quantity.greaterThan(0) ? h.value.dividedBy(h.quantity) : null;
}

/**
 * The value leaving a store with `quantity` main units at weighted-average cost. Issuing the whole holding
 * takes its whole value, so no residue of rounding stays behind on an empty store. With nothing to average
 * (an empty or negative holding, when the branch allows it), the fallback cost per main unit is used.
 */
export function issueValue(h: Holding, quantity: Dec, fallbackUnitCost: Dec): Dec {
  if (quantity.equals(h.quantity) && h.quantity.greaterThan(0)) return h.value;
  const avg = averageCost(h) ?? fallbackUnitCost;
  return toScale(quantity.times(avg));
}

/** The holding after a movement (signed quantity and value). */
export function apply(h: Holding, quantity: Dec, value: Dec): Holding {
  return { quantity: h.quantity.plus(quantity), value: h.value.plus(value) };
}

export const emptyHolding = (): Holding => ({ quantity: dec(0), value: dec(0) });
