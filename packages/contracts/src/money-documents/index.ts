export * from './invoice-totals';
