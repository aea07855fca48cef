import { z } from 'zod';
import { decimalString } from '../decimal-schema';
import { referenceNamesSchema } from '../documents/define';
import { stockDocuments } from '../documents/stock';
import { Permission as P } from '../permissions';
import { defineReport, param, type ReportColumn } from './define';

/**
 * The stock reports of /items-reports and the stock transactions of /orders (issue 4), on the report engine.
 * Their paths and answers are the ones the screens and tests always used.
 */

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

const itemColumns: ReportColumn<StockBalanceRow>[] = [
  { name: 'code', kind: 'text', label: 'fields.code', sortable: true },
  { name: 'itemId', kind: 'reference', reference: 'items', label: 'fields.itemId' },
  { name: 'barcode', kind: 'text', label: 'fields.barcode' },
  { name: 'storeId', kind: 'reference', reference: 'stores', label: 'fields.storeId' },
  { name: 'unitId', kind: 'reference', reference: 'units', label: 'fields.unitId' },
];

export const stockBalanceReport = defineReport({
  name: 'stockBalance',
  service: 'inventory',
  path: '/api/ItemsReports/StockBalance',
  title: 'reports.stockBalance',
  permission: P.viewItems,
  parameters: z.object({
    search: param.search({ testId: 'report-search' }),
    storeId: param.reference('stores', { label: 'fields.storeId', testId: 'filter-store' }),
    /** At a date: the stock valuation (the movements summed up to that day). */
    date: param.date({ label: 'reports.atDate', testId: 'report-date' }),
    nonZero: param.flag(true, { label: 'reports.nonZero', testId: 'report-non-zero' }),
  }),
  row: stockBalanceRow,
  rowKey: ['itemId', 'storeId'],
  columns: [
    ...itemColumns,
    {
      name: 'quantity',
      kind: 'quantity',
      unit: 'unitId',
      breakdown: 'breakdown',
      label: 'fields.quantity',
      total: true,
      sortable: true,
    },
    { name: 'averageCost', kind: 'cost', label: 'reports.averageCost' },
    { name: 'value', kind: 'money', label: 'fields.value', total: true, sortable: true },
  ],
  defaultSort: { column: 'code', order: 'asc' },
  paged: true,
});

export const belowLimitsReport = defineReport({
  name: 'belowLimits',
  service: 'inventory',
  path: '/api/ItemsReports/BelowLimits',
  title: 'reports.belowLimits',
  permission: P.viewItems,
  parameters: z.object({
    storeId: param.reference('stores', { label: 'fields.storeId', testId: 'filter-store' }),
    limit: param.choice(['reorder', 'minimum'], {
      default: 'reorder',
      optionLabels: 'reportLimits',
      label: 'reports.limit',
      testId: 'report-limit',
    }),
  }),
  row: stockBalanceRow,
  rowKey: ['itemId', 'storeId'],
  columns: [
    ...itemColumns.filter((c) => c.name !== 'barcode'),
    { name: 'quantity', kind: 'quantity', unit: 'unitId', breakdown: 'breakdown', label: 'fields.quantity' },
    { name: 'minimumLimit', kind: 'quantity', unit: 'unitId', label: 'fields.minimumLimit' },
    { name: 'reorderLimit', kind: 'quantity', unit: 'unitId', label: 'fields.reorderLimit' },
  ],
  defaultSort: { column: 'code', order: 'asc' },
  paged: true,
});

