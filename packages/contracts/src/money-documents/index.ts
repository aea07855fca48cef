export * from './invoice-totals';
export * from './fields';
