export * from './define';
export * from './stock';
