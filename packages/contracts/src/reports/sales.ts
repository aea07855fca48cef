import { z } from 'zod';
import { access, defineRoutes } from '../http';
import { decimalString } from '../decimal-schema';
import { referenceNamesSchema } from '../documents/define';
import { Permission as P } from '../permissions';
import { isoDateSchema } from '../validators';
import { defineReport, param, reportRoute } from './define';

/**
 * The sales reports of /sales-reports and the figures of /sales-dashboard (issue 14, deliverable 7), on the
 * report engine. Only issued documents count; returns reduce the sales of the by-item, by-customer and by-agent
 * reports (their own column shows them). The spec shows no report permission: viewTransactions, like the sales
 * documents; the dashboard's is the route table's (viewPurchDashboard; the menu names viewSalesDashboard).
 */

/** The period, branch (the caller's only, 403 else) and dealers every sales report may be narrowed to. */
const period = {
  dateFrom: param.date({ label: 'reports.dateFrom', testId: 'filter-from' }),
  dateTo: param.date({ label: 'reports.dateTo', testId: 'filter-to' }),
  branchId: param.branch({ testId: 'report-branch' }),
};
const customerId = param.reference('customers', { label: 'fields.customerId', testId: 'filter-customer' });
const agentId = param.reference('agents', { label: 'fields.agentId', testId: 'filter-agent' });
const itemId = param.anyItem({ testId: 'filter-item' });

const documentLink = { to: 'document', type: 'documentType', id: 'documentId' } as const;

export const salesInvoiceRow = z.object({
  documentType: z.string(),
  documentId: z.string(),
  code: z.string(),
  date: z.string(),
  branchId: z.string().nullable(),
  customerId: z.string().nullable(),
  agentId: z.string().nullable(),
  /** Without VAT, after discounts. */
  net: decimalString,
  vat: decimalString,
  total: decimalString,
  paid: decimalString,
  remaining: decimalString,
});
export type SalesInvoiceRow = z.infer<typeof salesInvoiceRow>;

const documentColumns = [
  { name: 'date', kind: 'date', label: 'fields.date', sortable: true },
  { name: 'code', kind: 'text', label: 'fields.code', drill: true, sortable: true },
  { name: 'customerId', kind: 'reference', reference: 'customers', label: 'fields.customerId' },
  { name: 'branchId', kind: 'reference', reference: 'branches', label: 'fields.branchId' },
] as const;

export const salesByInvoiceReport = defineReport({
  name: 'salesByInvoice',
  service: 'sales',
  path: '/api/SalesReports/ByInvoice',
  title: 'reports.salesByInvoice',
  permission: P.viewTransactions,
  parameters: z.object({ ...period, customerId, agentId, itemId }),
  row: salesInvoiceRow,
  rowKey: 'documentId',
  columns: [
    ...documentColumns,
    { name: 'agentId', kind: 'reference', reference: 'agents', label: 'fields.agentId' },
    { name: 'net', kind: 'money', label: 'reports.netSales', total: true },
    { name: 'vat', kind: 'money', label: 'reports.vatAmount', total: true },
    { name: 'total', kind: 'money', label: 'reports.totalWithVat', total: true, sortable: true },
    { name: 'paid', kind: 'money', label: 'reports.paid', total: true },
    { name: 'remaining', kind: 'money', label: 'reports.remaining', total: true },
  ],
  defaultSort: { column: 'date', order: 'desc' },
  paged: true,
  drillDown: documentLink,
});

export const salesReturnRow = salesInvoiceRow.extend({ invoiceCode: z.string() });
export type SalesReturnRow = z.infer<typeof salesReturnRow>;

export const salesReturnsReport = defineReport({
  name: 'salesReturnsReport',
  service: 'sales',
  path: '/api/SalesReports/Returns',
  title: 'reports.salesReturnsReport',
  permission: P.viewTransactions,
  parameters: z.object({ ...period, customerId, agentId, itemId }),
  row: salesReturnRow,
  rowKey: 'documentId',
  columns: [
    ...documentColumns,
    { name: 'invoiceCode', kind: 'text', label: 'reports.invoiceCode' },
    { name: 'net', kind: 'money', label: 'reports.netSales', total: true },
    { name: 'vat', kind: 'money', label: 'reports.vatAmount', total: true },
    { name: 'total', kind: 'money', label: 'reports.totalWithVat', total: true, sortable: true },
    { name: 'paid', kind: 'money', label: 'reports.refunded', total: true },
  ],
  defaultSort: { column: 'date', order: 'desc' },
  paged: true,
  drillDown: documentLink,
});

/** Sold less returned: quantities in the item's main unit (a unit the item no longer has stays its own row). */
export const salesByItemRow = z.object({
  itemId: z.string(),
  unitId: z.string().nullable(),
  soldQuantity: decimalString,
  returnedQuantity: decimalString,
  quantity: decimalString,
  sales: decimalString,
  returns: decimalString,
  net: decimalString,
  vat: decimalString,
  total: decimalString,
});
export type SalesByItemRow = z.infer<typeof salesByItemRow>;

