export { fiscalYearsMigration } from './fiscal-migration';
export { closedPeriodIssue, refuseClosedPeriod } from './closed-periods';
export { fiscalRouteHandlers } from './fiscal.routes';
export { closeFiscalYear, closingLines, reopenFiscalYear, YEAR_CLOSE_SOURCE } from './year-close';
