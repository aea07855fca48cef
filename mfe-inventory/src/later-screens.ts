import { documentsOf, manufacturingOrders, Permission } from '@erp/contracts';
import { documentScreens, type ScreenRegistry } from '@erp/ui-kit';
import { ItemsReportsScreen } from './screens/ItemsReportsScreen';
import { ManufacturingExchangeScreen } from './screens/ManufacturingExchangeScreen';
import { StockTransactionsScreen } from './screens/StockTransactionsScreen';
import { inventoryPaths } from './paths';

/**
 * The screens that load when the first of them opens (one chunk): the kit's document screen per stock document,
 * the stock transactions (/orders), the items reports hub (/items-reports) and a manufacturing order's exchange
 * order (/view/{id}).
 */
export const laterScreens: ScreenRegistry = {
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
