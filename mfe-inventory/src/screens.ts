import { documentsOf, entitiesOf, inventoryRoutes, items } from '@erp/contracts';
import { documentScreens, masterDataScreens, type ScreenRegistry } from '@erp/ui-kit';
import { ItemsReportsScreen } from './screens/ItemsReportsScreen';
import { StockTransactionsScreen } from './screens/StockTransactionsScreen';
import { inventoryPaths } from './manifest';

/**
 * The screens of this app, keyed by the manifest route they render: the kit's generic master-data screen per
 * entity of the inventory service (the items list with the spec's Excel import and export), the kit's
 * generic document screen per stock document, and the app's own: the stock transactions (/orders) and the
 * items reports hub (/items-reports).
 */
export const screens: ScreenRegistry = {
  ...masterDataScreens(entitiesOf('inventory'), {
    dataMigration: { [items.name]: inventoryRoutes.exportItems.path },
  }),
  ...documentScreens(documentsOf('inventory')),
  [inventoryPaths.stockTransactions]: StockTransactionsScreen,
  [inventoryPaths.itemsReports]: ItemsReportsScreen,
};
