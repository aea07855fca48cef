import {
  dec,
  quantityFieldOf,
  stores,
  tableOf,
  type DocumentDef,
  type DocumentInput,
  type DocumentRecord,
} from '@erp/contracts';
import {
  originOf,
  requirePrincipal,
  selectArrays,
  tenantScope,
  type BranchSettings,
  type DocumentHooks,
  type FieldIssue,
  type TenantScope,
} from '@erp/service-kit';
import { itemUnits } from './ledger/items';
import { postDocument, type LedgerLine } from './ledger/ledger';
import { recostingOf } from './ledger/deferred';
import { pairKey } from './ledger/recost';

type Line = DocumentRecord['lines'][number];
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The stock effect of one of inventory's documents as it now stands (issue 4, item 4). */
async function ledgerLines(s: TenantScope, doc: DocumentDef, record: DocumentRecord): Promise<LedgerLine[]> {
  const store = str(record.storeId);
  const line = (
    l: Line,
    direction: LedgerLine['direction'],
    extra: Partial<LedgerLine> = {},
  ): LedgerLine => ({
    key: `l${l.lineNo}`,
    lineNo: l.lineNo,
    itemId: str(l.itemId),
    unitId: str(l.unitId),
    storeId: store,
    quantity: str(l[quantityFieldOf(doc)]),
    direction,
    unitCost: l.unitCost === null || l.unitCost === undefined ? null : str(l.unitCost),
    ...extra,
  });
  switch (doc.name) {
    case 'storageTransfers':
      // the receipt costs exactly what left the source: the transfer keeps the total value
      return record.lines.flatMap((l) => [
        line(l, 'out'),
        line(l, 'in', {
          key: `r${l.lineNo}`,
          lineNo: null,
          storeId: str(record.toStoreId),
          costFrom: [`l${l.lineNo}`],
        }),
      ]);
    case 'shortageAdjustments':
    case 'damageAdjustments':
    case 'exchangeOrders':
      return record.lines.map((l) => line(l, 'out'));
    case 'overflowAdjustments':
    case 'additionOrders':
      return record.lines.map((l) => line(l, 'in'));
    case 'stocktakings':
      return record.status === 'closed'
        ? stocktakingLines(
            s,
            record,
            record.lines.map((l) => line(l, 'count')),
          )
        : [];
    case 'manufacturingOrders':
      return manufacturingLines(s, record, (l) => line(l, 'in'));
    default:
      throw new Error(`no stock effect declared for ${doc.name}`);
  }
}

/** Whole-store stocktaking (the branch's method) also zeroes what was held but not counted. */
async function stocktakingLines(
  s: TenantScope,
  record: DocumentRecord,
  counted: LedgerLine[],
): Promise<LedgerLine[]> {
  if (record.stocktakingMethod !== 'wholeStore') return counted;
  const seen = new Set(counted.map((c) => c.itemId));
  // what the store held at the document's date, not today
  const held = await s('stock_movements')
    .where({ store_id: str(record.storeId) })
    .andWhere('date', '<=', record.date)
    .groupBy('item_id')
    .havingRaw('sum(quantity) <> 0')
    .select('item_id');
  const units = await itemUnits(
    s,
    held.map((h: { item_id: string }) => String(h.item_id)).filter((id: string) => !seen.has(id)),
  );
  return [
    ...counted,
    ...[...units].map(([itemId, u], i) => ({
      key: `z${i}`,
      lineNo: null,
      itemId,
      unitId: u.mainUnitId,
      storeId: str(record.storeId),
      quantity: '0',
      direction: 'count' as const,
      unitCost: null,
    })),
  ];
}

