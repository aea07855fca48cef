export * from './define';
export * from './inventory';
export * from './accounts';
export * from './vat-summary';
export * from './accounts-report-routes';
export * from './sales';
