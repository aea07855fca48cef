import { emit, nowIso, type EventOrigin, type Executor, type TenantScope } from '@erp/service-kit';
import { fromBig } from './costing';
import { refreshDocumentValues } from './document-values';
import { addToBalances, insertArrays } from './sql';
import { pairKey, type CostLine, type DocKey } from './recost';

/** What one posting writes: the earlier effect reversed, the new lines, the corrections of later lines. */
export interface BookedChange {
  doc: DocKey & { code: string; revision: number; date: string; deleted: boolean; entry: string };
  existing: boolean;
  reversals: { itemId: string; storeId: string; date: string; quantity: bigint; value: bigint }[];
  lines: { line: CostLine; value: bigint }[];
  corrections: { line: CostLine; delta: bigint }[];
}

const str = (v: bigint) => fromBig(v).toString();
const EVENT_PART = 1000;
// the envelope around a part (ids, type, dates) takes well under 4 KB of the column's 65,535 bytes
const PART_BYTES = 60_000;

/**
 * Writes a posting in the caller's transaction: movements (append-only), balances moved by the same numbers,
 * the document's booked revision and place, and the events for accounts.
 */
export async function bookChange(
  trx: Executor,
  s: TenantScope,
  origin: EventOrigin,
  change: BookedChange,
): Promise<void> {
  const now = nowIso();
  const { doc } = change;
  const own = {
    source_service: doc.sourceService,
    document_type: doc.documentType,
    document_id: doc.documentId,
    document_code: doc.code,
    revision: doc.revision,
  };
  const rows: Record<string, unknown>[] = [];
  const moved = new Map<string, { quantity: bigint; value: bigint }>();
  const move = (itemId: string, storeId: string, quantity: bigint, value: bigint) => {
    const k = pairKey(itemId, storeId);
    const m = moved.get(k) ?? { quantity: 0n, value: 0n };
    moved.set(k, { quantity: m.quantity + quantity, value: m.value + value });
  };
  for (const r of change.reversals) {
    rows.push({
      ...own,
      item_id: r.itemId,
      store_id: r.storeId,
      date: r.date,
      quantity: r.quantity.toString(),
      value: r.value.toString(),
      line_no: null,
      reversal: true,
      kind: 'reversal',
      entry: doc.entry,
      line_key: 0,
      cost_rule: 'fixed',
      own_value: r.value.toString(),
      fallback_cost: 0,
      cost_from: null,
      feeds: false,
      created_at: now,
    });
    move(r.itemId, r.storeId, r.quantity, r.value);
  }
  for (const { line, value } of change.lines) {
    rows.push({
      ...own,
      item_id: line.itemId,
      store_id: line.storeId,
      date: line.date,
      quantity: line.quantity.toString(),
      value: value.toString(),
      line_no: line.lineNo ?? null,
      reversal: false,
      kind: 'line',
      entry: line.entry,
      line_key: line.lineKey,
      cost_rule: line.rule,
      own_value: line.ownValue.toString(),
      fallback_cost: line.fallbackCost.toString(),
      cost_from: line.costFrom ? line.costFrom.join(',') : null,
      feeds: line.feeds,
      created_at: now,
    });
    move(line.itemId, line.storeId, line.quantity, value);
  }
  for (const c of change.corrections) {
    rows.push(correctionRow(c, now));
    move(c.line.itemId, c.line.storeId, 0n, c.delta);
  }
  await insertMovements(s, rows);
  await refreshDocumentValues(s, change.corrections);
  await moveBalances(s, moved, now);

  const state = {
    revision: doc.revision,
    code: doc.code,
    date: doc.date,
    deleted: doc.deleted,
    updated_at: now,
  };
  const key = {
    source_service: doc.sourceService,
    document_type: doc.documentType,
    document_id: doc.documentId,
  };
  if (change.existing)
    await s('stock_documents')
      .where(key)
      .update({ ...state, entry: doc.entry });
  else await s.insert('stock_documents', { ...key, ...state, entry: doc.entry });

  const ownMovements = [
    ...change.reversals.map((r) => ({ ...r, reversal: true })),
    ...change.lines.map(({ line, value }) => ({
      itemId: line.itemId,
      storeId: line.storeId,
      quantity: line.quantity,
      value,
      reversal: false,
    })),
  ];
  if (ownMovements.length > 0)
    await emit(trx, origin, 'stockMoved', doc.documentId, {
      sourceService: doc.sourceService,
      documentType: doc.documentType,
      documentId: doc.documentId,
      code: doc.code,
      revision: doc.revision,
      date: doc.date,
      movements: ownMovements.map((m) => ({
        itemId: m.itemId,
        storeId: m.storeId,
        quantity: str(m.quantity),
        value: str(m.value),
        reversal: m.reversal,
      })),
    });
  // the corrections for accounts, in parts: a large re-costing is not one huge record
  let part = 0;
  for (const corrections of inParts(forAccounts(change.corrections)))
    await emit(trx, origin, 'stockCostCorrected', doc.documentId, {
      sourceService: doc.sourceService,
      documentType: doc.documentType,
      documentId: doc.documentId,
      revision: doc.revision,
      part: ++part,
      corrections,
    });
}

