export * from './content-sniffing';
