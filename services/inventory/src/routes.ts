import {
  belowLimitsReport,
  entitiesOf,
  inventoryRoutes,
  itemMovementsReport,
  items,
  linesTableOf,
  readScaleBarcode,
  stockBalanceReport,
  stockTransactionsReport,
  stores,
  tableOf,
} from '@erp/contracts';
import {
  badRequest,
  companyScaleLabels,
  handle,
  notFound,
  reportHandler,
  requireBranch,
  requirePrincipal,
  tenantScope,
  toRecord,
  withLines,
  type BoundRoute,
  type ReportRequest,
  type RequestContext,
  type ServiceDeps,
  type TenantScope,
} from '@erp/service-kit';
import { manufacturingExchange } from './manufacturing-exchange';
import { itemMovements, stockTransactions } from './movement-reports';
import { belowLimits, stockBalance } from './reports';
import { holdStock } from './stock-holds';

/**
 * The stores a report may show (issue 9 item 3): every store for a caller limited to no branch; otherwise those
 * of the caller's branches, and a store asked for by id must be one of them (403).
 */
async function storesOf(
  s: TenantScope,
  ctx: RequestContext,
  storeId: string | undefined,
): Promise<{ storeIds: readonly string[] | null }> {
  if (ctx.allowedBranches === null) return { storeIds: null };
  const table = tableOf(stores);
  if (storeId) {
    const store = await s(table).where({ id: storeId }).first('branch_id');
    if (store) requireBranch(ctx, String(store.branch_id));
  }
  const ids = await s(table)
    .whereIn('branch_id', [...ctx.allowedBranches])
    .pluck('id');
  return { storeIds: ids.map(String) };
}

/** Inventory's own routes: barcode lookup, reports, the stock transactions list, items import/export. */
export function inventoryRouteHandlers(deps: ServiceDeps): BoundRoute[] {
  const scopeOf = (ctx: RequestContext) => tenantScope(deps.db, requirePrincipal(ctx).tenantId);
  const r = inventoryRoutes;
  const engine = { scope: scopeOf, entities: entitiesOf('inventory') };
  // a report's stores: the one asked for (if the caller's branches hold it), or all of the caller's
  const inStores = async <P extends { storeId?: string | undefined }>(q: ReportRequest<P>) => ({
    ...q.params,
    page: q.page,
    pageSize: q.pageSize,
    sort: q.sort,
    ...(await storesOf(q.s, q.ctx, q.params.storeId)),
  });
  return [
    // in one transaction: the balances locked while the hold is weighed (stock-holds.ts)
    handle(r.stockHolds, ({ ctx, body }) =>
      deps.transact((trx) => holdStock(tenantScope(trx, requirePrincipal(ctx).tenantId), ctx, body)),
    ),
    reportHandler(stockBalanceReport, r.stockBalance, engine, async (q) =>
      stockBalance(q.s, await inStores(q)),
    ),
    reportHandler(itemMovementsReport, r.itemMovements, engine, async (q) =>
      itemMovements(q.s, await inStores(q)),
    ),
    reportHandler(belowLimitsReport, r.belowLimits, engine, async (q) => belowLimits(q.s, await inStores(q))),
    reportHandler(stockTransactionsReport, r.stockTransactions, engine, async (q) =>
      stockTransactions(q.s, await inStores(q)),
    ),
    handle(r.itemByBarcode, async ({ ctx, params }) => {
      const s = scopeOf(ctx);
      const code = params.barcode;
      const table = tableOf(items);
      const unitsTable = linesTableOf(items, 'units');
      // a label of the company's scales (its prefix, 13 digits): refused when misread or empty, never looked up
      // as it stands; a sound one names the balance item by its scale code (packages/contracts/src/pos)
      const label = readScaleBarcode(code, await companyScaleLabels(s));
      if (label.scale && !label.ok) throw badRequest(label.code, [{ field: 'barcode', code: label.code }]);
      if (label.scale) {
        const balanceItem = await s(table)
          .where({ scale_code: label.scaleCode, is_balance_item: true })
          .first();
        if (balanceItem) {
          const [item] = await withLines(s, items, [toRecord(items, balanceItem)]);
          return {
            item: item!,
            unitId: String(item!.mainUnitId),
            conversionRate: '1',
            salesPrice: (item!.salesPrice as string | null) ?? null,
            ...('weight' in label ? { quantity: label.weight } : { price: label.price }),
          };
        }
        // no balance item has that code: an item whose own barcode it is (one catalogued before the company
        // chose its prefix) is still found below; otherwise 404 like any unknown barcode
      }
      // the item's row by its main or a sub-unit barcode in one round trip (a barcode names one of them: the
      // catalog's rule; the main barcode wins if both ever did), then its lines
      const named = (await s(table)
        .where(`${table}.barcode`, code)
        .select(`${table}.*`, s.db.raw('null as barcode_unit_id'))
        .unionAll((u) =>
          u
            .from(unitsTable)
            .join(table, `${table}.id`, `${unitsTable}.parent_id`)
            .where({
              [`${unitsTable}.tenant_id`]: s.tenantId,
              [`${table}.tenant_id`]: s.tenantId,
              [`${unitsTable}.barcode`]: code,
            })
            .select(`${table}.*`, `${unitsTable}.unit_id as barcode_unit_id`),
        )) as Record<string, unknown>[];
      let row = named.find((r) => r.barcode_unit_id === null) ?? named[0];
      if (!row && /^\d{5}$/.test(code)) row = await s(table).where('scale_code', code).first();
      if (!row) throw notFound();
      const [item] = await withLines(s, items, [toRecord(items, row)]);
      const unitId = row.barcode_unit_id;
      const sub =
        unitId === null || unitId === undefined
          ? undefined
          : (item!.units as { unitId: string; conversionRate: string; salesPrice: string | null }[]).find(
              (u) => u.unitId === String(unitId),
            );
      return {
        item: item!,
        unitId: sub ? sub.unitId : String(item!.mainUnitId),
        conversionRate: sub ? sub.conversionRate : '1',
        salesPrice: sub ? sub.salesPrice : ((item!.salesPrice as string | null) ?? null),
      };
    }),
    handle(r.manufacturingExchange, async ({ ctx, params }) => {
      const found = await manufacturingExchange(scopeOf(ctx), params.id);
      if (!found) throw notFound();
      return found;
    }),
  ];
}
