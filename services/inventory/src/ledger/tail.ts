import type { TenantScope } from '@erp/service-kit';
import type { CostRule } from './costing';
import type { CostLine, DocKey, Position } from './recost';
import { selectArrays } from './sql';

/**
 * Reading an item's history in a store for re-costing (issue 11). A back-dated change can sit ahead of
 * 100,000 movements, so the read is what costs: it selects numbers only (no strings per row: the date comes
 * as a day number, the entry as its place relative to the posted document's), as arrays, not objects, and
 * what only a few lines need (their document, entry, code, sources) is fetched later by `seq` for those lines
 * alone: lines that feed or are fed by others, lines whose value changed, lines on a day a revisit splits.
 */

/** A document not read yet: a booked line's identity is fetched by `resolveLines` when it is needed. */
export const UNRESOLVED: DocKey = Object.freeze({ sourceService: '', documentType: '', documentId: '' });

const RULES: CostRule[] = ['fixed', 'average', 'out', 'from'];

/** 'YYYY-MM-DD' ↔ YYYYMMDD; the strings are shared per day, not made per row. */
const dates = new Map<number, string>();
export const dayOf = (date: string) => Number(date.slice(0, 4) + date.slice(5, 7) + date.slice(8, 10));
function dateOfDay(day: number): string {
  let d = dates.get(day);
  if (d === undefined) {
    const t = String(day);
    d = `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)}`;
    if (dates.size > 100_000) dates.clear();
    dates.set(day, d);
  }
  return d;
}

// the columns of a tail row, in order
const TAIL_COLUMNS = [
  'm.seq',
  // the day as a number, and the row's entry before (0), equal to (1) or after (2) the posted document's
  "cast(replace(m.date, '-', '') as signed)",
  'case when m.entry < ? then 0 when m.entry = ? then 1 else 2 end',
  'm.line_key',
  "case when m.kind = 'correction' then 1 else 0 end",
  'm.revision',
  'm.quantity',
  'm.value',
  "case m.cost_rule when 'fixed' then 0 when 'average' then 1 when 'out' then 2 else 3 end",
  'm.own_value',
  'm.fallback_cost',
  'm.feeds',
].join(', ');

/**
 * The live lines of an item in a store from `at` on (current revisions of documents not deleted, the posted
 * document's own left out), in costing order, corrections folded into their line's booked value.
 */
export async function loadTail(
  s: TenantScope,
  itemId: string,
  storeId: string,
  at: Position,
  postedEntry: string,
  /** Lines before this place only (a deferred re-costing reads up to the posted document's lines). */
  until?: { date: string; entry: string },
): Promise<CostLine[]> {
  return (await loadTails(s, storeId, [itemId], at, postedEntry, until)).get(itemId) ?? [];
}

// items per read: an IN list SQLite walks as that many index ranges
const ITEMS_PER_READ = 500;

/**
 * `loadTail` for many items of one store from the same place, a few reads in all (a posting or a job chunk of
 * hundreds of items and stores would otherwise make a round trip each).
 */
export async function loadTails(
  s: TenantScope,
  storeId: string,
  itemIds: string[],
  at: Position,
  postedEntry: string,
  until?: { date: string; entry: string },
): Promise<Map<string, CostLine[]>> {
  const bound = until ? ' and (m.date < ? or (m.date = ? and m.entry < ?))' : '';
  const out = new Map<string, CostLine[]>();
  for (let c = 0; c < itemIds.length; c += ITEMS_PER_READ) {
    const ids = itemIds.slice(c, c + ITEMS_PER_READ);
    const rows = await selectArrays(
      s.db,
      `select ${TAIL_COLUMNS}, m.item_id from stock_movements m
        join stock_documents d on d.tenant_id = m.tenant_id and d.source_service = m.source_service
          and d.document_type = m.document_type and d.document_id = m.document_id and d.revision = m.revision
        where m.tenant_id = ? and m.item_id in (${ids.map(() => '?').join(', ')}) and m.store_id = ?
          and d.deleted = ? and m.kind <> 'reversal'
          and (m.date > ? or (m.date = ? and m.entry >= ?))${bound}
        order by m.item_id, m.date, m.entry, m.line_key, m.seq`,
      [
        postedEntry,
        postedEntry,
        s.tenantId,
        ...ids,
        storeId,
        0,
        at.date,
        at.date,
        at.entry,
        ...(until ? [until.date, until.date, until.entry] : []),
      ],
    );
    let itemId = '';
    let lines: CostLine[] = [];
    let last: CostLine | null = null;
    for (const r of rows) {
      if (r[12] !== itemId) {
        itemId = String(r[12]);
        lines = [];
        last = null;
        out.set(itemId, lines);
      }
      if (Number(r[2]) === 1) continue;
      if (Number(r[4]) === 1) {
        // a correction follows its line (same date, entry and line key; the line's current revision)
        if (last && last.lineKey === Number(r[3]) && last.revision === Number(r[5]))
          last.booked = last.booked! + BigInt(r[7] as number);
        continue;
      }
      const day = Number(r[1]);
      last = {
        id: '',
        seq: Number(r[0]),
        doc: UNRESOLVED,
        code: '',
        revision: Number(r[5]),
        day,
        rel: Number(r[2]),
        date: dateOfDay(day),
        entry: '',
        lineKey: Number(r[3]),
        itemId,
        storeId,
        quantity: BigInt(r[6] as number),
        rule: RULES[Number(r[8])]!,
        ownValue: BigInt(r[9] as number),
        fallbackCost: BigInt(r[10] as number),
        costFrom: null,
        feeds: Number(r[11]) === 1,
        booked: BigInt(r[7] as number),
      };
      lines.push(last);
    }
  }
  await resolveLines(
    s,
    [...out.values()].flatMap((lines) => lines.filter((l) => l.feeds || l.rule === 'from')),
  );
  return out;
}

