export * from './FieldInput';
export * from './SelectInput';
export * from './DateInput';
export * from './DateFilter';
