/**
 * The app's own screens beside its main data and documents: the spec's report hub and dashboard, and its safe
 * transactions (cashiers' shifts) with their close (section 2).
 */
export const salesPaths = {
  salesReports: '/sales-reports',
  salesDashboard: '/sales-dashboard',
  safeTransactions: '/safe-transaction',
  closeSafeTransaction: '/safe-transaction/close/:id',
  /** The till (issue 15): the spec's menu calls it 'pos-invoice'. */
  pointOfSale: '/point-of-sale',
  /** The till making a sales quotation (the spec's menu 'pos-quotation'). */
  posQuotation: '/pos-quotation',
  /** The till opened on the branch's hung (held) invoices (the spec's menu 'hung invoices'). */
  hungInvoices: '/hung-invoices',
} as const;