/** A correction's movement: value only, at its line's date and place, under its line's document. */
function correctionRow({ line, delta }: { line: CostLine; delta: bigint }, now: string) {
  return {
    source_service: line.doc.sourceService,
    document_type: line.doc.documentType,
    document_id: line.doc.documentId,
    document_code: line.code,
    revision: line.revision,
    item_id: line.itemId,
    store_id: line.storeId,
    date: line.date,
    quantity: 0,
    value: delta.toString(),
    line_no: null,
    reversal: false,
    kind: 'correction',
    entry: line.entry,
    line_key: line.lineKey,
    cost_rule: line.rule,
    own_value: 0,
    fallback_cost: 0,
    cost_from: null,
    feeds: false,
    created_at: now,
  };
}

/**
 * Books corrections alone (a background re-costing's chunk): their movements, the balances and document
 * values they move, and their events under `cause` (the job), parts numbered after the `partsBefore` already emitted.
 * Returns the number of parts emitted.
 */
export async function bookCorrections(
  trx: Executor,
  s: TenantScope,
  origin: EventOrigin,
  cause: { sourceService: string; documentType: string; documentId: string; revision: number },
  partsBefore: number,
  corrections: { line: CostLine; delta: bigint }[],
): Promise<number> {
  if (corrections.length === 0) return 0;
  const now = nowIso();
  const moved = new Map<string, { quantity: bigint; value: bigint }>();
  for (const c of corrections) {
    const k = pairKey(c.line.itemId, c.line.storeId);
    moved.set(k, { quantity: 0n, value: (moved.get(k)?.value ?? 0n) + c.delta });
  }
  await insertMovements(
    s,
    corrections.map((c) => correctionRow(c, now)),
  );
  await refreshDocumentValues(s, corrections);
  await moveBalances(s, moved, now);
  const parts = inParts(forAccounts(corrections));
  let part = partsBefore;
  for (const list of parts)
    await emit(trx, origin, 'stockCostCorrected', cause.documentId, {
      ...cause,
      part: ++part,
      corrections: list,
    });
  return parts.length;
}

/**
 * The corrections as accounts books them: one per document revision, store and date, the sum of its lines'
 * changes there (accounts books a document's cost per branch; the stock ledger keeps each line's). A re-costing
 * of a back-dated purchase changes the cost of every later sale's line of its items, and a chunk of a job
 * replays many items of the same documents: 1,300,000 line corrections made 7,000 events of 60 KB at 2,000,000
 * movements, each written, relayed, kept and summed again. Sums of zero are left out (nothing to book).
 */
export function forAccounts(corrections: readonly { line: CostLine; delta: bigint }[]) {
  const sums = new Map<string, { line: CostLine; delta: bigint }>();
  for (const c of corrections) {
    const { doc, revision, storeId, date } = c.line;
    const k = [doc.sourceService, doc.documentType, doc.documentId, revision, storeId, date].join('\u0000');
    const sum = sums.get(k);
    if (sum) sum.delta += c.delta;
    else sums.set(k, { line: c.line, delta: c.delta });
  }
  return [...sums.values()]
    .filter((c) => c.delta !== 0n)
    .map(({ line, delta }) => ({
      sourceService: line.doc.sourceService,
      documentType: line.doc.documentType,
      documentId: line.doc.documentId,
      code: line.code,
      revision: line.revision,
      storeId: line.storeId,
      date: line.date,
      value: str(delta),
    }));
}

/**
 * Parts of at most EVENT_PART corrections whose JSON stays under PART_BYTES: an envelope is one outbox row, and
 * on MySQL that column is a TEXT of 65,535 bytes (1,000 corrections of about 330 bytes each did not fit).
 */
export function inParts<T>(list: T[]): T[][] {
  const parts: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const item of list) {
    const size = Buffer.byteLength(JSON.stringify(item)) + 1;
    if (current.length > 0 && (current.length >= EVENT_PART || bytes + size > PART_BYTES)) {
      parts.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += size;
  }
  if (current.length > 0) parts.push(current);
  return parts;
}

/** Movements, in bulk: a re-costing can book tens of thousands of corrections at once. */
async function insertMovements(s: TenantScope, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = ['tenant_id', ...Object.keys(rows[0]!)];
  const values = rows.map((r) =>
    columns.map((c) => {
      const v = c === 'tenant_id' ? s.tenantId : r[c];
      return typeof v === 'boolean' ? (v ? 1 : 0) : (v ?? null);
    }),
  );
  await insertArrays(s.db, 'stock_movements', columns, values);
}

/** Balances move by exactly what the movements moved. */
async function moveBalances(
  s: TenantScope,
  moved: Map<string, { quantity: bigint; value: bigint }>,
  now: string,
): Promise<void> {
  const rows = [...moved]
    .filter(([, m]) => m.quantity !== 0n || m.value !== 0n)
    .map(([k, m]) => {
      const [itemId, storeId] = k.split('\u0000') as [string, string];
      return { itemId, storeId, ...m };
    });
  await addToBalances(s.db, s.tenantId, rows, now);
}
