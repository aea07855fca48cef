/**
 * The contracts' declarations without zod, decimal.js or the phone metadata: permissions, the master-data
 * entities and the documents as data. Manifests and the shell's first paint import this entry (issue 3), so the
 * rules load with the first screen that needs them (`@erp/contracts`, a shared module of the web apps).
 */
export * from './permissions';
export * from './master-data/declare';
export * from './master-data/entities';
export * from './documents/declare';
export * from './documents/stock';
export * from './documents/vouchers';
export * from './lists';
