import { documentsOf, entitiesOf } from '@erp/contracts';
import { documentScreens, masterDataScreens, type ScreenRegistry } from '@erp/ui-kit';

/**
 * The screens of this app, keyed by the manifest route they render: the kit's generic master-data screen per
 * entity of the sales service, and the kit's document screen per sales document (quotations, orders, invoices,
 * returns: the money form with its totals per tax category and its payments).
 */
export const screens: ScreenRegistry = {
  ...masterDataScreens(entitiesOf('sales')),
  ...documentScreens(documentsOf('sales')),
};
