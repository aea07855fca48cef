import { dec, roundTo, type Dec } from '@erp/contracts';

/** One stage of an agent's commission (spec section 3, agent; section 5: each stage starts at or after the last). */
export interface CommissionRange {
  from: string;
  to: string;
  type: 'percentage' | 'value';
  commission: string;
}

export interface CommissionPlan {
  /** The flat rate of an agent without stages (percent). */
  percentage: string | null;
  /** The most an agent earns in a period; null or zero: no cap. */
  maxCommission: string | null;
  ranges: readonly CommissionRange[];
}

/**
 * An agent's commission on `base` (the period's net sales or collections), tiered by its stages: each stage
 * [from, to) earns its percentage on the part of the base that falls inside it, or its value once when the base
 * reaches into it (base > from); an agent without stages earns its flat percentage of the whole base. The sum
 * is capped by the agent's maximum and rounded once to two decimals. A base of zero or less earns nothing.
 */
export function agentCommission(base: Dec | string, plan: CommissionPlan): Dec {
  const amount = dec(base);
  if (!amount.greaterThan(0)) return dec(0);
  let earned = dec(0);
  if (plan.ranges.length === 0) earned = amount.times(dec(plan.percentage || '0')).dividedBy(100);
  for (const r of plan.ranges) {
    const from = dec(r.from);
    const to = dec(r.to);
    if (!amount.greaterThan(from) || !to.greaterThan(from)) continue;
    if (r.type === 'value') earned = earned.plus(r.commission);
    else
      earned = earned.plus(
        (amount.lessThan(to) ? amount : to).minus(from).times(r.commission).dividedBy(100),
      );
  }
  const cap = plan.maxCommission ? dec(plan.maxCommission) : null;
  if (cap && cap.greaterThan(0) && earned.greaterThan(cap)) earned = cap;
  return roundTo(earned, 2);
}