export const itemMovementRow = z.object({
  seq: z.number().int(),
  date: z.string(),
  storeId: z.string(),
  /** The item's main unit: the ledger keeps every movement in it. */
  unitId: z.string().nullable(),
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
export type ItemMovementRow = z.infer<typeof itemMovementRow>;

const documentLink = {
  to: 'document',
  type: 'documentType',
  id: 'documentId',
  service: 'sourceService',
} as const;

export const itemMovementsReport = defineReport({
  name: 'itemMovements',
  service: 'inventory',
  path: '/api/ItemsReports/ItemMovements',
  title: 'reports.itemMovements',
  permission: P.viewItems,
  parameters: z.object({
    itemId: param.item({ testId: 'report-item' }),
    storeId: param.reference('stores', { label: 'fields.storeId', testId: 'filter-store' }),
    dateFrom: param.date({ label: 'reports.dateFrom', testId: 'filter-from' }),
    dateTo: param.date({ label: 'reports.dateTo', testId: 'filter-to' }),
  }),
  row: itemMovementRow,
  rowKey: 'seq',
  rowsKey: 'rows',
  columns: [
    { name: 'date', kind: 'date', label: 'fields.date' },
    { name: 'documentType', kind: 'label', labels: 'documents', label: 'reports.documentType' },
    { name: 'documentCode', kind: 'text', label: 'fields.code', drill: true },
    { name: 'storeId', kind: 'reference', reference: 'stores', label: 'fields.storeId' },
    { name: 'unitId', kind: 'reference', reference: 'units', label: 'fields.unitId' },
    { name: 'quantityIn', kind: 'quantity', unit: 'unitId', label: 'reports.quantityIn', total: true },
    { name: 'quantityOut', kind: 'quantity', unit: 'unitId', label: 'reports.quantityOut', total: true },
    { name: 'value', kind: 'money', label: 'fields.value' },
    { name: 'balance', kind: 'quantity', unit: 'unitId', label: 'reports.balance', running: true },
    { name: 'balanceValue', kind: 'money', label: 'reports.balanceValue', running: true },
  ],
  // the costing order (issue 11): the running balance follows it
  defaultSort: { column: 'date', order: 'asc' },
  paged: true,
  drillDown: documentLink,
  summary: [
    { name: 'openingQuantity', kind: 'quantity', label: 'reports.opening' },
    { name: 'openingValue', kind: 'money', label: 'reports.openingValue' },
    { name: 'closingQuantity', kind: 'quantity', label: 'reports.closing' },
    { name: 'closingValue', kind: 'money', label: 'reports.closingValue' },
  ],
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
export type StockTransactionRow = z.infer<typeof stockTransactionRow>;

export const stockTransactionsReport = defineReport({
  name: 'stockTransactions',
  service: 'inventory',
  path: '/api/StockTransactions',
  title: 'reports.stockTransactions',
  permission: P.viewStockCategoryTransactions,
  parameters: z.object({
    search: param.search({ label: 'reports.searchCode', testId: 'orders-search' }),
    storeId: param.reference('stores', { label: 'fields.storeId', testId: 'filter-store' }),
    // the stock documents are offered; other services' documents in the ledger are accepted by name
    documentType: param.openChoice(
      stockDocuments.map((d) => d.name),
      {
        optionLabels: 'documents',
        label: 'reports.documentType',
        testId: 'filter-type',
      },
    ),
    dateFrom: param.date({ label: 'reports.dateFrom', testId: 'filter-from' }),
    dateTo: param.date({ label: 'reports.dateTo', testId: 'filter-to' }),
  }),
  row: stockTransactionRow,
  rowKey: 'documentId',
  columns: [
    { name: 'date', kind: 'date', label: 'fields.date', sortable: true },
    { name: 'documentType', kind: 'label', labels: 'documents', label: 'reports.documentType' },
    { name: 'documentCode', kind: 'text', label: 'fields.code', drill: true, sortable: true },
    { name: 'lines', kind: 'count', label: 'reports.lines' },
    // a document's lines are of several items and units: its figures are shown, never totalled
    { name: 'quantityIn', kind: 'quantity', label: 'reports.quantityIn' },
    { name: 'quantityOut', kind: 'quantity', label: 'reports.quantityOut' },
    // not totalled: that would sum the movements of every listed document, not of one page
    { name: 'value', kind: 'money', label: 'fields.value' },
  ],
  defaultSort: { column: 'date', order: 'desc' },
  paged: true,
  drillDown: documentLink,
});

export const inventoryReports = [
  stockBalanceReport,
  belowLimitsReport,
  itemMovementsReport,
  stockTransactionsReport,
] as const;
