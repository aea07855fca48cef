export * from './scale-barcode';