/** Sales, returns and their net (without VAT), VAT and total of the net: the columns of every 'by' report. */
const netColumns = [
  { name: 'sales', kind: 'money', label: 'reports.grossSales', total: true, sortable: true },
  { name: 'returns', kind: 'money', label: 'reports.returns', total: true },
  { name: 'net', kind: 'money', label: 'reports.netSales', total: true, sortable: true },
  { name: 'vat', kind: 'money', label: 'reports.vatAmount', total: true },
  { name: 'total', kind: 'money', label: 'reports.totalWithVat', total: true, sortable: true },
] as const;

export const salesByItemReport = defineReport({
  name: 'salesByItem',
  service: 'sales',
  path: '/api/SalesReports/ByItem',
  title: 'reports.salesByItem',
  permission: P.viewTransactions,
  parameters: z.object({ ...period, itemId, customerId, agentId }),
  row: salesByItemRow,
  rowKey: ['itemId', 'unitId'],
  columns: [
    { name: 'itemId', kind: 'reference', reference: 'items', label: 'fields.itemId' },
    { name: 'unitId', kind: 'reference', reference: 'units', label: 'fields.unitId' },
    { name: 'soldQuantity', kind: 'quantity', unit: 'unitId', label: 'reports.soldQuantity', total: true },
    {
      name: 'returnedQuantity',
      kind: 'quantity',
      unit: 'unitId',
      label: 'reports.returnedQuantity',
      total: true,
    },
    {
      name: 'quantity',
      kind: 'quantity',
      unit: 'unitId',
      label: 'reports.netQuantity',
      total: true,
      sortable: true,
    },
    ...netColumns,
  ],
  defaultSort: { column: 'net', order: 'desc' },
  paged: false,
});

export const salesByCustomerRow = z.object({
  customerId: z.string(),
  invoices: z.number().int(),
  sales: decimalString,
  returns: decimalString,
  net: decimalString,
  vat: decimalString,
  total: decimalString,
});
export type SalesByCustomerRow = z.infer<typeof salesByCustomerRow>;

export const salesByCustomerReport = defineReport({
  name: 'salesByCustomer',
  service: 'sales',
  path: '/api/SalesReports/ByCustomer',
  title: 'reports.salesByCustomer',
  permission: P.viewTransactions,
  parameters: z.object({ ...period, customerId, agentId }),
  row: salesByCustomerRow,
  rowKey: 'customerId',
  columns: [
    { name: 'customerId', kind: 'reference', reference: 'customers', label: 'fields.customerId' },
    { name: 'invoices', kind: 'count', label: 'reports.invoices', total: true },
    ...netColumns,
  ],
  defaultSort: { column: 'net', order: 'desc' },
  paged: false,
});

export const salesByAgentRow = z.object({
  agentId: z.string(),
  invoices: z.number().int(),
  sales: decimalString,
  returns: decimalString,
  net: decimalString,
  vat: decimalString,
  total: decimalString,
  /** What was collected at sale less what was refunded (the base of a 'collection' commission). */
  collected: decimalString,
  /** The amount the commission is figured on (net sales, collections, or both per the agent's channel). */
  commissionBase: decimalString,
  commission: decimalString,
});
export type SalesByAgentRow = z.infer<typeof salesByAgentRow>;

export const salesByAgentReport = defineReport({
  name: 'salesByAgent',
  service: 'sales',
  path: '/api/SalesReports/ByAgent',
  title: 'reports.salesByAgent',
  permission: P.viewTransactions,
  parameters: z.object({ ...period, agentId }),
  row: salesByAgentRow,
  rowKey: 'agentId',
  columns: [
    { name: 'agentId', kind: 'reference', reference: 'agents', label: 'fields.agentId' },
    { name: 'invoices', kind: 'count', label: 'reports.invoices', total: true },
    ...netColumns,
    { name: 'collected', kind: 'money', label: 'reports.collected', total: true },
    { name: 'commissionBase', kind: 'money', label: 'reports.commissionBase' },
    { name: 'commission', kind: 'money', label: 'reports.commission', total: true, sortable: true },
  ],
  defaultSort: { column: 'net', order: 'desc' },
  paged: false,
});

export const customerStatementRow = z.object({
  key: z.string(),
  date: z.string(),
  /** 'opening', or the document's type (salesInvoices, salesReturns). */
  documentType: z.string(),
  documentId: z.string(),
  code: z.string(),
  /** 'opening' | 'invoice' | 'payment' | 'return' | 'refund' */
  movement: z.string(),
  debit: decimalString,
  credit: decimalString,
  balance: decimalString,
});
export type CustomerStatementRow = z.infer<typeof customerStatementRow>;

