import {
  dec,
  documentLinesTableOf,
  documentTableOf,
  fromStored,
  reservations,
  salesInvoices,
  type Dec,
  type DocumentDef,
  type DocumentInput,
  type DocumentRecord,
  type StockHoldInput,
  type StockHoldResult,
} from '@erp/contracts';
import {
  AppError,
  onRollback,
  type Executor,
  type RequestContext,
  type ServiceDeps,
  type TenantScope,
} from '@erp/service-kit';

type HoldLine = StockHoldInput['lines'][number];

const holdLines = (
  lines: readonly Record<string, unknown>[],
  quantity: (l: Record<string, unknown>) => Dec,
) =>
  lines
    .map((l) => ({
      itemId: String(l.itemId),
      unitId: String(l.unitId),
      storeId: String(l.storeId),
      quantity: quantity(l),
    }))
    .filter((l) => l.quantity.greaterThan(0))
    .map((l): HoldLine => ({ ...l, quantity: l.quantity.toString() }));

/**
 * Asks inventory to hold a sales document's lines (none: release what it holds), the one request every hold of
 * sales makes: an invoice's, its release after a rollback, a reservation's.
 */
const askHold = (
  deps: ServiceDeps,
  ctx: RequestContext,
  documentType: string,
  documentId: string,
  lines: HoldLine[],
  extra: Pick<StockHoldInput, 'takesOver' | 'lasting' | 'returning'> = {},
) =>
  deps.internal.post<StockHoldResult>(ctx, '/api/StockHolds', {
    sourceService: 'sales',
    documentType,
    documentId,
    lines,
    ...extra,
  } satisfies StockHoldInput);

/** Inventory's refusal as the document's: each short line names what is free (spec: 'available quantity'). */
function refuseShortages(held: StockHoldResult, lineIndex: (line: number) => number = (i) => i): void {
  if (held.shortages.length)
    throw new AppError(
      409,
      'insufficientBalance',
      {},
      held.shortages.map((x) => ({
        field: `lines.${lineIndex(x.line)}.quantity`,
        code: 'validation.availableQuantity',
        params: { available: x.available },
      })),
    );
}

/** The invoice whose stock a transaction held before the invoice's number was taken (saved and issued at once). */
const heldBeforeNumbering = new WeakMap<object, string>();

/**
 * Where the branch forbids negative stock, inventory holds an invoice's lines or names those it cannot (issue 14,
 * deliverable 5: the policy checked at save time through the gateway; the movements still come by event). An
 * invoice of a reservation is not weighed against what the reservation holds for it. Not asked twice in one
 * transaction (see `holdBeforeNumbering`).
 */
export async function holdInvoiceStock(
  deps: ServiceDeps,
  ctx: RequestContext,
  trx: Executor,
  doc: DocumentDef,
  /** The invoice (a saved record, or a save's id and input before it is written). */
  invoice: {
    id: string;
    lines: readonly Record<string, unknown>[];
    sourceType?: unknown;
    sourceId?: unknown;
  },
): Promise<void> {
  if (heldBeforeNumbering.get(trx) === invoice.id) return;
  const fromReservation = invoice.sourceType === reservations.name && typeof invoice.sourceId === 'string';
  const lines = invoice.lines.map((l) => ({
    itemId: String(l.itemId),
    unitId: String(l.unitId),
    storeId: String(l.storeId),
    quantity: String(l.quantity),
  }));
  const takesOver = fromReservation
    ? { documentType: reservations.name, documentId: String(invoice.sourceId) }
    : null;
  refuseShortages(await askHold(deps, ctx, doc.name, invoice.id, lines, { takesOver }));
}

/**
 * A new invoice saved and issued at once holds its stock before its number is taken (the engine's
 * `beforeNumbering`): the invoices' counter row, locked from the numbering to the commit, is then not held
 * across the call to inventory, which made every other invoice of the tenant wait on it (bench:flow, distributed
 * mode). Should the transaction roll back after (a credit limit, a lost deadlock run again under a new id), the
 * hold is released rather than left to lapse, keeping the last units from the next sale meanwhile.
 */
export async function holdBeforeNumbering(
  deps: ServiceDeps,
  ctx: RequestContext,
  trx: Executor,
  doc: DocumentDef,
  id: string,
  input: DocumentInput,
): Promise<void> {
  await holdInvoiceStock(deps, ctx, trx, doc, {
    id,
    lines: input.lines as Record<string, unknown>[],
    sourceType: input.sourceType,
    sourceId: input.sourceId,
  });
  heldBeforeNumbering.set(trx, id);
  onRollback(trx, async () => {
    await askHold(deps, ctx, doc.name, id, []);
  });
}

/** Each line of a reservation: what issued invoices converted from it took (cancelled ones give it back). */
async function invoicedOf(s: TenantScope, reservationId: string): Promise<Map<number, Dec>> {
  const lines = documentLinesTableOf(salesInvoices);
  const header = documentTableOf(salesInvoices);
  const rows = (await s(lines)
    .join(header, `${header}.id`, `${lines}.document_id`)
    .where(`${header}.tenant_id`, s.tenantId)
    .andWhere(`${header}.source_type`, reservations.name)
    .andWhere(`${header}.source_id`, reservationId)
    .andWhere(`${header}.status`, 'issued')
    .whereNotNull(`${lines}.source_line_no`)
    .groupBy(`${lines}.source_line_no`)
    .select(`${lines}.source_line_no as lineNo`)
    .sum({ q: `${lines}.quantity` })) as { lineNo: unknown; q: unknown }[];
  return new Map(rows.map((r) => [Number(r.lineNo), fromStored(String(r.q ?? 0))]));
}

/**
 * What an active reservation keeps for its customer (spec section 4): each line less what issued invoices took of
 * it, held in its stores until it is stopped, deleted or wholly invoiced (a lasting stock hold). Asked again
 * whenever that changes: the reservation saved, an invoice of it issued or cancelled. A reservation saved beyond
 * the free stock is refused like an invoice.
 */
export async function holdReservation(
  deps: ServiceDeps,
  ctx: RequestContext,
  s: TenantScope,
  record: DocumentRecord,
  gone: boolean,
  /** An invoice of it was cancelled: what it gives back returns with the cancellation's stock event. */
  returning = false,
): Promise<void> {
  const active = !gone && record.status === 'active';
  const invoiced = active ? await invoicedOf(s, record.id) : new Map<number, Dec>();
  const kept = active
    ? record.lines.map((l) => ({
        line: l,
        left: dec(String(l.quantity ?? '0')).minus(invoiced.get(l.lineNo) ?? dec(0)),
      }))
    : [];
  const held = kept.filter((k) => k.left.greaterThan(0));
  const left = new Map<unknown, Dec>(held.map((k) => [k.line, k.left]));
  const lines = holdLines(
    held.map((k) => k.line),
    (l) => left.get(l)!,
  );
  const result = await askHold(deps, ctx, reservations.name, record.id, lines, { lasting: true, returning });
  // the short line's index among the reservation's own lines
  refuseShortages(result, (i) => record.lines.indexOf(held[i]!.line));
}
