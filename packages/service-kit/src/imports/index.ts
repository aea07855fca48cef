export * from './zip-archive';
export * from './csv-rows';
export * from './xlsx-rows';
export * from './spreadsheet';
