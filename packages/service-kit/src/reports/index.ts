export * from './engine';
export * from './totals';
export * from './xlsx';
