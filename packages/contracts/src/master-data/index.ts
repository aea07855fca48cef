export * from './define';
export * from './entities';
