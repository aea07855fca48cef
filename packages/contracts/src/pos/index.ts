export * from './till-chain';
export * from './pos-routes';
export * from './till-sale';
export * from './scale-barcode';
export * from './receipt-routes';
