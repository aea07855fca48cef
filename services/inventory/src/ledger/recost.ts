import { insertMissing, type TenantScope } from '@erp/service-kit';
import { Heap } from './heap';
import { selectArrays } from './sql';
import { lineValue, type CostRule, type Holding } from './costing';
import { dayOf, documentSums, holdingsBefore, indexAt, loadTail, loadTails, resolveLines } from './tail';

/**
 * Re-costing (issue 11): the holdings of an item in a store run over its movements in date order, then entry
 * order (a document's first booking), then line order. A change ahead of later movements replays each touched
 * item and store from the change on; a line whose value comes out different gets a correction (a new
 * movement of value only, at the line's own date and place), and a transfer's receipt or a manufactured
 * product whose source changed is replayed in its own store in turn. Nothing is written here: the caller
 * books what `run` returns in its transaction.
 */

export interface Position {
  date: string;
  entry: string;
  lineKey: number;
}

export const comparePositions = (a: Position, b: Position) =>
  a.date < b.date
    ? -1
    : a.date > b.date
      ? 1
      : a.entry < b.entry
        ? -1
        : a.entry > b.entry
          ? 1
          : a.lineKey - b.lineKey;

export const pairKey = (itemId: string, storeId: string) => `${itemId}\u0000${storeId}`;

/** A document identity: source service, type and id. */
export interface DocKey {
  sourceService: string;
  documentType: string;
  documentId: string;
}
export const docKeyOf = (k: DocKey) => `${k.sourceService}\u0000${k.documentType}\u0000${k.documentId}`;

/** A line of the ledger in costing order: booked (with its corrections folded in) or about to be booked. */
export interface CostLine extends Position {
  id: string;
  doc: DocKey;
  code: string;
  revision: number;
  itemId: string;
  storeId: string;
  quantity: bigint;
  rule: CostRule;
  ownValue: bigint;
  fallbackCost: bigint;
  costFrom: number[] | null;
  feeds: boolean;
  /** The value booked so far (line and corrections); null for a line about to be booked. */
  booked: bigint | null;
  /** The document line it books (null for derived lines: a transfer's receipt, a component). */
  lineNo?: number | null;
  /** The value as now costed by the replay (unset until replayed). */
  value?: bigint;
  /** A booked line's movement (its identity is read by `seq` when needed, see tail.ts). */
  seq?: number;
  /** The date as YYYYMMDD, and the entry before (0), at (1) or after (2) the posted document's. */
  day?: number;
  rel?: number;
}

const lineKeyOf = (doc: DocKey, revision: number, lineKey: number) =>
  `${docKeyOf(doc)}\u0000${revision}\u0000${lineKey}`;

export const lineIdOf = (doc: DocKey, revision: number, lineKey: number, itemId: string, storeId: string) =>
  `${docKeyOf(doc)}\u0000${revision}\u0000${lineKey}\u0000${itemId}\u0000${storeId}`;

interface Tail {
  start: Position;
  lines: CostLine[];
  /** states[i]: the holding just before lines[i]; states[lines.length]: after the last. */
  states: Holding[];
}

export interface Change {
  /** The document being posted: its booked lines are superseded by `pending`. */
  doc: DocKey;
  /** Its place among a day's documents (its first booking). */
  entry: string;
  /** Items and stores the caller has locked already (see lockHoldings). */
  locked: ReadonlySet<string>;
  /** Its lines as they stood (booked) and as they will stand (to book). */
  bookedRevision: number | null;
  pending: CostLine[];
  /** Each item and store the document touches, from the earliest place it was or will be. */
  starts: Map<string, Position>;
  refuseNegative: boolean;
  /**
   * Deferred (a long history, see deferred.ts): the document's own items and stores are replayed only up to
   * its lines, whose values depend on what came before alone; what comes after, and any other store a changed
   * value reaches, is left to a background job and reported in `deferred`.
   */
  bounded?: boolean;
}

export interface RecostResult {
  /** Values of the pending lines. */
  values: Map<string, bigint>;
  /** Booked lines whose value changed: the correction to book. */
  corrections: { line: CostLine; delta: bigint }[];
  /** An item and store that would go (further) below zero at a date. */
  negative: { itemId: string; storeId: string; date: string } | null;
  replayedLines: number;
  /** Bounded: each item and store left to the job, with the day its replay starts. */
  deferred: Map<string, string>;
}

type Row = Record<string, unknown>;

