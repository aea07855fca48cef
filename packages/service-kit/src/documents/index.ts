export * from './tables';
export * from './store';
export * from './routes';
export * from './branch-settings';
export * from './fiscal-year';
