export * from './ReportView';
export * from './ReportFilters';
export * from './report-cells';
export * from './report-actions';