export const customerStatementReport = defineReport({
  name: 'customerStatement',
  service: 'sales',
  path: '/api/SalesReports/CustomerStatement',
  title: 'reports.customerStatement',
  permission: P.viewTransactions,
  parameters: z.object({
    customerId: param.record('customers', { label: 'fields.customerId', testId: 'filter-customer' }),
    ...period,
  }),
  row: customerStatementRow,
  rowKey: 'key',
  columns: [
    { name: 'date', kind: 'date', label: 'fields.date' },
    { name: 'movement', kind: 'label', labels: 'statementMovements', label: 'reports.movement' },
    { name: 'code', kind: 'text', label: 'fields.code', drill: true },
    { name: 'debit', kind: 'money', label: 'reports.debit', total: true },
    { name: 'credit', kind: 'money', label: 'reports.credit', total: true },
    { name: 'balance', kind: 'money', label: 'reports.balance', running: true },
  ],
  defaultSort: { column: 'date', order: 'asc' },
  paged: false,
  drillDown: documentLink,
  summary: [
    { name: 'opening', kind: 'money', label: 'reports.opening' },
    { name: 'closing', kind: 'money', label: 'reports.closing' },
  ],
});

export const AGE_BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;

export const agedReceivablesRow = z.object({
  customerId: z.string(),
  graceDays: z.number().int(),
  current: decimalString,
  days1to30: decimalString,
  days31to60: decimalString,
  days61to90: decimalString,
  over90: decimalString,
  total: decimalString,
});
export type AgedReceivablesRow = z.infer<typeof agedReceivablesRow>;

export const agedReceivablesReport = defineReport({
  name: 'agedReceivables',
  service: 'sales',
  path: '/api/SalesReports/AgedReceivables',
  title: 'reports.agedReceivables',
  permission: P.viewTransactions,
  parameters: z.object({
    date: param.date({ label: 'reports.atDate', testId: 'report-date' }),
    branchId: period.branchId,
    customerId,
    agentId,
  }),
  row: agedReceivablesRow,
  rowKey: 'customerId',
  columns: [
    { name: 'customerId', kind: 'reference', reference: 'customers', label: 'fields.customerId' },
    { name: 'graceDays', kind: 'count', label: 'reports.graceDays' },
    ...AGE_BUCKETS.map((b) => ({ name: b, kind: 'money' as const, label: `reports.${b}`, total: true })),
    { name: 'total', kind: 'money', label: 'reports.totalDue', total: true, sortable: true },
  ],
  defaultSort: { column: 'total', order: 'desc' },
  paged: false,
});

export const salesReports = [
  salesByInvoiceReport,
  salesByItemReport,
  salesByCustomerReport,
  salesByAgentReport,
  salesReturnsReport,
  customerStatementReport,
  agedReceivablesReport,
] as const;

/** One day's sales of the caller's branches (or one of them) at a glance: /sales-dashboard. */
export const salesDashboard = z.object({
  date: z.string(),
  invoices: z.number().int(),
  /** Without VAT, after discounts. */
  net: decimalString,
  vat: decimalString,
  total: decimalString,
  returns: decimalString,
  /** Sales less returns, with VAT. */
  netTotal: decimalString,
  /** 24 hours of the branch's day (its time zone), each with its invoices and their total with VAT. */
  byHour: z.array(z.object({ hour: z.number().int(), invoices: z.number().int(), total: decimalString })),
  /** What each payment method took (cash less the change handed back). */
  byPaymentMethod: z.array(z.object({ paymentMethodId: z.string(), amount: decimalString })),
  /** The ten items sold most by value (without VAT), quantities in the main unit. */
  topItems: z.array(
    z.object({
      itemId: z.string(),
      unitId: z.string().nullable(),
      quantity: decimalString,
      net: decimalString,
    }),
  ),
  byUser: z.array(z.object({ userId: z.string(), invoices: z.number().int(), total: decimalString })),
  byBranch: z.array(z.object({ branchId: z.string(), invoices: z.number().int(), total: decimalString })),
  names: referenceNamesSchema,
});
export type SalesDashboard = z.infer<typeof salesDashboard>;

export const salesReportRoutes = defineRoutes({
  byInvoice: reportRoute(
    salesByInvoiceReport,
    'Issued sales invoices with their net, VAT, total and remainder',
  ),
  byItem: reportRoute(
    salesByItemReport,
    'Sales per item less returns, in main units, with net, VAT and total',
  ),
  byCustomer: reportRoute(salesByCustomerReport, 'Sales per customer less returns'),
  byAgent: reportRoute(
    salesByAgentReport,
    "Sales per agent less returns, with the commission of the agent's tiers (capped at its maximum)",
  ),
  returns: reportRoute(salesReturnsReport, 'Issued sales returns with the invoice each returns from'),
  customerStatement: reportRoute(
    customerStatementReport,
    "A customer's opening balance, invoices, payments at sale, returns and refunds with a running balance",
  ),
  agedReceivables: reportRoute(
    agedReceivablesReport,
    "Unpaid remainders of issued invoices by age past the customer's grace days",
  ),
  dashboard: {
    method: 'get',
    path: '/api/SalesDashboard',
    service: 'sales',
    tag: 'Reports',
    access: access.permission(P.viewPurchDashboard),
    summary: "A day's sales: totals, by hour, by payment method, top items, by user and by branch",
    query: z.object({
      date: isoDateSchema.optional(),
      branchId: z.string().min(1).max(64).optional(),
    }),
    response: salesDashboard,
  },
});
