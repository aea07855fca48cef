import Decimal from 'decimal.js';
import { dec } from '@erp/contracts';
import {
  averageValue,
  divRound,
  emptyHolding,
  fromBig,
  issueValue,
  lineValue,
  receiptChange,
  toBig,
  type CostedLine,
  type CostRule,
  type Holding,
} from '../src/ledger/costing';
import { pairOf, replay, type ModelDoc } from './support/costing-model';

/**
 * The costing rule's pure arithmetic (issue 11, docs/architecture.md 'The costing rule'), without a database:
 * worked examples, then each function against an independent model in plain decimals (decimal.js, rounding once
 * half away from zero to four decimals) on random holdings and lines with a fixed seed, then the rule's
 * conservation laws over random sequences. These are the unit tests of `pnpm mutation costing`.
 */

const D = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_HALF_UP });
const SCALE = 10_000n;
/** Main units or money to the ledger's stored form (× 10^4), for readable examples. */
const u = (v: number | string) => BigInt(new D(v).times(10_000).toFixed(0));
const h = (quantity: number | string, value: number | string): Holding => ({
  quantity: u(quantity),
  value: u(value),
});

/** A seeded generator (mulberry32): the same cases every run; COSTING_RULE_SEED and _COUNT for a long run. */
function generator(seed: number) {
  let a = seed >>> 0;
  return (n: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}
const SEED = Number(process.env.COSTING_RULE_SEED ?? 20261129);
const COUNT = Number(process.env.COSTING_RULE_COUNT ?? 4000);

// ---- the independent model: decimals in main units and money, one rounding to 4 decimals, half away from zero ----

const m = (v: bigint) => new D(v.toString()).dividedBy(10_000);
const round4 = (v: Decimal) => v.toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
const back = (v: Decimal) => BigInt(v.times(10_000).toFixed(0));

/**
 * An issue of q: the part the holding covers at its share of the value (all of it when all is covered), the rest
 * (below zero) at the cost price.
 */
function modelIssue(Q: Decimal, V: Decimal, q: Decimal, cost: Decimal): Decimal {
  const covered = Decimal.min(q, Decimal.max(Q, 0));
  const share = covered.isZero() ? new D(0) : covered.equals(Q) ? V : round4(covered.times(V).dividedBy(Q));
  return share.plus(round4(q.minus(covered).times(cost)));
}

/** What q arriving worth W changes a holding by: into a hole, the new holding's value by the spec's three cases. */
function modelReceipt(Q: Decimal, V: Decimal, q: Decimal, W: Decimal): Decimal {
  if (!Q.isNegative()) return W;
  const after = Q.plus(q);
  const target = after.isPositive()
    ? round4(W.dividedBy(q).times(after))
    : after.isZero()
      ? new D(0)
      : round4(V.dividedBy(Q).times(after));
  return target.minus(V);
}

const modelAverage = (Q: Decimal, V: Decimal, q: Decimal, cost: Decimal) =>
  Q.greaterThan(0) ? round4(V.dividedBy(Q).times(q)) : round4(q.times(cost));

function modelLine(hold: Holding, line: CostedLine): bigint {
  const [Q, V, q, own, cost] = [
    hold.quantity,
    hold.value,
    line.quantity,
    line.ownValue,
    line.fallbackCost,
  ].map(m);
  switch (line.rule) {
    case 'out':
      return back(modelIssue(Q!, V!, q!.negated(), cost!).negated());
    case 'average':
      return back(modelReceipt(Q!, V!, q!, modelAverage(Q!, V!, q!, cost!)));
    case 'from':
      return back(modelReceipt(Q!, V!, q!, own!));
    case 'fixed':
      return q!.isNegative() ? line.ownValue : back(modelReceipt(Q!, V!, q!, own!));
  }
}

// ---- random cases within the ledger's domain ----

type Rand = (n: number) => number;
/** A quantity in main units × 10^4: whole units mostly, some fractions, some large. */
function quantity(r: Rand): bigint {
  const k = r(4);
  if (k === 0) return BigInt(1 + r(20)) * SCALE;
  if (k === 1) return BigInt(1 + r(2_000_000));
  if (k === 2) return BigInt(1 + r(9)) * 1000n + BigInt(r(3)) * 3n;
  return BigInt(1 + r(1_000_000)) * BigInt(1 + r(1_000_000));
}
/**
 * A holding as the ledger can hold one: zero quantity has zero value, positive has a value ≥ 0, a hole ≤ 0; now and
 * then a zero quantity with a value left over, as lines booked before issue 11 (their value as booked) can leave.
 */
function holding(r: Rand): Holding {
  const k = r(6);
  if (k === 0) return emptyHolding();
  const q = quantity(r);
  const v = r(7) === 0 ? 0n : BigInt(r(1_000_000)) * BigInt(1 + r(1000)) + BigInt(r(3));
  if (k === 5) return { quantity: 0n, value: r(2) === 0 ? v : -v };
  return k === 1 ? { quantity: -q, value: -v } : { quantity: q, value: v };
}
function line(r: Rand): CostedLine {
  const rule = (['fixed', 'average', 'out', 'from'] as const)[r(4)]!;
  const q = quantity(r);
  // a fixed issue is a movement booked before issue 11: its (negative) value as booked
  const legacyIssue = rule === 'fixed' && r(3) === 0;
  return {
    rule,
    quantity: rule === 'out' || legacyIssue ? -q : q,
    ownValue: legacyIssue
      ? -BigInt(r(1_000_000))
      : rule === 'from' || rule === 'fixed'
        ? BigInt(r(10_000_000)) * BigInt(1 + r(100))
        : 0n,
    fallbackCost: r(4) === 0 ? 0n : BigInt(r(10_000_000)),
  };
}

describe('divRound: a ÷ b rounded once, half away from zero', () => {
  it.each([
    [7n, 2n, 4n],
    [-7n, 2n, -4n],
    [7n, -2n, -4n],
    [-7n, -2n, 4n],
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [5n, -2n, -3n],
    [-5n, -2n, 3n],
    [10n, 4n, 3n],
    [9n, 4n, 2n],
    [11n, 4n, 3n],
    [-9n, 4n, -2n],
    [-11n, -4n, 3n],
    [1n, 3n, 0n],
    [2n, 3n, 1n],
    [-1n, 3n, 0n],
    [-2n, 3n, -1n],
    [2n, -3n, -1n],
    [-2n, -3n, 1n],
    [0n, 5n, 0n],
    [0n, -5n, 0n],
    [6n, 3n, 2n],
    [-6n, 3n, -2n],
    [6n, -3n, -2n],
    [1n, 1n, 1n],
    [-1n, -1n, 1n],
    [123456789012345678901234567890n, 1000n, 123456789012345678901234568n],
  ])('%p ÷ %p = %p', (a, b, q) => {
    expect(divRound(a, b)).toBe(q);
  });

  it('refuses a division by zero with its own error', () => {
    expect(() => divRound(1n, 0n)).toThrow(new Error('division by zero'));
    expect(() => divRound(0n, 0n)).toThrow(new Error('division by zero'));
    expect(() => divRound(-3n, 0n)).toThrow(new Error('division by zero'));
  });

  it('equals the decimal rounding on random operands of both signs', () => {
    const r = generator(SEED);
    for (let i = 0; i < COUNT; i++) {
      const a = BigInt(r(2_000_001) - 1_000_000) * BigInt(1 + r(1000));
      const b = BigInt(r(2) === 0 ? -(1 + r(5000)) : 1 + r(5000));
      const want = new D(a.toString()).dividedBy(b.toString()).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
      expect([a, b, divRound(a, b)]).toEqual([a, b, BigInt(want.toFixed(0))]);
    }
  });
});

describe('the holding', () => {
  it('starts empty: no quantity, no value, a new object each time', () => {
    const a = emptyHolding();
    expect(a).toEqual({ quantity: 0n, value: 0n });
    a.quantity = 5n;
    expect(emptyHolding()).toEqual({ quantity: 0n, value: 0n });
  });
});

describe('issueValue: an issue takes its share, all of it when it takes all, never more', () => {
  it('takes the exact share, rounded once (never q × a rounded average)', () => {
    // 3 units worth 10: one unit is 3.3333, two are 6.6667 (not 2 × 3.3333)
    expect(issueValue(h(3, 10), u(1), 0n)).toBe(u('3.3333'));
    expect(issueValue(h(3, 10), u(2), 0n)).toBe(u('6.6667'));
    // a tie at the fifth decimal rounds away from zero: 1 of 8 worth 0.0012 is 0.00015
    expect(issueValue(h(8, '0.0012'), u(1), 0n)).toBe(u('0.0002'));
    expect(issueValue(h(8, '0.0012'), u(3), 0n)).toBe(u('0.0005'));
  });

  it('takes the whole value with the whole holding, and what goes below zero at the cost price', () => {
    expect(issueValue(h(3, 10), u(3), u(7))).toBe(u(10));
    expect(issueValue(h(3, 10), u(5), u(7))).toBe(u(24));
    expect(issueValue(h(3, 10), u('3.5'), u('0.3333'))).toBe(u('10.1667'));
    expect(issueValue(h('0.0001', 10), u('0.0002'), u(1))).toBe(u('10.0001'));
  });

  it('costs an issue from an empty or negative holding at the cost price alone', () => {
    expect(issueValue(emptyHolding(), u(2), u('1.5'))).toBe(u(3));
    expect(issueValue(h(-4, -6), u(2), u('2.5'))).toBe(u(5));
    expect(issueValue(h(-4, -6), u('0.5'), u('0.0003'))).toBe(u('0.0002'));
    expect(issueValue(emptyHolding(), u(2), 0n)).toBe(0n);
  });

  it('equals the model on random holdings, issues and cost prices', () => {
    const r = generator(SEED + 1);
    for (let i = 0; i < COUNT; i++) {
      const [hold, q, cost] = [holding(r), quantity(r), r(3) === 0 ? 0n : BigInt(r(10_000_000))];
      const want = back(modelIssue(m(hold.quantity), m(hold.value), m(q), m(cost)));
      expect([hold, q, cost, issueValue(hold, q, cost)]).toEqual([hold, q, cost, want]);
    }
  });

  it('issued in parts, the holding gives exactly its value, never more', () => {
    const r = generator(SEED + 2);
    for (let i = 0; i < COUNT / 4; i++) {
      let hold = holding(r);
      if (hold.quantity <= 0n) continue;
      const start = hold;
      let taken = 0n;
      while (hold.quantity > 0n) {
        const q = r(3) === 0 ? hold.quantity : 1n + (BigInt(r(1_000_000)) * hold.quantity) / 1_000_000n;
        const v = issueValue(hold, q, BigInt(r(100_000)));
        expect(v).toBeGreaterThanOrEqual(0n);
        expect(v).toBeLessThanOrEqual(hold.value);
        taken += v;
        hold = { quantity: hold.quantity - q, value: hold.value - v };
        if (hold.quantity > 0n) expect(hold.value).toBeGreaterThanOrEqual(0n);
      }
      expect(hold).toEqual({ quantity: 0n, value: 0n });
      expect(taken).toBe(start.value);
    }
  });
});

describe('a holding of zero quantity with a value left over (lines booked before issue 11 keep theirs)', () => {
  // 2 received worth 10, then an old issue of 2 booked at 9: nothing held, 1 of value left
  const residual = h(0, 1);

  it('issues from it at the cost price alone, the value left over staying where it is', () => {
    expect(issueValue(residual, u(2), u('1.5'))).toBe(u(3));
    expect(issueValue(h(0, -1), u(2), u('1.5'))).toBe(u(3));
    expect(lineValue(residual, { rule: 'out', quantity: -u(2), ownValue: 0n, fallbackCost: u('1.5') })).toBe(
      -u(3),
    );
  });

  it('adds a receipt’s value exactly, as into any holding of zero or more', () => {
    expect(receiptChange(residual, u(2), u(7))).toBe(u(7));
    expect(receiptChange(h(0, -1), u(2), u(7))).toBe(u(7));
    expect(lineValue(residual, { rule: 'from', quantity: u(2), ownValue: u(7), fallbackCost: 0n })).toBe(
      u(7),
    );
    expect(lineValue(residual, { rule: 'average', quantity: u(2), ownValue: 0n, fallbackCost: u(2) })).toBe(
      u(4),
    );
  });
});

describe('averageValue: a receipt at the average of its place', () => {
  it('is the share of the holding at its average, rounded once', () => {
    expect(averageValue(h(3, 10), u(1), u(99))).toBe(u('3.3333'));
    expect(averageValue(h(3, 10), u(2), u(99))).toBe(u('6.6667'));
    expect(averageValue(h(3, 10), u(6), u(99))).toBe(u(20));
    expect(averageValue(h(8, '0.0012'), u(1), 0n)).toBe(u('0.0002'));
  });

  it('is at the cost price where there is no average (an empty or negative holding)', () => {
    expect(averageValue(emptyHolding(), u(2), u('1.25'))).toBe(u('2.5'));
    expect(averageValue(h(-2, -3), u(2), u('1.25'))).toBe(u('2.5'));
    expect(averageValue(h(-2, -3), u('0.5'), u('0.0003'))).toBe(u('0.0002'));
  });

  it('equals the model on random holdings', () => {
    const r = generator(SEED + 3);
    for (let i = 0; i < COUNT; i++) {
      const [hold, q, cost] = [holding(r), quantity(r), BigInt(r(10_000_000))];
      const want = back(modelAverage(m(hold.quantity), m(hold.value), m(q), m(cost)));
      expect([hold, q, cost, averageValue(hold, q, cost)]).toEqual([hold, q, cost, want]);
    }
  });
});

describe('receiptChange: a receipt adds its value; into a hole it fills the hole first', () => {
  it('adds exactly the value into a holding of zero or more', () => {
    expect(receiptChange(h(3, 10), u(2), u(7))).toBe(u(7));
    expect(receiptChange(emptyHolding(), u(2), u(7))).toBe(u(7));
    expect(receiptChange(emptyHolding(), u(2), 0n)).toBe(0n);
  });

  it('values what remains above zero at the receipt’s cost', () => {
    // a hole of 2 worth −3, 5 arrive worth 10: 3 remain, worth 6; the change settles the −3 too
    expect(receiptChange(h(-2, -3), u(5), u(10))).toBe(u(9));
    // 1 of 3 arriving worth 10 remains: 3.3333
    expect(receiptChange(h(-2, -3), u(3), u(10))).toBe(u('6.3333'));
    // a tie rounds away from zero: 1 of 8 arriving worth 0.0012 remains, 0.00015 → 0.0002
    expect(receiptChange(h(-7, 0), u(8), u('0.0012'))).toBe(u('0.0002'));
  });

  it('leaves an emptied hole worth nothing', () => {
    expect(receiptChange(h(-2, -3), u(2), u(10))).toBe(u(3));
    expect(receiptChange(h(-2, 0), u(2), u(10))).toBe(0n);
  });

  it('leaves a smaller hole at its own average', () => {
    // a hole of 3 worth −10, 1 arrives: a hole of 2 worth −6.6667
    expect(receiptChange(h(-3, -10), u(1), u(50))).toBe(u('3.3333'));
    expect(receiptChange(h(-3, -10), u(2), u(50))).toBe(u('6.6667'));
    // a tie: a hole of 8 worth −0.0012 keeps 1, −0.00015 → −0.0002
    expect(receiptChange(h(-8, '-0.0012'), u(7), u(1))).toBe(u('0.001'));
  });

  it('equals the model on random holdings and receipts', () => {
    const r = generator(SEED + 4);
    for (let i = 0; i < COUNT; i++) {
      const [hold, q, w] = [holding(r), quantity(r), BigInt(r(10_000_000)) * BigInt(1 + r(100))];
      const want = back(modelReceipt(m(hold.quantity), m(hold.value), m(q), m(w)));
      expect([hold, q, w, receiptChange(hold, q, w)]).toEqual([hold, q, w, want]);
    }
  });
});

describe('lineValue: the value a line moves, by its rule', () => {
  const of = (rule: CostRule, quantity: bigint, ownValue = 0n, fallbackCost = 0n): CostedLine => ({
    rule,
    quantity,
    ownValue,
    fallbackCost,
  });

  it('an issue moves minus its share', () => {
    expect(lineValue(h(3, 10), of('out', -u(1), u(99), u(5)))).toBe(-u('3.3333'));
    expect(lineValue(h(3, 10), of('out', -u(4), u(99), u(5)))).toBe(-u(15));
    expect(lineValue(emptyHolding(), of('out', -u(2), u(99), u(5)))).toBe(-u(10));
  });

  it('an average receipt enters at the holding’s average, or the cost price into a hole', () => {
    expect(lineValue(h(3, 10), of('average', u(1), u(99), u(5)))).toBe(u('3.3333'));
    expect(lineValue(emptyHolding(), of('average', u(2), u(99), u(5)))).toBe(u(10));
    // a hole of 2 worth −3, 5 arrive at the cost price 2: 3 remain worth 6, and −3 settled
    expect(lineValue(h(-2, -3), of('average', u(5), u(99), u(2)))).toBe(u(9));
  });

  it('a receipt from its sources enters at their value, filling a hole first', () => {
    expect(lineValue(h(3, 10), of('from', u(2), u(7), u(5)))).toBe(u(7));
    expect(lineValue(h(-2, -3), of('from', u(5), u(10), u(5)))).toBe(u(9));
  });

  it('a fixed receipt enters at its own value, filling a hole first; a fixed issue moves its value as booked', () => {
    expect(lineValue(h(3, 10), of('fixed', u(2), u(7), u(5)))).toBe(u(7));
    expect(lineValue(h(-2, -3), of('fixed', u(5), u(10), u(5)))).toBe(u(9));
    expect(lineValue(h(3, 10), of('fixed', -u(2), -u(4), u(5)))).toBe(-u(4));
    expect(lineValue(h(-2, -3), of('fixed', -u(2), -u(4), u(5)))).toBe(-u(4));
  });

  it('equals the model on random holdings and lines of every rule', () => {
    const r = generator(SEED + 5);
    for (let i = 0; i < COUNT; i++) {
      const [hold, l] = [holding(r), line(r)];
      expect([hold, l, lineValue(hold, l)]).toEqual([hold, l, modelLine(hold, l)]);
    }
  });

  it('over random histories, conserves value: zero quantity is zero value, positive quantity never negative', () => {
    const r = generator(SEED + 6);
    for (let run = 0; run < COUNT / 20; run++) {
      let hold = emptyHolding();
      let moved = 0n;
      for (let k = 0; k < 40; k++) {
        const l = line(r);
        // no legacy fixed issues (their value is as booked, outside the rule)
        if (l.rule === 'fixed' && l.quantity < 0n) continue;
        // an issue takes all of the holding now and then, and never more than 3 × a holding's quantity
        if (l.rule === 'out' && r(4) === 0 && hold.quantity > 0n) l.quantity = -hold.quantity;
        const v = lineValue(hold, l);
        expect(v).toBe(modelLine(hold, l));
        moved += v;
        hold = { quantity: hold.quantity + l.quantity, value: hold.value + v };
        if (hold.quantity === 0n) expect(hold.value).toBe(0n);
        if (hold.quantity > 0n) expect(hold.value).toBeGreaterThanOrEqual(0n);
        if (l.rule === 'out') expect(v).toBeLessThanOrEqual(0n);
        expect(hold.value).toBe(moved);
      }
    }
  });
});

describe('lineValue folded over documents', () => {
  it('values every line as the property suite’s model replaying the documents from scratch', () => {
    const r = generator(SEED + 7);
    const stores = ['s1', 's2'];
    for (let run = 0; run < 40; run++) {
      const docs: ModelDoc[] = [];
      for (let k = 0; k < 30; k++) {
        const type = (['addition', 'issue', 'issue', 'transfer'] as const)[r(4)]!;
        const from = stores[r(2)]!;
        const quantity = r(3) === 0 ? `${1 + r(9)}.${1 + r(999)}` : String(1 + r(12));
        docs.push({
          id: `d${String(k).padStart(3, '0')}`,
          type,
          date: `2026-01-${String(1 + Math.floor(k / 3)).padStart(2, '0')}`,
          entry: `e${String(k).padStart(3, '0')}`,
          store: from,
          ...(type === 'transfer' ? { toStore: stores.find((t) => t !== from)! } : {}),
          lines: [
            {
              item: 'i',
              unit: 'piece',
              quantity,
              ...(type === 'addition' ? { unitCost: `${r(50)}.${r(10_000)}` } : {}),
            },
          ],
        });
      }
      const want = replay(docs).values;
      const holdings = new Map<string, Holding>();
      for (const doc of docs) {
        const q = toBig(dec(doc.lines[0]!.quantity));
        const costed: [string, string, CostedLine][] =
          doc.type === 'addition'
            ? [
                [
                  doc.store,
                  `${doc.id}#0`,
                  {
                    rule: 'fixed',
                    quantity: q,
                    ownValue: toBig(dec(doc.lines[0]!.quantity).times(doc.lines[0]!.unitCost!)),
                    fallbackCost: 0n,
                  },
                ],
              ]
            : [[doc.store, `${doc.id}#0`, { rule: 'out', quantity: -q, ownValue: 0n, fallbackCost: 0n }]];
        for (const [store, id, l] of costed) {
          const hold = holdings.get(pairOf('i', store)) ?? emptyHolding();
          const v = lineValue(hold, l);
          expect([id, fromBig(v).toFixed()]).toEqual([id, want.get(id)!.toFixed()]);
          holdings.set(pairOf('i', store), { quantity: hold.quantity + l.quantity, value: hold.value + v });
          if (doc.type === 'transfer') {
            const to = pairOf('i', doc.toStore!);
            const at = holdings.get(to) ?? emptyHolding();
            const receipt: CostedLine = { rule: 'from', quantity: q, ownValue: -v, fallbackCost: 0n };
            const w = lineValue(at, receipt);
            expect([`${doc.id}#1`, fromBig(w).toFixed()]).toEqual([
              `${doc.id}#1`,
              want.get(`${doc.id}#1`)!.toFixed(),
            ]);
            holdings.set(to, { quantity: at.quantity + q, value: at.value + w });
          }
        }
      }
    }
  });
});

describe('the stored form at the edges', () => {
  it('scales decimals by 10^4, rounding half away from zero', () => {
    expect(toBig(dec('12.3456'))).toBe(123456n);
    expect(toBig(dec('1.23455'))).toBe(12346n);
    expect(toBig(dec('-1.23455'))).toBe(-12346n);
    expect(toBig(dec('1.23454'))).toBe(12345n);
    expect(toBig(dec('0'))).toBe(0n);
    expect(toBig(dec('123456789012.3456'))).toBe(1234567890123456n);
  });

  it('reads a scaled integer back as the exact decimal', () => {
    expect(fromBig(123456n).toFixed()).toBe('12.3456');
    expect(fromBig(-5n).toFixed()).toBe('-0.0005');
    expect(fromBig(0n).toFixed()).toBe('0');
    expect(fromBig(1234567890123456n).toFixed()).toBe('123456789012.3456');
    expect(fromBig(toBig(dec('-7.125'))).toFixed()).toBe('-7.125');
  });
});
