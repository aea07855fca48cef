export { fiscalYearsMigration, periodsVersionMigration } from './fiscal-migration';
export { closedPeriodIssue, refuseClosedPeriod } from './closed-periods';
export { fiscalRouteHandlers } from './fiscal.routes';
export { announcePeriods, raisePeriodsVersion, republishPeriods } from './periods-event';
export { closeFiscalYear, closingLines, reopenFiscalYear, YEAR_CLOSE_SOURCE } from './year-close';
