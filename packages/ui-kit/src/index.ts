export * from './contract';
export * from './manifest';
export * from './i18n';
export * from './ErrorBoundary';
export * from './ErrorPanel';
export * from './feature';
export * from './master-data';
