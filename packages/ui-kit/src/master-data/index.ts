export * from './form-model';
export * from './manifest-parts';
export * from './references';
export * from './MasterDataForm';
export * from './MasterDataScreen';
export * from './DataMigration';
export * from './server-list';
export * from './ListToolbar';
