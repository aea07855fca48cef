import type { ScreenRegistry } from '@erp/ui-kit';
import { ItemsReportsScreen } from './screens/ItemsReportsScreen';
import { ManufacturingExchangeScreen } from './screens/ManufacturingExchangeScreen';
import { StockTransactionsScreen } from './screens/StockTransactionsScreen';
import { inventoryPaths } from './paths';

/**
 * The screens that load when the first of them opens (one chunk): the stock transactions (/orders), the items
 * reports hub (/items-reports) and a manufacturing order's exchange order (/view/{id}). The documents' screens
 * are ./document-screens.
 */
export const laterScreens: ScreenRegistry = {
  [inventoryPaths.stockTransactions]: StockTransactionsScreen,
  [inventoryPaths.itemsReports]: ItemsReportsScreen,
  [inventoryPaths.manufacturingExchange]: ManufacturingExchangeScreen,
};
