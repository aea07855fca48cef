import {
  documentsOf,
  entitiesOf,
  inventoryRoutes,
  items,
  manufacturingOrders,
  Permission,
} from '@erp/contracts';
import { documentScreens, masterDataScreens, type ScreenRegistry } from '@erp/ui-kit';
import { ItemsReportsScreen } from './screens/ItemsReportsScreen';
import { ManufacturingExchangeScreen } from './screens/ManufacturingExchangeScreen';
import { StockTransactionsScreen } from './screens/StockTransactionsScreen';
import { inventoryPaths } from './paths';

/**
 * The screens of this app, keyed by the manifest route they render: the kit's generic master-data screen per
 * entity of the inventory service (the items list with the spec's Excel import and export), the kit's
 * generic document screen per stock document, and the app's own: the stock transactions (/orders) and the
 * items reports hub (/items-reports), and a manufacturing order's exchange order (/view/{id}).
 */
export const screens: ScreenRegistry = {
  ...masterDataScreens(entitiesOf('inventory'), {
    dataMigration: { [items.name]: inventoryRoutes.exportItems.path },
  }),
  ...documentScreens(documentsOf('inventory'), {
    links: {
      [manufacturingOrders.name]: [
        {
          labelKey: 'mfe_inventory:exchange.open',
          icon: 'pi pi-file-export',
          permission: Permission.editManufacturingOrders,
          to: (id) => inventoryPaths.manufacturingExchange.replace(':id', encodeURIComponent(id)),
        },
      ],
    },
  }),
  [inventoryPaths.stockTransactions]: StockTransactionsScreen,
  [inventoryPaths.itemsReports]: ItemsReportsScreen,
  [inventoryPaths.manufacturingExchange]: ManufacturingExchangeScreen,
};
