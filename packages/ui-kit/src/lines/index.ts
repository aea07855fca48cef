export * from './LinesGrid';