/**
 * Locks the holdings of items in stores (their balance rows, made first if need be), in one order, so two
 * postings that cost the same item and store run one after the other and each reads what the other wrote.
 */
export async function lockHoldings(s: TenantScope, pairs: Iterable<string>): Promise<void> {
  // one order everywhere (store, then item): two postings lock what they share in the same order
  const byStore = new Map<string, string[]>();
  for (const pair of new Set(pairs)) {
    const [itemId, storeId] = pair.split('\u0000') as [string, string];
    byStore.set(storeId, [...(byStore.get(storeId) ?? []), itemId]);
  }
  if (byStore.size === 0) return;
  const now = new Date().toISOString();
  for (const storeId of [...byStore.keys()].sort()) {
    const itemIds = byStore.get(storeId)!.sort();
    for (let i = 0; i < itemIds.length; i += LOCK_CHUNK) {
      const chunk = itemIds.slice(i, i + LOCK_CHUNK);
      // each row's exclusive lock at once on MySQL (`insertMissing`), then the same rows read in one order
      await insertMissing(
        s.db,
        'stock_balances',
        chunk.map((itemId) => ({
          tenant_id: s.tenantId,
          item_id: itemId,
          store_id: storeId,
          quantity: 0,
          value: 0,
          updated_at: now,
        })),
        ['tenant_id', 'item_id', 'store_id'],
      );
      await s('stock_balances')
        .where({ store_id: storeId })
        .whereIn('item_id', chunk)
        .orderBy('item_id')
        .forUpdate()
        .select('item_id');
    }
  }
}
const LOCK_CHUNK = 500;
const big = (v: unknown) => BigInt(String(v ?? 0));

export class Recoster {
  private readonly tails = new Map<string, Tail>();
  private readonly queue = new Map<string, Position>();
  private readonly queueOrder = new Map<string, number>();
  private queued = 0;
  private readonly heap = new Heap<{ at: Position; order: number; pair: string }>(
    (a, b) => comparePositions(a.at, b.at) || a.order - b.order,
  );
  private readonly dependents = new Map<string, CostLine[]>();
  private readonly byKey = new Map<string, CostLine>();
  private replayed = 0;
  private readonly locked: Set<string>;
  private readonly deferred = new Map<string, string>();

  constructor(
    private readonly s: TenantScope,
    private readonly change: Change,
  ) {
    this.locked = new Set(change.locked);
  }

  private enqueue(pair: string, at: Position): void {
    const queued = this.queue.get(pair);
    if (queued && comparePositions(at, queued) >= 0) return;
    this.queue.set(pair, at);
    // ties go to the pair queued first, as in the queue's own order
    let order = this.queueOrder.get(pair);
    if (order === undefined) this.queueOrder.set(pair, (order = this.queued++));
    this.heap.push({ at, order, pair });
  }

  /** The queued item and store with the earliest place (a heap: a document queues a thousand at once). */
  private dequeue(): { pair: string; at: Position } | null {
    for (;;) {
      const top = this.heap.pop();
      if (!top) return null;
      // an entry a later enqueue moved earlier is stale
      if (this.queue.get(top.pair) !== top.at) continue;
      this.queue.delete(top.pair);
      this.queueOrder.delete(top.pair);
      return top;
    }
  }

  private isPosted(doc: DocKey): boolean {
    return docKeyOf(doc) === docKeyOf(this.change.doc);
  }

  /** Per item and store, per date: the booked lines of the posted document as they stood (the negative check). */
  private superseded: Map<string, Map<string, bigint>> | null = null;
  private async supersededQuantities(pair: string): Promise<Map<string, bigint>> {
    if (!this.superseded) {
      this.superseded = new Map();
      if (this.change.bookedRevision !== null) {
        for (const r of await documentSums(this.s, this.change.doc)) {
          if (r.quantity === 0n) continue;
          const k = pairKey(r.itemId, r.storeId);
          const m = this.superseded.get(k) ?? new Map<string, bigint>();
          m.set(r.date, r.quantity);
          this.superseded.set(k, m);
        }
      }
    }
    return this.superseded.get(pair) ?? new Map();
  }

