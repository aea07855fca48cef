import { z } from 'zod';
import { idSchema } from './common';
import { access, defineRoutes } from './http';
import { entityRecordSchema, items } from './master-data';
import { decimalString } from './decimal-schema';
import { reportRoute } from './reports/define';
import {
  belowLimitsReport,
  itemMovementsReport,
  stockBalanceReport,
  stockTransactionsReport,
} from './reports/inventory';
import { Permission as P } from './permissions';

/**
 * Inventory's routes beyond its main data and documents (issue 4): the barcode lookup of the document grids
 * and the point of sale, the stock reports of the /items-reports hub, the list of all stock transactions
 * (/orders). The items' Excel import and export (/data-migration/Items) come with their declaration.
 */
const base = { service: 'inventory', tag: 'Inventory' } as const;

export const barcodeMatch = z.object({
  item: entityRecordSchema(items),
  /** The unit the barcode names (the main unit or a sub-unit) and how many main units it holds. */
  unitId: z.string(),
  conversionRate: decimalString,
  salesPrice: decimalString.nullable(),
  /**
   * A scale label (issue 15): the weight it carries, in the item's main unit (kilograms, three decimals), when the
   * company's scales print weights…
   */
  quantity: decimalString.optional(),
  /** …or the price it carries (two decimals) when they print prices. */
  price: decimalString.optional(),
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

/**
 * A hold on stock for a document being issued by another service (issue 14, deliverable 5; design.md section 2):
 * the owner asks at save time whether its lines leave the stores above zero where the branch forbids negative
 * stock, and inventory keeps what it granted aside until the document's stock event books it (or the hold
 * lapses), so concurrent sales of the last units cannot all pass.
 */
export const stockHoldInput = z.object({
  sourceService: z.enum(['sales', 'purchases', 'restaurant', 'concrete']),
  documentType: z.string().trim().min(1).max(60),
  documentId: idSchema,
  lines: z
    .array(z.object({ itemId: idSchema, unitId: idSchema, storeId: idSchema, quantity: decimalString }))
    .max(1000),
  /** Held until released (a reservation: until it is stopped or invoiced), not lapsing with the minutes. */
  lasting: z.boolean().default(false),
  /**
   * Goods coming back to it (a reservation whose invoice was cancelled): held without weighing, as the
   * cancellation's stock event returns them.
   */
  returning: z.boolean().default(false),
  /** The document this one converts (an invoice of a reservation): what that one holds is not weighed against it. */
  takesOver: z
    .object({ documentType: z.string().trim().min(1).max(60), documentId: idSchema })
    .nullable()
    .default(null),
});
export type StockHoldInput = z.input<typeof stockHoldInput>;
/** The lines that would take a store below zero (index in the input, what is free in the line's unit); none: held. */
export const stockHoldResult = z.object({
  shortages: z.array(z.object({ line: z.number().int(), available: decimalString })),
});
export type StockHoldResult = z.infer<typeof stockHoldResult>;

export const inventoryRoutes = defineRoutes({
  stockHolds: {
    ...base,
    method: 'post',
    path: '/api/StockHolds',
    // asked by a service for its user, who has the document's own permission there
    access: access.authenticated,
    summary:
      "Hold stock for a document another service is issuing (refused lines: the branch's negative-stock rule)",
    body: stockHoldInput,
    response: stockHoldResult,
  },
  itemByBarcode: {
    ...base,
    method: 'get',
    path: '/api/Items/barcode/:barcode',
    access: view,
    summary:
      "The item and unit a barcode (or a balance item scale code) names; a scale label of the company's prefix " +
      'also gives its weight or price, and one with a wrong check digit or a zero value is refused (400); 404 when none',
    params: z.object({ barcode: z.string().trim().min(1).max(40) }),
    response: barcodeMatch,
  },
  stockBalance: reportRoute(
    stockBalanceReport,
    'Stock balance per item and store, with weighted-average cost and value (at a date if given)',
  ),
  itemMovements: reportRoute(
    itemMovementsReport,
    'The movement card of an item: opening balance, movements with running balance, closing balance',
  ),
  belowLimits: reportRoute(belowLimitsReport, 'Items at or below their minimum or reorder limit'),
  stockTransactions: reportRoute(
    stockTransactionsReport,
    'Every document that moved stock (any type and service), newest first',
  ),
  manufacturingExchange: {
    ...base,
    method: 'get',
    path: '/api/ManufacturingOrders/:id/exchange',
    access: access.permission(P.editManufacturingOrders),
    summary: 'The exchange order of a manufacturing order: components issued and products received, at cost',
    params: z.object({ id: idSchema }),
    response: manufacturingExchange,
  },
});
