import { entitiesOf } from '@erp/contracts';
import { masterDataScreens, type ScreenRegistry } from '@erp/ui-kit';

/**
 * The screens of this app, keyed by the manifest route they render: one generic master-data screen per entity
 * of the sales service (the kit's `MasterDataScreen`); the app's own screens join them as they land.
 */
export const screens: ScreenRegistry = {
  ...masterDataScreens(entitiesOf('sales')),
};