/**
 * The holdings of items in a store just before `at` (a document's place): the kept balance (which moves by exactly
 * what the booked movements move, in their transaction) less what is booked at or after `at`. That is a read of
 * the tail, which a re-costing reads anyway, not of the item's whole history: a sale of today read every movement
 * of its items before it, so each sale cost more than the last.
 */
export async function holdingsBefore(
  s: TenantScope,
  storeId: string,
  itemIds: string[],
  at: { date: string; entry: string },
): Promise<Map<string, { quantity: bigint; value: bigint }>> {
  const out = new Map<string, { quantity: bigint; value: bigint }>();
  const big = (v: unknown) => BigInt(String(v ?? 0));
  for (let c = 0; c < itemIds.length; c += ITEMS_PER_READ) {
    const ids = itemIds.slice(c, c + ITEMS_PER_READ);
    const marks = ids.map(() => '?').join(', ');
    const kept = await selectArrays(
      s.db,
      `select item_id, quantity, value from stock_balances
        where tenant_id = ? and store_id = ? and item_id in (${marks})`,
      [s.tenantId, storeId, ...ids],
    );
    const after = await selectArrays(
      s.db,
      `select item_id, sum(quantity), sum(value) from stock_movements
        where tenant_id = ? and item_id in (${marks}) and store_id = ?
          and date >= ? and (date > ? or entry >= ?)
        group by item_id`,
      // (the date's bound on its own: the index's range starts at it, not at the item's first movement)
      [s.tenantId, ...ids, storeId, at.date, at.date, at.entry],
    );
    const later = new Map(after.map((r) => [String(r[0]), r]));
    for (const r of kept) {
      const l = later.get(String(r[0]));
      out.set(String(r[0]), {
        quantity: big(r[1]) - big(l?.[1]),
        value: big(r[2]) - big(l?.[2]),
      });
    }
  }
  return out;
}

const RESOLVE_CHUNK = 500;

/** Fills in the document, entry, code, line number and sources of booked lines read by `loadTail`. */
export async function resolveLines(s: TenantScope, lines: CostLine[]): Promise<void> {
  const open = lines.filter((l) => l.seq !== undefined && l.doc === UNRESOLVED);
  for (let i = 0; i < open.length; i += RESOLVE_CHUNK) {
    const chunk = open.slice(i, i + RESOLVE_CHUNK);
    const bySeq = new Map(chunk.map((l) => [l.seq!, l]));
    // by seq alone: with tenant_id in the filter, SQLite walks the tenant's index instead of the key
    const rows = await selectArrays(
      s.db,
      `select seq, source_service, document_type, document_id, document_code, entry, line_no, cost_from, tenant_id
        from stock_movements where seq in (${chunk.map(() => '?').join(', ')})`,
      chunk.map((l) => l.seq!),
    );
    for (const r of rows) {
      const line = bySeq.get(Number(r[0]));
      if (!line || r[8] !== s.tenantId) continue;
      line.doc = { sourceService: String(r[1]), documentType: String(r[2]), documentId: String(r[3]) };
      line.code = String(r[4]);
      line.entry = String(r[5]);
      line.lineNo = r[6] === null || r[6] === undefined ? null : Number(r[6]);
      line.costFrom = r[7] ? String(r[7]).split(',').map(Number) : null;
    }
  }
}

/**
 * Where `at` (a document's place, line key -1) falls in a tail: the index of its first line at or after it.
 * Against the posted document the day and relative entry decide; against another document, the lines of
 * that day get their entries read.
 */
export async function indexAt(
  s: TenantScope,
  lines: CostLine[],
  at: Position,
  postedEntry: string,
): Promise<number> {
  const day = dayOf(at.date);
  let lo = 0;
  let hi = lines.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (lines[mid]!.day! < day) lo = mid + 1;
    else hi = mid;
  }
  let end = lo;
  while (end < lines.length && lines[end]!.day === day) end++;
  if (at.entry === postedEntry) {
    let i = lo;
    while (i < end && lines[i]!.rel === 0) i++;
    return i;
  }
  await resolveLines(s, lines.slice(lo, end));
  for (let i = lo; i < end; i++) if (lines[i]!.entry >= at.entry) return i;
  return end;
}

/**
 * A document's booked movements summed per item, store and date. Summed here, not by GROUP BY: SQLite would
 * then walk the tenant's whole item index for the grouping order instead of the document's index.
 */
export async function documentSums(
  s: TenantScope,
  doc: DocKey,
): Promise<{ itemId: string; storeId: string; date: string; quantity: bigint; value: bigint }[]> {
  const rows = await selectArrays(
    s.db,
    `select item_id, store_id, date, quantity, value from stock_movements
      where tenant_id = ? and source_service = ? and document_type = ? and document_id = ?`,
    [s.tenantId, doc.sourceService, doc.documentType, doc.documentId],
  );
  const sums = new Map<
    string,
    { itemId: string; storeId: string; date: string; quantity: bigint; value: bigint }
  >();
  for (const r of rows) {
    const k = `${String(r[0])}\u0000${String(r[1])}\u0000${String(r[2])}`;
    const sum = sums.get(k) ?? {
      itemId: String(r[0]),
      storeId: String(r[1]),
      date: String(r[2]),
      quantity: 0n,
      value: 0n,
    };
    sum.quantity += BigInt(String(r[3]));
    sum.value += BigInt(String(r[4]));
    sums.set(k, sum);
  }
  return [...sums.values()];
}
