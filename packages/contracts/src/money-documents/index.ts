export * from './invoice-totals';
export * from './fields';
export * from './zatca-qr';
