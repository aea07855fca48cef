import { documentsOf, manufacturingOrders, Permission } from '@erp/contracts';
import { documentScreens, type ScreenRegistry } from '@erp/ui-kit';
import { inventoryPaths } from './paths';

/**
 * The kit's document screen per stock document, which loads when the first of them opens (one chunk, apart from
 * the reports and transactions of ./later-screens, so a document form never fetches a report's DataTable).
 */
export const documentScreenRegistry: ScreenRegistry = documentScreens(documentsOf('inventory'), {
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
});
