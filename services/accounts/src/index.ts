import { entitiesOf } from '@erp/contracts';
import {
  documentKitMigration,
  idempotencyKitMigration,
  masterDataRoutes,
  replicaHandlers,
  replicaMigration,
  replicaSettingsMigration,
  starterRecords,
  starterRecordsMigration,
  treeLocksMigration,
  type ServiceModule,
} from '@erp/service-kit';
import { chartHooks, chartMigration, defaultChartStarters } from './chart';
import {
  fiscalRouteHandlers,
  fiscalYearsMigration,
  periodsVersionMigration,
  republishPeriods,
} from './fiscal';
import { journalRouteHandlers } from './journal';
import { accountsMigrations } from './migrations';
import { postingHandlers, postingMigration, postingRouteHandlers } from './posting';
import { accountInUse, costCenterInUse, voucherRoutes, vouchersMigration } from './vouchers';

const starters = starterRecords(defaultChartStarters());

/**
 * accounts: chart of accounts, account groups and cost centers (trees on the master-data engine), vouchers,
 * posting, cash and bank documents, the journal (journal/) and the journal vouchers posted to it (vouchers/); a new tenant starts with the default chart (chart/default-chart.ts).
 */
export const accountsModule: ServiceModule = {
  name: 'accounts',
  migrations: [
    replicaMigration,
    replicaSettingsMigration,
    ...accountsMigrations,
    starterRecordsMigration,
    chartMigration,
    documentKitMigration,
    idempotencyKitMigration,
    vouchersMigration,
    treeLocksMigration,
    postingMigration,
    fiscalYearsMigration,
    periodsVersionMigration,
  ],
  routes: (deps) => [
    ...masterDataRoutes(deps, entitiesOf('accounts'), chartHooks({ accountInUse, costCenterInUse })),
    ...journalRouteHandlers(deps),
    ...postingRouteHandlers(deps),
    ...voucherRoutes(deps),
    ...fiscalRouteHandlers(deps),
  ],
  consumers: () => starters.withHandlers({ ...replicaHandlers, ...postingHandlers }),
  seed: (deps) => starters.seed(deps),
  // the closed periods, for the document engine's guard in the other services
  republish: () => republishPeriods,
};
