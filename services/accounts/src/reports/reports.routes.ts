import {
  accountsReportRoutes as r,
  accountStatementReport,
  balanceSheetReport,
  costCenterReport,
  entitiesOf,
  generalLedgerReport,
  incomeStatementReport,
  journalListingReport,
  trialBalanceReport,
  vatSummaryReport,
} from '@erp/contracts';
import {
  reportHandler,
  requirePrincipal,
  tenantScope,
  type BoundRoute,
  type ReportResult,
  type RequestContext,
  type ServiceDeps,
} from '@erp/service-kit';
import { balanceSheet, costCenterMovements, incomeStatement } from './financial-statements';
import { accountStatement, generalLedger, journalListing } from './line-reports';
import { vatSummary } from '../vat/vat-summary';
import { trialBalance } from './trial-balance';

/** Rows in code order, reversed when the caller asks for descending codes. */
const ordered = <T>(result: ReportResult<T>, order: 'asc' | 'desc'): ReportResult<T> =>
  order === 'desc' ? { ...result, rows: [...result.rows].reverse() } : result;

/**
 * The accounts reports (/api/AccountsReports/...), each bound to its declaration: the engine validates the
 * parameters (400), refuses a branch the caller may not use (403) and names the accounts and cost centers;
 * without a branch, a caller limited to branches sees only theirs (period-sums.ts, `branchesOf`).
 */
export function accountsReportHandlers(deps: ServiceDeps): BoundRoute[] {
  const engine = {
    scope: (ctx: RequestContext) => tenantScope(deps.db, requirePrincipal(ctx).tenantId),
    entities: entitiesOf('accounts'),
  };
  return [
    reportHandler(trialBalanceReport, r.trialBalance, engine, async (q) =>
      ordered(await trialBalance(q.s, q.ctx, q.params), q.sort.order),
    ),
    reportHandler(accountStatementReport, r.accountStatement, engine, (q) =>
      accountStatement(q.s, q.ctx, { ...q.params, page: q.page, pageSize: q.pageSize }),
    ),
    reportHandler(generalLedgerReport, r.generalLedger, engine, (q) =>
      generalLedger(q.s, q.ctx, { ...q.params, page: q.page, pageSize: q.pageSize }),
    ),
    reportHandler(journalListingReport, r.journalListing, engine, (q) =>
      journalListing(q.s, q.ctx, { ...q.params, page: q.page, pageSize: q.pageSize }),
    ),
    reportHandler(incomeStatementReport, r.incomeStatement, engine, async (q) =>
      ordered(await incomeStatement(q.s, q.ctx, q.params), q.sort.order),
    ),
    reportHandler(balanceSheetReport, r.balanceSheet, engine, async (q) =>
      ordered(await balanceSheet(q.s, q.ctx, q.params), q.sort.order),
    ),
    reportHandler(costCenterReport, r.costCenters, engine, async (q) =>
      ordered(await costCenterMovements(q.s, q.ctx, q.params), q.sort.order),
    ),
    reportHandler(vatSummaryReport, r.vatSummary, engine, async (q) =>
      ordered(await vatSummary(q.s, q.ctx, q.params), q.sort.order),
    ),
  ];
}
