export * from './define';
export * from './stock';
export * from './vouchers';
export * from './sales';
