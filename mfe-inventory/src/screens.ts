import { documentsOf, entitiesOf } from '@erp/contracts/src/declare';
import { lazyScreens, masterDataScreens, type ScreenRegistry } from '@erp/ui-kit';
import { documentRoutesOf } from '@erp/ui-kit/src/declare';
import { inventoryPaths } from './paths';

/**
 * The screens of this app, keyed by the manifest route they render: the kit's generic master-data screen per
 * entity of the inventory service (the items list with the spec's Excel import and export), and the documents,
 * transactions and reports, whose code loads when the first of each group opens (./document-screens, then
 * ./later-screens: a document form never fetches the reports' tables).
 */
// not read from the manifest: it imports the titles of six languages, which the screens fetch one at a time
const documentPaths = documentsOf('inventory')
  .flatMap(documentRoutesOf)
  .map((r) => r.path);

export const screens: ScreenRegistry = {
  ...masterDataScreens(entitiesOf('inventory')),
  ...lazyScreens(documentPaths, () => import('./document-screens').then((m) => m.documentScreenRegistry)),
  ...lazyScreens(Object.values(inventoryPaths), () => import('./later-screens').then((m) => m.laterScreens)),
};
