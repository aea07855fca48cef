import Decimal from 'decimal.js';

/**
 * An independent model of the costing rule (docs/architecture.md 'The costing rule'), written apart from the
 * ledger: it keeps the documents as they stand and recomputes every holding from scratch by replaying all
 * their lines sorted by date, entry and line, in plain decimals. The property test compares the ledger with it.
 */

const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });
type Dec = Decimal;
const round4 = (v: Dec) => v.toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
export const mdec = (v: string | number) => new D(v);

export type ModelUnit = 'piece' | 'box';
export const RATE: Record<ModelUnit, number> = { piece: 1, box: 6 };

export interface ModelDoc {
  id: string;
  type: 'addition' | 'issue' | 'transfer';
  date: string;
  /** The ledger's entry order of the document (its first booking), read once it is booked. */
  entry: string;
  store: string;
  toStore?: string;
  lines: { item: string; unit: ModelUnit; quantity: string; unitCost?: string }[];
}

export interface State {
  quantity: Dec;
  value: Dec;
}

export const pairOf = (item: string, store: string) => `${item}|${store}`;

interface Step {
  date: string;
  entry: string;
  key: number;
  pair: string;
  /** main units, signed */
  quantity: Dec;
  kind: 'fixed' | 'out' | 'from';
  fixedValue?: Dec;
  fromKey?: string;
  id: string;
}

function steps(doc: ModelDoc): Step[] {
  const out: Step[] = [];
  let key = 0;
  for (const l of doc.lines) {
    const base = mdec(l.quantity).times(RATE[l.unit]);
    const id = (k: number) => `${doc.id}#${k}`;
    if (doc.type === 'addition')
      out.push({
        ...{ date: doc.date, entry: doc.entry, key, id: id(key) },
        pair: pairOf(l.item, doc.store),
        quantity: base,
        kind: 'fixed',
        fixedValue: round4(mdec(l.quantity).times(l.unitCost!)),
      });
    else if (doc.type === 'issue')
      out.push({
        ...{ date: doc.date, entry: doc.entry, key, id: id(key) },
        pair: pairOf(l.item, doc.store),
        quantity: base.negated(),
        kind: 'out',
      });
    else {
      out.push({
        ...{ date: doc.date, entry: doc.entry, key, id: id(key) },
        pair: pairOf(l.item, doc.store),
        quantity: base.negated(),
        kind: 'out',
      });
      key++;
      out.push({
        ...{ date: doc.date, entry: doc.entry, key, id: id(key) },
        pair: pairOf(l.item, doc.toStore!),
        quantity: base,
        kind: 'from',
        fromKey: id(key - 1),
      });
    }
    key++;
  }
  return out;
}

export interface Replay {
  final: Map<string, State>;
  /** per pair: the closing state of each date it moved on, in date order */
  daily: Map<string, { date: string; state: State }[]>;
  /** value of each ledger line */
  values: Map<string, Dec>;
}

/** Every holding, recomputed from nothing. */
export function replay(docs: Iterable<ModelDoc>): Replay {
  const all = [...docs].flatMap(steps);
  all.sort((a, b) =>
    a.date !== b.date
      ? a.date < b.date
        ? -1
        : 1
      : a.entry !== b.entry
        ? a.entry < b.entry
          ? -1
          : 1
        : a.key - b.key,
  );
  const final = new Map<string, State>();
  const daily = new Map<string, { date: string; state: State }[]>();
  const values = new Map<string, Dec>();
  for (const s of all) {
    const h = final.get(s.pair) ?? { quantity: mdec(0), value: mdec(0) };
    let value: Dec;
    if (s.kind !== 'out') {
      const brought = s.kind === 'fixed' ? s.fixedValue! : values.get(s.fromKey!)!.negated();
      // into a hole (a day's entries can run below zero before its receipts): what remains above zero is
      // worth this receipt's cost, nothing remains of an emptied hole, a smaller hole keeps its average
      const after = h.quantity.plus(s.quantity);
      if (!h.quantity.isNegative()) value = brought;
      else if (after.greaterThan(0))
        value = round4(after.times(brought).dividedBy(s.quantity)).minus(h.value);
      else if (after.isZero()) value = h.value.negated();
      else value = round4(after.times(h.value).dividedBy(h.quantity)).minus(h.value);
    } else {
      const q = s.quantity.negated();
      // the share of the holding; all of it when all goes (item cost price is 0 in the test catalogue)
      if (h.quantity.lessThanOrEqualTo(0)) value = mdec(0);
      else if (q.greaterThanOrEqualTo(h.quantity)) value = h.value;
      else value = round4(q.times(h.value).dividedBy(h.quantity));
      value = value.negated();
    }
    values.set(s.id, value);
    const next = { quantity: h.quantity.plus(s.quantity), value: h.value.plus(value) };
    final.set(s.pair, next);
    const days = daily.get(s.pair) ?? [];
    if (days.at(-1)?.date === s.date) days.at(-1)!.state = next;
    else days.push({ date: s.date, state: next });
    daily.set(s.pair, days);
  }
  return { final, daily, values };
}

/** The closing state of a pair at the end of `date`. */
export function stateAt(r: Replay, pair: string, date: string): State {
  let state: State = { quantity: mdec(0), value: mdec(0) };
  for (const d of r.daily.get(pair) ?? []) {
    if (d.date > date) break;
    state = d.state;
  }
  return state;
}

export const pairsOf = (doc: ModelDoc | undefined) =>
  doc
    ? doc.lines.flatMap((l) => [
        pairOf(l.item, doc.store),
        ...(doc.toStore ? [pairOf(l.item, doc.toStore)] : []),
      ])
    : [];

/**
 * Would the change from `before` to `after` be refused with negative stock blocked? A pair the change touches
 * whose closing quantity at some date is below zero, and below what it was before the change.
 */
export function refused(before: Replay, after: Replay, pairs: string[]): boolean {
  for (const pair of new Set(pairs)) {
    const dates = new Set([
      ...(before.daily.get(pair) ?? []).map((d) => d.date),
      ...(after.daily.get(pair) ?? []).map((d) => d.date),
    ]);
    for (const date of dates) {
      const now = stateAt(after, pair, date).quantity;
      if (now.isNegative() && now.lessThan(stateAt(before, pair, date).quantity)) return true;
    }
  }
  return false;
}

/** The average cost the reports show: value ÷ quantity to four decimals, half away from zero. */
export const averageOf = (s: State) =>
  s.quantity.greaterThan(0) ? round4(s.value.dividedBy(s.quantity)).toString() : '0';
