export * from './define';
export * from './inventory';
