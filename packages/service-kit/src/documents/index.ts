export * from './documents-migration';
export * from './store';
export * from './routes';
export * from './branch-settings';
export * from './fiscal-year';
export * from './close-job';
export * from './transitions';
export * from './closed-periods';
export { withConversions } from './conversion';