  /**
   * Per date, the quantity of an item and store's movements after its bound (a bounded replay's end), the
   * posted document's left out; read for all the change's own items and stores at the first call.
   */
  private later: Map<string, Map<string, bigint>> | null = null;
  private async laterQuantities(pair: string): Promise<Map<string, bigint>> {
    if (!this.later) {
      this.later = new Map();
      const { sourceService, documentType, documentId } = this.change.doc;
      const groups = new Map<
        string,
        { storeId: string; bound: { date: string; entry: string }; items: string[] }
      >();
      for (const k of this.change.starts.keys()) {
        const [itemId, storeId] = k.split('\u0000') as [string, string];
        const bound = this.boundOf(k);
        const g = [storeId, bound.date, bound.entry].join('\u0000');
        const group = groups.get(g) ?? { storeId, bound, items: [] };
        group.items.push(itemId);
        groups.set(g, group);
      }
      for (const { storeId, bound, items } of groups.values())
        for (let i = 0; i < items.length; i += 500) {
          const ids = items.slice(i, i + 500);
          const rows = await selectArrays(
            this.s.db,
            `select item_id, date, sum(quantity) from stock_movements
              where tenant_id = ? and item_id in (${ids.map(() => '?').join(', ')}) and store_id = ?
                and (date > ? or (date = ? and entry > ?))
                and not (source_service = ? and document_type = ? and document_id = ?)
              group by item_id, date`,
            [
              this.s.tenantId,
              ...ids,
              storeId,
              bound.date,
              bound.date,
              bound.entry,
              sourceService,
              documentType,
              documentId,
            ],
          );
          for (const r of rows) {
            const k = pairKey(String(r[0]), storeId);
            const m = this.later.get(k) ?? new Map<string, bigint>();
            m.set(String(r[1]), BigInt(String(r[2] ?? 0)));
            this.later.set(k, m);
          }
        }
    }
    return this.later.get(pair) ?? new Map();
  }

  /** The value of a line's sources (lines of its document revision, issues), as now costed. */
  private async sourceValue(line: CostLine): Promise<bigint> {
    let total = 0n;
    const missing: number[] = [];
    for (const k of line.costFrom ?? []) {
      const source = this.byKey.get(lineKeyOf(line.doc, line.revision, k));
      if (!source) missing.push(k);
      else total -= source.value ?? source.booked ?? 0n;
    }
    if (missing.length) {
      const [r] = (await this.s('stock_movements')
        .where({
          source_service: line.doc.sourceService,
          document_type: line.doc.documentType,
          document_id: line.doc.documentId,
          revision: line.revision,
        })
        .whereIn('line_key', missing)
        .whereIn('kind', ['line', 'correction'])
        .sum({ v: 'value' })) as Row[];
      total -= big(r?.v);
    }
    return total;
  }

  /** Lines of other stores that receive the value of `line` (its document's receipts costed from it). */
  private async dependentsOf(line: CostLine): Promise<CostLine[]> {
    if (this.isPosted(line.doc)) return this.change.pending.filter((p) => p.costFrom?.includes(line.lineKey));
    const key = `${docKeyOf(line.doc)}\u0000${line.revision}`;
    let list = this.dependents.get(key);
    if (!list) {
      const rows = (await this.s('stock_movements')
        .where({
          source_service: line.doc.sourceService,
          document_type: line.doc.documentType,
          document_id: line.doc.documentId,
          revision: line.revision,
          kind: 'line',
          cost_rule: 'from',
        })
        .select('item_id', 'store_id', 'line_key', 'cost_from', 'date', 'entry')) as Row[];
      list = rows.map((r) => ({
        ...line,
        id: lineIdOf(line.doc, line.revision, Number(r.line_key), String(r.item_id), String(r.store_id)),
        itemId: String(r.item_id),
        storeId: String(r.store_id),
        lineKey: Number(r.line_key),
        date: String(r.date),
        entry: String(r.entry),
        costFrom: String(r.cost_from ?? '')
          .split(',')
          .filter(Boolean)
          .map(Number),
      }));
      this.dependents.set(key, list);
    }
    return list.filter((d) => d.costFrom?.includes(line.lineKey));
  }

  private async tailFor(pair: string, at: Position): Promise<{ tail: Tail; from: number }> {
    const cached = this.tails.get(pair);
    const docStart = { date: at.date, entry: at.entry, lineKey: -1 };
    if (cached && comparePositions(cached.start, docStart) <= 0)
      return { tail: cached, from: await indexAt(this.s, cached.lines, docStart, this.change.entry) };
    const [itemId, storeId] = pair.split('\u0000') as [string, string];
    // a store reached through a transfer or a component may not be locked yet; the document's own are
    if (!this.locked.has(pair)) {
      await lockHoldings(this.s, [pair]);
      this.locked.add(pair);
    }
    const until = this.untilOf(pair);
    const before = (await holdingsBefore(this.s, storeId, [itemId], docStart)).get(itemId);
    const lines = await loadTail(this.s, itemId, storeId, docStart, this.change.entry, until);
    return { tail: this.keepTail(pair, docStart, before, lines), from: 0 };
  }

