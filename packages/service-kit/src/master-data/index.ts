export * from './replicas';
export * from './tables';
export * from './store';
export * from './routes';
export * from './secrets';
export * from './export';
export * from './module';
export * from './search-index';
