export * from './embedded';
export * from './config';
export * from './distributed';
export * from './backup';
