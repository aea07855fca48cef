import { dec, roundTo, STORAGE_SCALE, type Dec } from '@erp/contracts';

/**
 * The costing rule (issue 11, docs/architecture.md 'The costing rule'), in the ledger's stored form: quantities
 * in main units and values at cost as integers scaled by 10^4, so every step is exact and the one rounding
 * (half away from zero) happens where a division does, never on a rounded average.
 */

/** A store's holding of an item: quantity in main units and its value at cost, both scaled by 10^4. */
export interface Holding {
  quantity: bigint;
  value: bigint;
}

const SCALE = 10n ** BigInt(STORAGE_SCALE);

/** a / b rounded half away from zero. */
export function divRound(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new Error('division by zero');
  const negative = a < 0n !== b < 0n;
  const x = a < 0n ? -a : a;
  const y = b < 0n ? -b : b;
  const q = (x * 2n + y) / (y * 2n);
  return negative ? -q : q;
}

export const emptyHolding = (): Holding => ({ quantity: 0n, value: 0n });

/**
 * The value an issue of `quantity` (> 0) takes: its share of the holding (quantity × value ÷ held), the whole
 * value when it takes the whole holding or more (what goes below zero at the fallback cost per main unit),
 * and the fallback cost alone from an empty or negative holding. Never more than the holding has.
 */
export function issueValue(h: Holding, quantity: bigint, fallbackCost: bigint): bigint {
  if (h.quantity > 0n) {
    if (quantity < h.quantity) return divRound(quantity * h.value, h.quantity);
    return h.value + divRound((quantity - h.quantity) * fallbackCost, SCALE);
  }
  return divRound(quantity * fallbackCost, SCALE);
}

/** The value of a receipt costed at the holding's average (overflow, positive count differences). */
export function averageValue(h: Holding, quantity: bigint, fallbackCost: bigint): bigint {
  if (h.quantity > 0n) return divRound(quantity * h.value, h.quantity);
  return divRound(quantity * fallbackCost, SCALE);
}

/**
 * The holding's change when `quantity` (> 0) arrives worth `value`. Into a holding of zero or more it adds
 * exactly that value. Into a negative holding (a branch that allows it) the goods first fill the hole: what
 * remains above zero is worth this receipt's cost, an empty holding is worth nothing, a hole that stays is
 * valued at its own average; the difference to `value` settles the cost of the goods issued short.
 */
export function receiptChange(h: Holding, quantity: bigint, value: bigint): bigint {
  if (h.quantity >= 0n) return value;
  const after = h.quantity + quantity;
  if (after > 0n) return divRound(after * value, quantity) - h.value;
  if (after === 0n) return -h.value;
  return divRound(after * h.value, h.quantity) - h.value;
}

/** How a line is costed whenever the movements before it change. */
export type CostRule = 'fixed' | 'average' | 'out' | 'from';

export interface CostedLine {
  quantity: bigint;
  rule: CostRule;
  /** fixed: the line's own value; from: the value of its sources (positive). */
  ownValue: bigint;
  fallbackCost: bigint;
}

/** The value a line moves, given the holding just before it (the rule in one place). */
export function lineValue(h: Holding, line: CostedLine): bigint {
  switch (line.rule) {
    case 'out':
      return -issueValue(h, -line.quantity, line.fallbackCost);
    case 'average':
      return receiptChange(h, line.quantity, averageValue(h, line.quantity, line.fallbackCost));
    case 'from':
      return receiptChange(h, line.quantity, line.ownValue);
    case 'fixed':
      // movements booked before issue 11 keep their value as booked
      return line.quantity >= 0n ? receiptChange(h, line.quantity, line.ownValue) : line.ownValue;
  }
}

/** Scaled integer ↔ decimal at the edges. */
export const toBig = (v: Dec): bigint => BigInt(roundTo(v.times(SCALE.toString()), 0).toFixed(0));
export const fromBig = (v: bigint): Dec => dec(v.toString()).dividedBy(SCALE.toString());
