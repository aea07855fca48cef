export * from './shortcuts';
