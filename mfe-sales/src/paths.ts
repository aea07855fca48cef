/**
 * The app's own screens beside its main data and documents: the spec's report hub and dashboard, and its safe
 * transactions (cashiers' shifts) with their close (section 2).
 */
export const salesPaths = {
  salesReports: '/sales-reports',
  salesDashboard: '/sales-dashboard',
  safeTransactions: '/safe-transaction',
  closeSafeTransaction: '/safe-transaction/close/:id',
  /** The till (issue 15). */
  pointOfSale: '/point-of-sale',
} as const;
