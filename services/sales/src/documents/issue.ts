import { createHash, randomUUID } from 'node:crypto';
import {
  dec,
  documentMoneyTotals,
  documentTableOf,
  formatDecimal,
  type DocumentDef,
  type DocumentRecord,
  type PayloadInput,
} from '@erp/contracts';
import {
  emit,
  insertMissing,
  isMysql,
  nowIso,
  type EventOrigin,
  type Executor,
  type TenantScope,
} from '@erp/service-kit';
import { paymentKinds } from './replicas';

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** ZATCA's previous-invoice hash of a unit's first invoice: SHA-256 of '0'. */
export const FIRST_PREVIOUS_HASH = createHash('sha256').update('0').digest('hex');

/**
 * Where an issuing unit's chain stands (its last counter and hash), its row locked for the transaction: a new
 * unit starts at 0 with the first previous hash.
 */
export async function lockUnit(
  s: TenantScope,
  unit: string,
): Promise<{ counter: number; last_hash: string }> {
  await insertMissing(
    s.db,
    'sales_issue_units',
    { tenant_id: s.tenantId, unit, counter: 0, last_hash: FIRST_PREVIOUS_HASH },
    ['tenant_id', 'unit'],
  );
  const q = s('sales_issue_units').where({ unit });
  const row = (await (isMysql(s.db) ? q.forUpdate() : q).first('counter', 'last_hash')) as {
    counter: unknown;
    last_hash: string;
  };
  return { counter: Number(row.counter), last_hash: row.last_hash };
}

/**
 * An issued invoice's place in its issuing unit's chain (issue 14, deliverable 3): a UUID, the unit's next counter
 * (unbroken: the unit's row is locked while it is taken, and a rolled-back issue gives its number back) and the
 * previous invoice's hash, so e-invoicing can sign it later without renumbering. The unit is the tax authority's
 * generation unit: here a branch's back office; the POS's tills are units of their own.
 */
export async function chainIssued(
  s: TenantScope,
  doc: DocumentDef,
  record: DocumentRecord,
  unit: string,
  total: string,
  vat: string,
): Promise<void> {
  const row = await lockUnit(s, unit);
  const counter = row.counter + 1;
  const uuid = randomUUID();
  const issuedAt = nowIso();
  const hash = createHash('sha256')
    .update(
      JSON.stringify([
        uuid,
        counter,
        row.last_hash,
        record.code,
        record.date,
        issuedAt,
        total,
        vat,
        record.customerId,
      ]),
    )
    .digest('hex');
  await s('sales_issue_units').where({ unit }).update({ counter, last_hash: hash });
  await s(documentTableOf(doc)).where({ id: record.id }).update({
    invoice_uuid: uuid,
    issue_unit: unit,
    issue_counter: counter,
    previous_hash: row.last_hash,
    invoice_hash: hash,
    issued_at: issuedAt,
  });
}

/** Whether the document was issued once (it then has a place in a chain), whatever its status now. */
export async function wasIssued(s: TenantScope, doc: DocumentDef, id: string): Promise<boolean> {
  const row = await s(documentTableOf(doc)).where({ id }).first('issue_counter');
  return row?.issue_counter !== null && row?.issue_counter !== undefined;
}

/**
 * The document's effects at its revision as events (design.md section 2): its stock movements for inventory
 * (out of the lines' stores for an invoice, back in for a return) and its money for accounts. `gone`: cancelled,
 * nothing of it stands. Both in the caller's transaction (the outbox).
 */
export async function announceEffects(
  trx: Executor,
  s: TenantScope,
  origin: EventOrigin,
  doc: DocumentDef,
  record: DocumentRecord,
  gone: boolean,
): Promise<void> {
  const base = {
    documentType: doc.name,
    documentId: record.id,
    code: record.code,
    revision: record.revision,
    date: record.date,
    deleted: gone,
  };
  const stock: PayloadInput<'salesStockDocumentChanged'> = {
    ...base,
    lines: gone
      ? []
      : record.lines.map((l) => ({
          itemId: str(l.itemId),
          unitId: str(l.unitId),
          storeId: str(l.storeId),
          quantity: str(l.quantity),
          direction: doc.name === 'salesReturns' ? ('in' as const) : ('out' as const),
          unitCost: null,
        })),
  };
  await emit(trx, origin, 'salesStockDocumentChanged', record.id, stock);
  const totals = documentMoneyTotals(
    'quantity',
    record as DocumentRecord & { lines: Record<string, unknown>[] },
  );
  const gross = totals.lines.reduce((sum, l) => sum.plus(l.gross), dec(0));
  const payments = (record.payments as Record<string, unknown>[] | undefined) ?? [];
  const kinds = await paymentKinds(
    s,
    payments.map((p) => str(p.paymentMethodId)),
  );
  // the change handed back comes off what was tendered in cash
  let change = dec(str(record.change) || '0');
  const paid = payments.map((p) => {
    const kind = kinds.get(str(p.paymentMethodId)) ?? 'other';
    let amount = dec(str(p.amount));
    if (kind === 'cash' && change.greaterThan(0)) {
      const off = amount.lessThan(change) ? amount : change;
      amount = amount.minus(off);
      change = change.minus(off);
    }
    return { methodId: str(p.paymentMethodId), kind, amount: formatDecimal(amount, 2) };
  });
  await emit(trx, origin, 'salesDocumentChanged', record.id, {
    ...base,
    customerId: typeof record.customerId === 'string' ? record.customerId : null,
    gross: formatDecimal(gross, 2),
    discount: formatDecimal(gross.minus(totals.taxExclusive), 2),
    vat: totals.vat,
    total: totals.taxInclusive,
    vatCategories: totals.categories.map((c) => ({
      category: c.category,
      rate: c.rate,
      taxable: c.taxable,
      vat: c.vat,
    })),
    payments: paid.filter((p) => !dec(p.amount).isZero()),
  });
}
