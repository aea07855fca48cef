import { dec } from '@erp/contracts';
import { agentCommission, type CommissionPlan, type CommissionRange } from './commission';

/**
 * An independent model: walk the base one unit at a time; each unit earns the percentage of the stage it lies
 * in ([from, to)), and a value stage pays its value once, on the first unit inside it. Then the cap.
 */
function walk(base: number, plan: CommissionPlan): number {
  let cents = 0;
  const paid = new Set<number>();
  if (plan.ranges.length === 0) cents = base * Number(plan.percentage ?? 0);
  for (let unit = 0; unit < base; unit++)
    plan.ranges.forEach((r, i) => {
      if (unit < Number(r.from) || unit >= Number(r.to)) return;
      if (r.type === 'percentage') cents += Number(r.commission);
      else if (!paid.has(i)) {
        paid.add(i);
        cents += Number(r.commission) * 100;
      }
    });
  const cap = plan.maxCommission ? Number(plan.maxCommission) * 100 : Infinity;
  return Math.min(cents, cap) / 100;
}

const stage = (
  from: number,
  to: number,
  type: CommissionRange['type'],
  commission: number,
): CommissionRange => ({
  from: String(from),
  to: String(to),
  type,
  commission: String(commission),
});

describe('agentCommission', () => {
  const tiers: CommissionPlan = {
    percentage: null,
    maxCommission: null,
    ranges: [
      stage(0, 1000, 'percentage', 2),
      stage(1000, 5000, 'percentage', 3),
      stage(5000, 20000, 'value', 250),
    ],
  };

  it('earns each stage on the part of the sales inside it', () => {
    // 2 % of 1000 + 3 % of 2000
    expect(agentCommission('3000', tiers).toString()).toBe('80');
    // 20 + 120 + the value stage once
    expect(agentCommission('6000', tiers).toString()).toBe('390');
    expect(agentCommission('0', tiers).toString()).toBe('0');
    expect(agentCommission('-50', tiers).toString()).toBe('0');
  });

  it('caps at the agent maximum and falls back to the flat percentage without stages', () => {
    expect(agentCommission('6000', { ...tiers, maxCommission: '300' }).toString()).toBe('300');
    expect(
      agentCommission('1234.56', { percentage: '2.5', maxCommission: null, ranges: [] }).toString(),
    ).toBe('30.86');
  });

  it('agrees with the unit-by-unit model on many bases and plans', () => {
    const plans: CommissionPlan[] = [
      tiers,
      { ...tiers, maxCommission: '150' },
      {
        percentage: null,
        maxCommission: null,
        ranges: [stage(100, 200, 'value', 7), stage(200, 900, 'percentage', 5)],
      },
      { percentage: '4', maxCommission: '35', ranges: [] },
      // a gap between stages earns nothing
      {
        percentage: null,
        maxCommission: null,
        ranges: [stage(0, 50, 'percentage', 10), stage(80, 300, 'percentage', 1)],
      },
    ];
    for (const plan of plans)
      for (let base = 0; base <= 7000; base += 97)
        expect([base, agentCommission(dec(base), plan).toNumber()]).toEqual([base, walk(base, plan)]);
  });
});
