export * from './define';
export * from './inventory';
export * from './accounts';
export * from './accounts-report-routes';
