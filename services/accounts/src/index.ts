import { accounts as chartAccounts, entitiesOf, safes } from '@erp/contracts';
import {
  republishAll,
  republishEntities,
  documentKitMigration,
  idempotencyKitMigration,
  masterDataRoutes,
  mergeHandlers,
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
import { balancesMigration } from './balances/balances-migration';
import { yearBalancesMigration } from './balances/year-balances-migration';
import { customersReplicaHandlers, customersReplicaMigration } from './customers-replica';
import { chartHooks, chartMigration, defaultChartStarters } from './chart';
import {
  fiscalRouteHandlers,
  fiscalYearsMigration,
  periodsVersionMigration,
  republishPeriods,
} from './fiscal';
import { journalRouteHandlers, reversalIndexMigration, sparseIndexesMigration } from './journal';
import { accountsMigrations } from './migrations';
import {
  bulkPostingJob,
  bulkPostingMigration,
  bulkPostingRouteHandlers,
  postingHandlers,
  postingCodesMigration,
  postingMigration,
  postingMoneyMigration,
  postingRouteHandlers,
  registerPostableTypes,
} from './posting';
import { accountsReportHandlers } from './reports';
import { taxTagsMigration } from './vat/vat-migration';
import { accountInUse, costCenterInUse, voucherRoutes, vouchersMigration } from './vouchers';
import { closingVouchersMigration } from './vouchers/closing-migration';

const starters = starterRecords(defaultChartStarters());

/**
 * accounts: chart of accounts, account groups and cost centers (trees on the master-data engine), vouchers,
 * posting, cash and bank documents, the journal (journal/), the journal vouchers posted to it (vouchers/) and bulk posting (posting/); a new tenant starts with the default chart (chart/default-chart.ts).
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
    balancesMigration,
    treeLocksMigration,
    postingMigration,
    bulkPostingMigration,
    fiscalYearsMigration,
    postingCodesMigration,
    periodsVersionMigration,
    taxTagsMigration,
    customersReplicaMigration,
    closingVouchersMigration,
    yearBalancesMigration,
    postingMoneyMigration,
    companyBusinessTypesMigration,
    companyPosConfigurationMigration,
    reversalIndexMigration,
    sparseIndexesMigration,
  ],
  routes: (deps) => {
    registerPostableTypes(deps);
    return [
      ...masterDataRoutes(deps, entitiesOf('accounts'), chartHooks({ accountInUse, costCenterInUse })),
      ...journalRouteHandlers(deps),
      ...postingRouteHandlers(deps),
      // before the vouchers' `/:id` routes: `/api/Vouchers/post` names no voucher
      ...bulkPostingRouteHandlers(deps),
      ...voucherRoutes(deps),
      ...fiscalRouteHandlers(deps),
      ...accountsReportHandlers(deps),
    ];
  },
  jobs: (deps) => [bulkPostingJob(deps)],
  consumers: () =>
    starters.withHandlers(
      mergeHandlers({ ...replicaHandlers, ...postingHandlers }, customersReplicaHandlers),
    ),
  seed: (deps) => starters.seed(deps),
  // the closed periods, for the document engine's guard in the other services
  // the chart's accounts too: sales' customers name them; and the safes, which sales' shifts open on (a tenant of
  // before sales kept them gets them with POST /api/admin/accounts/replicas/republish)
  republish: () => republishAll(republishPeriods, republishEntities([chartAccounts, safes])),
};