  /** Where the read of an item and store's tail stops: bounded, at the posted document's lines. */
  private untilOf(pair: string): { date: string; entry: string } | undefined {
    return this.change.bounded ? this.boundOf(pair) : undefined;
  }

  /**
   * Reads the tails of all the change's own items and stores up front, a few reads per store and start: a
   * document of a thousand lines (or a job's chunk) would otherwise make a few round trips per line.
   */
  private async prefetch(): Promise<void> {
    const groups = new Map<
      string,
      { storeId: string; at: Position; until?: { date: string; entry: string }; items: string[] }
    >();
    for (const [pair, at] of this.change.starts) {
      if (!this.locked.has(pair) || this.tails.has(pair)) continue;
      const [itemId, storeId] = pair.split('\u0000') as [string, string];
      const until = this.untilOf(pair);
      const k = [storeId, at.date, at.entry, until?.date ?? '', until?.entry ?? ''].join('\u0000');
      const group = groups.get(k) ?? { storeId, at, until, items: [] };
      group.items.push(itemId);
      groups.set(k, group);
    }
    for (const { storeId, at, until, items } of groups.values()) {
      const docStart = { date: at.date, entry: at.entry, lineKey: -1 };
      const before = await holdingsBefore(this.s, storeId, items, docStart);
      const tails = await loadTails(this.s, storeId, items, docStart, this.change.entry, until);
      for (const itemId of items)
        this.keepTail(pairKey(itemId, storeId), docStart, before.get(itemId), tails.get(itemId) ?? []);
    }
  }

