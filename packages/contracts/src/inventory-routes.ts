import { z } from 'zod';
import { jobSchema } from './jobs';
import { PAGE_SIZES, idSchema, pageOf } from './common';
import { access, defineRoutes } from './http';
import { entityRecordSchema, items } from './master-data';
import { decimalString } from './money';
import { referenceNamesSchema } from './documents/define';
import { Permission as P } from './permissions';
import { isoDateSchema } from './validators';
import { itemsDataMigrationPath } from './lists';

/**
 * Inventory's routes beyond its main data and documents (issue 4): the barcode lookup of the document grids
 * and the point of sale, the stock reports of the /items-reports hub, the list of all stock transactions
 * (/orders) and the items' Excel import and export (/data-migration/Items, spec section 7).
 */
const base = { service: 'inventory', tag: 'Inventory' } as const;

const page = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: 'validation.pageSize' })
    .default(15),
};

export const barcodeMatch = z.object({
  item: entityRecordSchema(items),
  /** The unit the barcode names (the main unit or a sub-unit) and how many main units it holds. */
  unitId: z.string(),
  conversionRate: decimalString,
  salesPrice: decimalString.nullable(),
});

export const stockBalanceRow = z.object({
  itemId: z.string(),
  code: z.string(),
  arabicName: z.string(),
  englishName: z.string(),
  barcode: z.string(),
  storeId: z.string(),
  unitId: z.string().nullable(),
  quantity: decimalString,
  averageCost: decimalString,
  value: decimalString,
  minimumLimit: decimalString.nullable(),
  reorderLimit: decimalString.nullable(),
  /** The store's and unit's names (issue 12 item 1): the row never needs a second answer to show them. */
  names: referenceNamesSchema,
  /** The quantity in the item's units, largest first ('2 cartons 6 pieces' as unit id and count). */
  breakdown: z.array(z.object({ unitId: z.string(), quantity: decimalString })),
  /** Set while a background job re-costs the item in the store (its later values are being corrected). */
  recostJobId: z.string().nullable().optional(),
});
export type StockBalanceRow = z.infer<typeof stockBalanceRow>;

export const stockBalanceReport = pageOf(stockBalanceRow).extend({
  totalQuantity: decimalString,
  totalValue: decimalString,
});

export const itemMovementRow = z.object({
  seq: z.number().int(),
  date: z.string(),
  storeId: z.string(),
  documentType: z.string(),
  documentId: z.string(),
  documentCode: z.string(),
  sourceService: z.string(),
  quantityIn: decimalString,
  quantityOut: decimalString,
  value: decimalString,
  /** Running balance in the item's main unit after this movement (within the filter). */
  balance: decimalString,
  balanceValue: decimalString,
});

export const itemMovementCard = z.object({
  itemId: z.string(),
  openingQuantity: decimalString,
  openingValue: decimalString,
  rows: z.array(itemMovementRow),
  closingQuantity: decimalString,
  closingValue: decimalString,
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const stockTransactionRow = z.object({
  sourceService: z.string(),
  documentType: z.string(),
  documentId: z.string(),
  documentCode: z.string(),
  date: z.string(),
  lines: z.number().int(),
  quantityIn: decimalString,
  quantityOut: decimalString,
  value: decimalString,
});

export const exchangeLine = z.object({
  itemId: z.string(),
  code: z.string(),
  arabicName: z.string(),
  englishName: z.string(),
  /** The item's main unit: the ledger keeps main-unit quantities. */
  unitId: z.string().nullable(),
  quantity: decimalString,
  unitCost: decimalString,
  value: decimalString,
});

/**
 * The exchange order of a manufacturing order (spec '/view/{id} manufacturing exchange order'): the components
 * it issued from the store and the products it received, at the cost the ledger booked.
 */
export const manufacturingExchange = z.object({
  id: z.string(),
  code: z.string(),
  date: z.string(),
  storeId: z.string(),
  notes: z.string(),
  consumed: z.array(exchangeLine),
  produced: z.array(exchangeLine),
  totalValue: decimalString,
});
export type ManufacturingExchange = z.infer<typeof manufacturingExchange>;

/** The result of an import job; the refused rows and their reasons are the job's `rejected`. */
export const importResult = z.object({
  imported: z.number().int(),
  rejected: z.number().int(),
});
export type ImportResult = z.infer<typeof importResult>;

const view = access.permission(P.viewItems);

export const inventoryRoutes = defineRoutes({
  itemByBarcode: {
    ...base,
    method: 'get',
    path: '/api/Items/barcode/:barcode',
    access: view,
    summary: 'The item and unit a barcode (or a balance item scale code) names; 404 when none',
    params: z.object({ barcode: z.string().trim().min(1).max(40) }),
    response: barcodeMatch,
  },
  stockBalance: {
    ...base,
    method: 'get',
    path: '/api/ItemsReports/StockBalance',
    access: view,
    summary: 'Stock balance per item and store, with weighted-average cost and value (at a date if given)',
    query: z.object({
      ...page,
      storeId: idSchema.optional(),
      date: isoDateSchema.optional(),
      search: z.string().trim().max(100).optional(),
      nonZero: z.enum(['true', 'false']).default('true'),
    }),
    response: stockBalanceReport,
  },
  itemMovements: {
    ...base,
    method: 'get',
    path: '/api/ItemsReports/ItemMovements',
    access: view,
    summary: 'The movement card of an item: opening balance, movements with running balance, closing balance',
    query: z.object({
      ...page,
      itemId: idSchema,
      storeId: idSchema.optional(),
      dateFrom: isoDateSchema.optional(),
      dateTo: isoDateSchema.optional(),
    }),
    response: itemMovementCard,
  },
  belowLimits: {
    ...base,
    method: 'get',
    path: '/api/ItemsReports/BelowLimits',
    access: view,
    summary: 'Items at or below their minimum or reorder limit',
    query: z.object({
      ...page,
      storeId: idSchema.optional(),
      limit: z.enum(['minimum', 'reorder']).default('reorder'),
    }),
    response: pageOf(stockBalanceRow),
  },
  stockTransactions: {
    ...base,
    method: 'get',
    path: '/api/StockTransactions',
    access: access.permission(P.viewStockCategoryTransactions),
    summary: 'Every document that moved stock (any type and service), newest first',
    query: z.object({
      ...page,
      storeId: idSchema.optional(),
      documentType: z.string().max(60).optional(),
      dateFrom: isoDateSchema.optional(),
      dateTo: isoDateSchema.optional(),
      search: z.string().trim().max(100).optional(),
    }),
    response: pageOf(stockTransactionRow),
  },
  manufacturingExchange: {
    ...base,
    method: 'get',
    path: '/api/ManufacturingOrders/:id/exchange',
    access: access.permission(P.editManufacturingOrders),
    summary: 'The exchange order of a manufacturing order: components issued and products received, at cost',
    params: z.object({ id: idSchema }),
    response: manufacturingExchange,
  },
  exportItems: {
    ...base,
    method: 'get',
    path: itemsDataMigrationPath,
    access: view,
    summary: 'The items as an .xlsx workbook (the import template when ?template=true)',
    query: z.object({ template: z.enum(['true', 'false']).default('false') }),
  },
  importItems: {
    ...base,
    method: 'post',
    path: '/api/data-migration/Items',
    access: access.permission(P.addItems),
    summary:
      'Starts importing items from one .xlsx, .xls or .csv file under 1 MB (multipart field "file"), at most ' +
      '10,000 rows, as a background job: answers the job (GET /api/inventory/jobs/:id gives its progress, ' +
      'result and refused rows)',
    response: jobSchema,
    status: 202,
  },
});
