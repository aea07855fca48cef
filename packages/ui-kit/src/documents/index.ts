export * from './document-model';
export * from './items';
export * from './manifest-parts';
export * from './manifest-messages';
export * from './ItemPicker';
export * from './DocumentScreen';
export * from './item-lines';
export * from './count-sheet';
