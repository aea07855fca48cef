import type Decimal from 'decimal.js';
import { dec, type Dec } from './money';

type Value = Decimal.Value;

/**
 * Quantities in an item's units (issue 12 item 5): a line's quantity is counted in its unit; totals are counted
 * in the item's main unit (quantity × the unit's conversion rate, exact decimals), never by adding cartons to
 * pieces. `rates` maps a unit id to how many main units one of it holds (the main unit itself: 1).
 */
export function inMainUnit(quantity: Value, unitId: string | null, rates: ReadonlyMap<string, Value>): Dec {
  const rate = unitId ? rates.get(unitId) : undefined;
  return dec(quantity).times(rate ?? 1);
}

export interface UnitCount {
  unitId: string;
  quantity: string;
}

/**
 * A main-unit quantity as whole larger units, largest first, the rest in the main unit: 130 pieces with a
 * carton of 24 → 5 cartons 10 pieces. A negative quantity breaks down the same way, every count negative.
 * Units with a rate of one or less than one (a fraction of the main unit) are not used for the whole counts.
 */
export function unitBreakdown(
  quantity: Value,
  mainUnitId: string,
  rates: ReadonlyMap<string, Value>,
): UnitCount[] {
  const total = dec(quantity);
  const sign = total.isNegative() ? -1 : 1;
  let rest = total.abs();
  const larger = [...rates]
    .filter(([id, r]) => id !== mainUnitId && dec(r).greaterThan(1))
    .sort((a, b) => dec(b[1]).comparedTo(dec(a[1])));
  const out: UnitCount[] = [];
  for (const [unitId, r] of larger) {
    const count = rest.dividedToIntegerBy(r);
    if (count.isZero()) continue;
    out.push({ unitId, quantity: count.times(sign).toString() });
    rest = rest.minus(count.times(r));
  }
  if (!rest.isZero() || out.length === 0)
    out.push({ unitId: mainUnitId, quantity: rest.times(sign).toString() });
  return out;
}

/**
 * The total of lines of several items and units, per main unit: one figure when every item counts in the same
 * main unit ('130' pieces), else one per main unit; never a sum across units.
 */
export function totalsByMainUnit(
  lines: readonly {
    quantity: Value;
    unitId: string | null;
    mainUnitId: string;
    rates: ReadonlyMap<string, Value>;
  }[],
): UnitCount[] {
  const sums = new Map<string, Dec>();
  for (const l of lines)
    sums.set(
      l.mainUnitId,
      (sums.get(l.mainUnitId) ?? dec(0)).plus(inMainUnit(l.quantity, l.unitId, l.rates)),
    );
  return [...sums].map(([unitId, q]) => ({ unitId, quantity: q.toString() }));
}
