export * from './embedded';
export * from './config';
