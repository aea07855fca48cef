import {
  agedReceivablesReport,
  customerStatementReport,
  salesByAgentReport,
  salesByCustomerReport,
  salesByInvoiceReport,
  salesByItemReport,
  salesInvoices,
  salesReportRoutes as r,
  salesReturnsReport,
} from '@erp/contracts';
import {
  documentEntities,
  handle,
  reportHandler,
  requirePrincipal,
  tenantScope,
  type BoundRoute,
  type RequestContext,
  type ServiceDeps,
} from '@erp/service-kit';
import { salesDashboard } from './dashboard';
import { salesByItem } from './by-item';
import { salesByAgent, salesByCustomer } from './dealers';
import { agedReceivables, customerStatement } from './receivables';
import { salesByInvoice, salesReturns } from './sales-reports';

/**
 * The sales reports (/api/SalesReports/...), each bound to its declaration (contracts/reports/sales.ts): the
 * engine validates the parameters (400), refuses a branch the caller may not use (403) and names the customers,
 * agents, items, units and branches the rows name; without a branch, a caller limited to branches sees only
 * theirs (sales-reports.ts, `branchesOf`; by-item.ts, dealers.ts and receivables.ts read through it). The dashboard answers its figures in one call.
 */
export function salesReportHandlers(deps: ServiceDeps): BoundRoute[] {
  const scope = (ctx: RequestContext) => tenantScope(deps.db, requirePrincipal(ctx).tenantId);
  // the documents' references: the service's entities and the items, units and branches it keeps replicas of
  const engine = { scope, entities: documentEntities(salesInvoices) };
  return [
    reportHandler(salesByInvoiceReport, r.byInvoice, engine, salesByInvoice),
    reportHandler(salesByItemReport, r.byItem, engine, salesByItem),
    reportHandler(salesByCustomerReport, r.byCustomer, engine, salesByCustomer),
    reportHandler(salesByAgentReport, r.byAgent, engine, salesByAgent),
    reportHandler(salesReturnsReport, r.returns, engine, salesReturns),
    reportHandler(customerStatementReport, r.customerStatement, engine, customerStatement),
    reportHandler(agedReceivablesReport, r.agedReceivables, engine, agedReceivables),
    handle(r.dashboard, async ({ ctx, query }) => salesDashboard(scope(ctx), ctx, query)),
  ];
}
