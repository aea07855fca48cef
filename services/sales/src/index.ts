import { customers, entitiesOf, salesDocuments } from '@erp/contracts';
import {
  closedPeriodHandlers,
  closedPeriodsMigration,
  documentEngineRoutes,
  documentKitMigration,
  foreignEntitiesOf,
  foreignReplicaHandlers,
  idempotencyKitMigration,
  masterDataJobs,
  masterDataRoutes,
  mergeHandlers,
  replicaHandlers,
  replicaMigration,
  replicaSettingsMigration,
  companyBusinessTypesMigration,
  companyPosConfigurationMigration,
  republishEntities,
  starterRecords,
  starterRecordsMigration,
  treeLocksMigration,
  type ServiceModule,
} from '@erp/service-kit';
import { salesDocumentHooks } from './documents/hooks';
import { keptEntities, salesReplicaHandlers } from './documents/replicas';
import { salesMigrations } from './migrations';
import { posHandlers } from './pos/pos.routes';
import { salesReportHandlers } from './reports/reports.routes';
import { safeTransactionHandlers } from './shifts/safe-transactions.routes';
import { salesStarters } from './starters';

const starters = starterRecords(salesStarters);

/**
 * sales: customers, agents and their main data; quotations, sales orders, invoices and returns on the
 * money-document engine, whose issue moves stock (inventory) and the ledger (accounts) by events. Accounts keeps
 * a replica of its customers.
 */
export const salesModule: ServiceModule = {
  name: 'sales',
  migrations: [
    replicaMigration,
    replicaSettingsMigration,
    ...salesMigrations.slice(0, 3),
    starterRecordsMigration,
    treeLocksMigration,
    documentKitMigration,
    idempotencyKitMigration,
    closedPeriodsMigration,
    ...salesMigrations.slice(3),
    companyBusinessTypesMigration,
    companyPosConfigurationMigration,
  ],
  routes: (deps) => [
    ...masterDataRoutes(deps, entitiesOf('sales')),
    ...documentEngineRoutes(deps, salesDocuments, salesDocumentHooks(deps)),
    ...salesReportHandlers(deps),
    ...posHandlers(deps),
    ...safeTransactionHandlers(deps),
  ],
  jobs: (deps) => masterDataJobs(deps, entitiesOf('sales')),
  consumers: () =>
    starters.withHandlers(
      mergeHandlers(
        replicaHandlers,
        foreignReplicaHandlers([...foreignEntitiesOf(entitiesOf('sales')), ...keptEntities]),
        closedPeriodHandlers,
        salesReplicaHandlers,
      ),
    ),
  seed: (deps) => starters.seed(deps),
  republish: () => republishEntities([customers]),
};