  /** A tail read from `docStart`: the change's pending lines merged in, kept for the replay. */
  private keepTail(pair: string, docStart: Position, before: Holding | undefined, lines: CostLine[]): Tail {
    const pending = this.pendingOf(pair);
    // the booked lines come in order: the few pending ones are merged in (by day, then before or after the
    // posted document's entry), not the whole tail sorted
    for (const p of [...pending].sort(comparePositions)) {
      p.day = dayOf(p.date);
      p.rel = 1;
      let lo = 0;
      let hi = lines.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        const l = lines[mid]!;
        const earlier =
          l.day! < p.day || (l.day === p.day && (l.rel! < 1 || (l.rel === 1 && l.lineKey <= p.lineKey)));
        if (earlier) lo = mid + 1;
        else hi = mid;
      }
      lines.splice(lo, 0, p);
    }
    for (const l of lines) if (l.feeds) this.byKey.set(lineKeyOf(l.doc, l.revision, l.lineKey), l);
    const tail: Tail = { start: docStart, lines, states: [before ?? { quantity: 0n, value: 0n }] };
    this.tails.set(pair, tail);
    return tail;
  }

  /** The change's pending lines of an item and store (indexed once: a document may have a thousand lines). */
  private pendingOf(pair: string): CostLine[] {
    if (!this.pendingByPair) {
      this.pendingByPair = new Map();
      for (const p of this.change.pending) {
        const k = pairKey(p.itemId, p.storeId);
        this.pendingByPair.set(k, [...(this.pendingByPair.get(k) ?? []), p]);
      }
    }
    return this.pendingByPair.get(pair) ?? [];
  }
  private pendingByPair: Map<string, CostLine[]> | null = null;

  /** Where a bounded replay of the document's own item and store stops: its lines' place, or its start. */
  private boundOf(pair: string, pending: CostLine[] = this.pendingOf(pair)): { date: string; entry: string } {
    const date = pending.length
      ? pending.reduce((d, p) => (p.date > d ? p.date : d), '')
      : this.change.starts.get(pair)!.date;
    return { date, entry: this.change.entry };
  }

  private defer(pair: string, date: string): void {
    const at = this.deferred.get(pair);
    if (!at || date < at) this.deferred.set(pair, date);
  }

  async run(): Promise<RecostResult> {
    if (this.change.bounded) for (const [pair, at] of this.change.starts) this.defer(pair, at.date);
    for (const [pair, at] of this.change.starts) this.enqueue(pair, at);
    for (const l of this.change.pending) this.byKey.set(lineKeyOf(l.doc, l.revision, l.lineKey), l);
    await this.prefetch();
    const checked = new Set<string>();
    let negative: RecostResult['negative'] = null;
    let rounds = 0;
    while (this.queue.size > 0) {
      if (++rounds > 1_000_000) throw new Error('re-costing did not settle');
      const { pair, at } = this.dequeue()!;
      if (this.change.bounded && !this.change.starts.has(pair)) {
        this.defer(pair, at.date);
        continue;
      }
      const { tail, from } = await this.tailFor(pair, at);
      let state = tail.states[from]!;
      for (let i = from; i < tail.lines.length; i++) {
        const line = tail.lines[i]!;
        if (line.rule === 'from') line.ownValue = await this.sourceValue(line);
        const value = lineValue(state, line);
        const current = line.value ?? line.booked;
        if (value !== current) {
          line.value = value;
          if (line.feeds)
            for (const d of await this.dependentsOf(line)) this.enqueue(pairKey(d.itemId, d.storeId), d);
        } else if (line.booked === null) line.value = value;
        state = { quantity: state.quantity + line.quantity, value: state.value + value };
        tail.states[i + 1] = state;
        this.replayed++;
      }
      tail.states.length = tail.lines.length + 1;
      if (this.change.refuseNegative && !checked.has(pair) && this.change.starts.has(pair)) {
        checked.add(pair);
        negative ??= await this.negativeAt(pair, tail);
      }
    }
    const corrections: RecostResult['corrections'] = [];
    const values = new Map<string, bigint>();
    for (const tail of this.tails.values())
      for (const line of tail.lines) {
        const value = line.value;
        if (line.booked === null) values.set(line.id, value ?? 0n);
        else if (value !== undefined && value !== line.booked)
          corrections.push({ line, delta: value - line.booked });
      }
    // a correction is booked under its line's document: read for the lines that changed only
    await resolveLines(
      this.s,
      corrections.map((c) => c.line),
    );
    return { values, corrections, negative, replayedLines: this.replayed, deferred: this.deferred };
  }

  /**
   * The negative-stock check at every date from the change on: a date's closing quantity below zero, and
   * below what it was before the change, is refused (a back-dated issue must fit the stock of its own date
   * and of every later one).
   */
  private async negativeAt(pair: string, tail: Tail): Promise<RecostResult['negative']> {
    if (!(await this.lowers(pair))) return null;
    const [itemId, storeId] = pair.split('\u0000') as [string, string];
    // per date: the change in quantity now and as it was (the posted document's superseded lines counted)
    const now = new Map<string, bigint>();
    const before = new Map<string, bigint>();
    const add = (m: Map<string, bigint>, d: string, q: bigint) => m.set(d, (m.get(d) ?? 0n) + q);
    for (const line of tail.lines) {
      add(now, line.date, line.quantity);
      add(before, line.date, line.booked === null ? 0n : line.quantity);
    }
    // bounded: the lines after the replayed part count as booked (quantities are never stale, only values)
    if (this.change.bounded) {
      for (const [d, q] of await this.laterQuantities(pair)) {
        add(now, d, q);
        add(before, d, q);
      }
    }
    for (const [d, q] of await this.supersededQuantities(pair)) {
      add(now, d, 0n);
      add(before, d, q);
    }
    let q = tail.states[0]!.quantity;
    let was = q;
    for (const d of [...now.keys()].sort()) {
      q += now.get(d)!;
      was += before.get(d) ?? 0n;
      if (q < 0n && q < was) return { itemId, storeId, date: d };
    }
    return null;
  }

  /**
   * Whether the change lowers an item and store's quantity at some date: its lines less the lines it replaces,
   * summed up to each date, below zero somewhere. A change that lowers it nowhere leaves every date at or above
   * what it was, so `negativeAt` cannot refuse it, and its reads of the later history (twenty rows per item of a
   * back-dated purchase of a thousand items) are spared.
   */
  private async lowers(pair: string): Promise<boolean> {
    const change = new Map<string, bigint>();
    for (const p of this.pendingOf(pair)) change.set(p.date, (change.get(p.date) ?? 0n) + p.quantity);
    for (const [d, q] of await this.supersededQuantities(pair)) change.set(d, (change.get(d) ?? 0n) - q);
    let sum = 0n;
    for (const d of [...change.keys()].sort()) if ((sum += change.get(d)!) < 0n) return true;
    return false;
  }
}
