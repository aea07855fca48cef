import { entitiesOf, priceLists, stockDocuments } from '@erp/contracts';
import {
  republishAll,
  republishEntities,
  closedPeriodHandlers,
  closedPeriodsMigration,
  documentCloseJob,
  documentEngineRoutes,
  masterDataJobs,
  masterDataRoutes,
  replicaHandlers,
  replicaMigration,
  replicaSettingsMigration,
  companyBusinessTypesMigration,
  companyPosConfigurationMigration,
  starterRecords,
  starterRecordsMigration,
  treeLocksMigration,
  type ServiceModule,
} from '@erp/service-kit';
import { catalogHooks, republishItems } from './catalog';
import { stockDocumentHandlers } from './consumers';
import { recostJob } from './ledger/deferred';
import { inventoryMigrations } from './migrations';
import { inventoryRouteHandlers } from './routes';
import { stockDocumentHooks } from './stock-documents';
import { inventoryStarters } from './starters';

const starters = starterRecords(inventoryStarters);

/** inventory: the catalog, the stock ledger with weighted-average cost per store, stock documents, reports. */
export const inventoryModule: ServiceModule = {
  // its re-costing job runs in a job thread, which loads this module anew
  source: { file: __filename, exportName: 'inventoryModule' },
  name: 'inventory',
  migrations: [
    replicaMigration,
    replicaSettingsMigration,
    ...inventoryMigrations,
    starterRecordsMigration,
    treeLocksMigration,
    closedPeriodsMigration,
    companyBusinessTypesMigration,
    companyPosConfigurationMigration,
  ],
  routes: (deps) => [
    ...inventoryRouteHandlers(deps),
    ...masterDataRoutes(deps, entitiesOf('inventory'), catalogHooks),
    ...documentEngineRoutes(deps, stockDocuments, stockDocumentHooks),
  ],
  consumers: () =>
    starters.withHandlers({
      ...replicaHandlers,
      ...closedPeriodHandlers,
      ...stockDocumentHandlers,
    }),
  seed: (deps) => starters.seed(deps),
  jobs: (deps) => [
    // the items' Excel import (/api/data-migration/Items), declared with the items
    ...masterDataJobs(deps, entitiesOf('inventory'), catalogHooks),
    recostJob(deps),
    documentCloseJob(deps),
  ],
  // items for every service's documents; price lists for sales' customers
  republish: () => republishAll(republishItems, republishEntities([priceLists])),
};
