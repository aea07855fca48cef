/** The app's own screens beside its main data and documents: the spec's report hub and dashboard (section 2). */
export const salesPaths = {
  salesReports: '/sales-reports',
  salesDashboard: '/sales-dashboard',
  /** The till (issue 15). */
  pointOfSale: '/point-of-sale',
} as const;
