/** The app's own screens at the spec's paths (section 2). */
export const inventoryPaths = {
  stockTransactions: '/orders',
  itemsReports: '/items-reports',
  /** A manufacturing order's exchange order (the spec's '/view/{id} manufacturing exchange order'). */
  manufacturingExchange: '/view/:id',
} as const;
