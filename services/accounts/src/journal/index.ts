export * from './append';
export { checkEntryLines } from './entry-rules';
export * from './chain-hash';
export * from './verify';
export * from './journal.routes';
export { journalMigration } from './journal-migration';
export { reversalIndexMigration } from './reversal-index-migration';
export { sparseIndexesMigration } from './sparse-indexes-migration';
