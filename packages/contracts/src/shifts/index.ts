export * from './safe-transactions';