/** Each product consumes its components (per main unit of product) and is received at their cost. */
async function manufacturingLines(
  s: TenantScope,
  record: DocumentRecord,
  product: (l: Line) => LedgerLine,
): Promise<LedgerLine[]> {
  const units = await itemUnits(
    s,
    record.lines.map((l) => str(l.itemId)),
  );
  return record.lines.flatMap((l) => {
    const item = units.get(str(l.itemId))!;
    const produced = dec(str(l.quantity)).times(item.rates.get(str(l.unitId)) ?? 1);
    const consumed: LedgerLine[] = item.components.map((c, j) => ({
      key: `c${l.lineNo}.${j}`,
      lineNo: null,
      itemId: c.itemId,
      unitId: c.unitId,
      storeId: str(record.storeId),
      quantity: produced.times(c.quantity).toString(),
      direction: 'out',
      unitCost: null,
    }));
    return [...consumed, { ...product(l), unitCost: null, costFrom: consumed.map((c) => c.key) }];
  });
}

/** The lines name items the ledger can hold, in one of their units; manufactured ones have components. */
async function validate(
  s: TenantScope,
  doc: DocumentDef,
  input: DocumentInput,
  settings: BranchSettings,
): Promise<FieldIssue[]> {
  const units = await itemUnits(
    s,
    input.lines.map((l) => str(l.itemId)),
  );
  const issues: FieldIssue[] = [];
  // the document's store is one of the branch it is saved in (its digits and policies apply); a transfer
  // may send to another branch's store
  if (input.storeId) {
    const store = await s(tableOf(stores))
      .where({ id: str(input.storeId) })
      .first('branch_id');
    if (store && settings.id && store.branch_id && String(store.branch_id) !== settings.id)
      issues.push({ field: 'storeId', code: 'validation.storeOfOtherBranch' });
  }
  input.lines.forEach((l, i) => {
    const item = units.get(str(l.itemId));
    if (!item) return;
    if (!item.isStoredItem) issues.push({ field: `lines.${i}.itemId`, code: 'validation.notStoredItem' });
    if (!item.rates.has(str(l.unitId)))
      issues.push({ field: `lines.${i}.unitId`, code: 'validation.unitNotOfItem' });
    if (doc.name === 'manufacturingOrders' && (!item.isManufacturingItem || item.components.length === 0))
      issues.push({ field: `lines.${i}.itemId`, code: 'validation.notManufacturingItem' });
  });
  return issues;
}

/**
 * The job re-costing what a back-dated document moved (issue 11): its booked movements name its items and
 * stores (components, a transfer's receiving store and a whole-store count's zeroed items included), and
 * `recost_pending` names the job of each; the first of them (usually the one the save started) is named.
 */
async function recostJob(s: TenantScope, doc: DocumentDef, record: DocumentRecord): Promise<string | null> {
  // read by the document's index and made distinct here: a DISTINCT in SQL made SQLite walk the tenant's whole
  // item index for its order (180 ms a read at 200,000 movements, holding the event loop)
  const moved = await selectArrays(
    s.db,
    `select item_id, store_id from stock_movements
      where tenant_id = ? and source_service = ? and document_type = ? and document_id = ?`,
    [s.tenantId, 'inventory', doc.name, record.id],
  );
  if (moved.length === 0) return null;
  const jobs = await recostingOf(s, [
    ...new Set(moved.map(([itemId, storeId]) => pairKey(String(itemId), String(storeId)))),
  ]);
  return [...new Set(jobs.values())].sort()[0] ?? null;
}

export const stockDocumentHooks: DocumentHooks = {
  validate,
  lineUnits: itemUnits,
  recostJob,
  async post(trx, ctx, { doc, record, deleted, settings }) {
    const s = tenantScope(trx, requirePrincipal(ctx).tenantId);
    const lines = deleted
      ? []
      : await ledgerLines(s, doc, { ...record, stocktakingMethod: settings.policies.stocktakingMethod });
    const posted = await postDocument(
      trx,
      s,
      originOf(ctx),
      {
        sourceService: 'inventory',
        documentType: doc.name,
        documentId: record.id,
        code: record.code,
        date: record.date,
        revision: record.revision,
        deleted,
        lines,
      },
      { refuseNegative: settings.policies.negativeBalance === 'block', owner: ctx },
    );
    return posted ? { values: posted.values, jobId: posted.recostJobId } : undefined;
  },
};
