import {
  fromStored,
  itemCategories,
  items,
  linesTableOf,
  stockDocuments,
  tableOf,
  type EntityInput,
  type PayloadOf,
} from '@erp/contracts';
import {
  conflict,
  emit,
  entityStore,
  originOf,
  replicaTables,
  requirePrincipal,
  tenantScope,
  usedByDocuments,
  type EntityHooks,
  type EntityRecord,
  type FieldIssue,
  type Republisher,
  type TenantScope,
} from '@erp/service-kit';
import { postDocument } from './ledger/ledger';

/**
 * Opening balances come before every other movement of the item (costs run in date order): they are dated
 * at the start of the company's first fiscal year, or of the year the item was created in.
 */
async function openingDate(s: TenantScope, createdAt: string): Promise<string> {
  const company = await s(replicaTables.companies).first('fiscal_year_start');
  return company?.fiscal_year_start ? String(company.fiscal_year_start) : `${createdAt.slice(0, 4)}-01-01`;
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
type UnitLine = {
  unitId: string | null;
  conversionRate: string | null;
  barcode: string;
  salesPrice: string | null;
};
type OpeningLine = { storeId: string; quantity: string; unitCost: string | null };

/** Anything in the stock ledger or a document names the record: it cannot be deleted (spec section 5). */
async function inUse(s: TenantScope, entity: 'items' | 'stores' | 'units', id: string): Promise<boolean> {
  if (entity !== 'units') {
    const column = entity === 'items' ? 'item_id' : 'store_id';
    if (await s('stock_movements').where(column, id).first('seq')) return true;
  }
  return usedByDocuments(s, stockDocuments, entity, id);
}

/** A barcode names one item unit in the tenant: the main barcodes and the sub-units' ones together. */
async function barcodeIssues(s: TenantScope, input: EntityInput, id: string | null): Promise<FieldIssue[]> {
  const issues: FieldIssue[] = [];
  const lines = (input.units as UnitLine[] | undefined) ?? [];
  const main = str(input.barcode);
  if (main) {
    const q = s(linesTableOf(items, 'units')).where('barcode', main);
    if (id) q.whereNot('parent_id', id);
    if (await q.first('parent_id')) issues.push({ field: 'barcode', code: 'valueAlreadyUsed' });
  }
  const subCodes = lines.map((l) => l.barcode).filter(Boolean);
  if (subCodes.length) {
    const q = s(tableOf(items)).whereIn('barcode', subCodes);
    if (id) q.whereNot('id', id);
    if (await q.first('id')) issues.push({ field: 'units', code: 'valueAlreadyUsed' });
  }
  return issues;
}

export function itemPayload(r: EntityRecord, deleted: boolean): PayloadOf<'itemCreated'> {
  return {
    id: r.id,
    code: r.code,
    arabicName: r.arabicName,
    englishName: r.englishName,
    barcode: str(r.barcode),
    categoryId: (r.categoryId as string | null) ?? null,
    mainUnitId: (r.mainUnitId as string | null) ?? null,
    salesPrice: (r.salesPrice as string | null) ?? null,
    minSalesPrice: (r.minSalesPrice as string | null) ?? null,
    maxSalesPrice: (r.maxSalesPrice as string | null) ?? null,
    costPrice: (r.costPrice as string | null) ?? null,
    taxId: (r.taxId as string | null) ?? null,
    isStoredItem: Boolean(r.isStoredItem),
    isTaxable: Boolean(r.isTaxable),
    isActive: Boolean(r.isActive),
    isBalanceItem: Boolean(r.isBalanceItem),
    showInPos: Boolean(r.showInPos),
    scaleCode: str(r.scaleCode),
    units: ((r.units as UnitLine[] | undefined) ?? []).map((u) => ({
      unitId: u.unitId,
      conversionRate: u.conversionRate,
      barcode: u.barcode,
      salesPrice: u.salesPrice,
    })),
    deleted,
  };
}

/** Every item as it is now, published again for the replicas other services keep (the rebuild of those replicas). */
export const republishItems: Republisher = async (trx, origin) => {
  const records = await entityStore.all(tenantScope(trx, origin.tenantId), items, { order: 'asc' });
  for (const record of records) await emit(trx, origin, 'itemChanged', record.id, itemPayload(record, false));
  return records.length;
};

export const catalogHooks: Record<string, EntityHooks> = {
  items: {
    async validate(s, input, id) {
      const issues = await barcodeIssues(s, input, id);
      if (await s(tableOf(itemCategories)).where('parent_id', str(input.categoryId)).first('id'))
        issues.push({ field: 'categoryId', code: 'validation.parentCategory' });
      const components = (input.components as { itemId: string }[] | undefined) ?? [];
      if (id && components.some((c) => c.itemId === id))
        issues.push({ field: 'components', code: 'validation.repeatedLine' });
      if (id) {
        // the ledger holds main units: once it has movements, the units' meaning is fixed
        const before = await s(tableOf(items)).where({ id }).first('main_unit_id');
        const changed =
          (before ? str(before.main_unit_id) : null) !== input.mainUnitId ||
          !(await unitRatesKept(s, id, (input.units as UnitLine[] | undefined) ?? []));
        if (changed && (await s('stock_movements').where('item_id', id).first('seq')))
          throw conflict('itemHasMovements');
      }
      return issues;
    },
    isReferenced: (s, id) => inUse(s, 'items', id),
    async afterWrite(trx, ctx, before, after) {
      const s = tenantScope(trx, requirePrincipal(ctx).tenantId);
      const record = after ?? before!;
      await emit(
        trx,
        originOf(ctx),
        before ? 'itemChanged' : 'itemCreated',
        record.id,
        itemPayload(record, !after),
      );
      if (!after) return;
      const opening = (after.openingBalances as OpeningLine[] | undefined) ?? [];
      const previous = (before?.openingBalances as OpeningLine[] | undefined) ?? [];
      if (JSON.stringify(opening) === JSON.stringify(previous)) return;
      // the opening balances are the item's own stock document, revised with each change
      const booked = await s('stock_documents')
        .where({ source_service: 'inventory', document_type: 'itemOpeningBalances', document_id: after.id })
        .first('revision');
      await postDocument(
        trx,
        s,
        originOf(ctx),
        {
          sourceService: 'inventory',
          documentType: 'itemOpeningBalances',
          documentId: after.id,
          code: after.code,
          date: await openingDate(s, str(after.createdAt)),
          revision: (booked ? Number(booked.revision) : 0) + 1,
          deleted: false,
          lines: opening.map((o, i) => ({
            key: `o${i}`,
            lineNo: i + 1,
            itemId: after.id,
            unitId: str(after.mainUnitId),
            storeId: o.storeId,
            quantity: o.quantity,
            direction: 'in' as const,
            unitCost: o.unitCost ?? (after.costPrice as string | null) ?? '0',
          })),
        },
        { refuseNegative: false },
      );
    },
  },
  stores: { isReferenced: (s, id) => inUse(s, 'stores', id) },
  units: { isReferenced: (s, id) => inUse(s, 'units', id) },
};

/** Whether every unit of the item that exists keeps its conversion rate (new units may be added). */
async function unitRatesKept(s: TenantScope, id: string, next: UnitLine[]): Promise<boolean> {
  const rows = await s(linesTableOf(items, 'units'))
    .where({ parent_id: id })
    .select('unit_id', 'conversion_rate');
  const rates = new Map(next.map((u) => [u.unitId, u.conversionRate]));
  return rows.every((r: Record<string, unknown>) => {
    const nextRate = rates.get(String(r.unit_id));
    return (
      nextRate !== undefined && nextRate !== null && fromStored(r.conversion_rate as number).equals(nextRate)
    );
  });
}
