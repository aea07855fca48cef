export { accountsReportHandlers } from './reports.routes';
