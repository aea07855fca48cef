export * from './documents-migration';
export * from './store';
export * from './routes';
export * from './branch-settings';
