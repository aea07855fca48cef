import { documentsOf, entitiesOf } from '@erp/contracts';
import { documentScreens, lazyScreens, masterDataScreens, type ScreenRegistry } from '@erp/ui-kit';
import { salesPaths } from './paths';

/**
 * The screens of this app, keyed by the manifest route they render: the kit's generic master-data screen per
 * entity of the sales service, and the kit's document screen per sales document (quotations, orders, invoices,
 * returns: the money form with its totals per tax category and its payments), the report hub and the dashboard,
 * the shifts (safe transactions) and their close.
 */
export const screens: ScreenRegistry = {
  ...masterDataScreens(entitiesOf('sales')),
  ...documentScreens(documentsOf('sales')),
  // the report hub and the dashboard load when one first opens
  ...lazyScreens([salesPaths.salesReports, salesPaths.salesDashboard], () =>
    Promise.all([import('./screens/SalesReportsScreen'), import('./screens/SalesDashboardScreen')]).then(
      ([reports, dashboard]) => ({
        [salesPaths.salesReports]: reports.SalesReportsScreen,
        [salesPaths.salesDashboard]: dashboard.SalesDashboardScreen,
      }),
    ),
  ),
  // the shifts (safe transactions): their list and their close with the Z report, one chunk
  ...lazyScreens([salesPaths.safeTransactions, salesPaths.closeSafeTransaction], () =>
    Promise.all([
      import('./screens/safe-transactions/SafeTransactionsScreen'),
      import('./screens/safe-transactions/CloseSafeTransactionScreen'),
    ]).then(([list, close]) => ({
      [salesPaths.safeTransactions]: list.SafeTransactionsScreen,
      [salesPaths.closeSafeTransaction]: close.CloseSafeTransactionScreen,
    })),
  ),
  // the till loads on its own: a cashier opens nothing else (one screen: invoice, quotation, hung invoices)
  ...lazyScreens([salesPaths.pointOfSale, salesPaths.posQuotation, salesPaths.hungInvoices], () =>
    import('./screens/point-of-sale/PointOfSaleScreen').then((m) => ({
      [salesPaths.pointOfSale]: m.PointOfSaleScreen,
      [salesPaths.posQuotation]: m.PointOfSaleScreen,
      [salesPaths.hungInvoices]: m.PointOfSaleScreen,
    })),
  ),
};
