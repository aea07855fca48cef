export * from './client';
export * from './problem';
