import { adminRoutes, replicaSourceRoutes, replicaSources } from './admin';
import { serviceNames, type RouteSpec } from './http';
import { identityRoutes } from './identity-routes';
import { entityRoutes, masterDataEntities } from './master-data';
import { documentDefinitions, documentRoutes } from './documents';
import { inventoryRoutes } from './inventory-routes';
import { accountsRoutes } from './accounts-routes';
import { bulkPostingRoutes } from './bulk-posting-routes';
import { accountsReportRoutes } from './reports/accounts-report-routes';
import { salesReportRoutes } from './reports/sales';
import { jobRoutes } from './jobs';
import { posRoutes } from './pos/pos-routes';
import { posReceiptRoutes } from './pos/receipt-routes';
import { safeTransactionRoutes } from './shifts/safe-transactions';

/** Every public route of the product: the gateway routes, guards and documents from this list. */
export const allRoutes: readonly RouteSpec[] = [
  ...Object.values(identityRoutes),
  ...masterDataEntities.flatMap(entityRoutes),
  ...Object.values(inventoryRoutes),
  ...Object.values(accountsRoutes),
  ...Object.values(bulkPostingRoutes),
  ...Object.values(accountsReportRoutes),
  ...Object.values(salesReportRoutes),
  ...Object.values(posRoutes),
  ...Object.values(posReceiptRoutes),
  ...Object.values(safeTransactionRoutes),
  ...documentDefinitions.flatMap(documentRoutes),
  ...[...serviceNames, 'gateway' as const].flatMap((s) => Object.values(adminRoutes(s))),
  ...serviceNames.flatMap((s) => Object.values(jobRoutes(s))),
  ...replicaSources.flatMap((s) => Object.values(replicaSourceRoutes(s))),
];
