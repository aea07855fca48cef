import { Permission as P } from '../permissions';

/**
 * What several parts of the main data share (entities.ts gathers them). Where the spec names only a view
 * permission, the same name guards saving (`same`).
 */
export const same = <N extends keyof typeof P>(name: N) => ({ view: P[name], add: P[name], edit: P[name] });
export const notes = { name: 'notes', kind: 'textarea' } as const;

/**
 * Customers and suppliers share the spec's dealer fields (section 3); the national address is what a ZATCA
 * tax invoice needs for a company buyer (design.md section 9). Tax and mobile numbers must not be used before.
 */
export const dealerFields = [
  { name: 'phone', kind: 'phone', list: true, search: true, unique: true },
  { name: 'landline', kind: 'text', max: 20 },
  { name: 'email', kind: 'email' },
  { name: 'contactPerson', kind: 'text', max: 120, list: true },
  { name: 'taxNumber', kind: 'taxNumber', list: true, search: true, unique: true },
  { name: 'isCompany', kind: 'boolean' },
  { name: 'creditLimit', kind: 'decimal', minValue: 0, aboveMin: true },
  { name: 'allowanceDays', kind: 'integer', minValue: 0, maxValue: 3650 },
  { name: 'startDealingDate', kind: 'date' },
  { name: 'suspended', kind: 'boolean', list: true },
  { name: 'bankAccountNumber', kind: 'text', max: 34 },
  { name: 'iban', kind: 'iban' },
  { name: 'country', kind: 'text', max: 60 },
  { name: 'city', kind: 'text', max: 60, list: true, search: true },
  { name: 'district', kind: 'text', max: 60 },
  { name: 'streetName', kind: 'text', max: 120 },
  { name: 'buildingNumber', kind: 'text', max: 4 },
  { name: 'postalCode', kind: 'text', max: 5 },
  { name: 'extraNumber', kind: 'text', max: 4 },
  { name: 'anotherId', kind: 'text', max: 30 },
  { name: 'address', kind: 'text', max: 300 },
  notes,
] as const;

/**
 * The trees of the accounts service (spec sections 3 and 5). A sub-record needs a parent; its level is its
 * depth, filled by the engine; accounts go no deeper than the branch's maximum account level. The names in
 * French, German, Portuguese and Kurdish are optional: the default chart has them, so every language reads it.
 */
export const treeFields = (entity: string) =>
  [
    { name: 'parentId', kind: 'reference', reference: entity, list: true },
    { name: 'isSub', kind: 'boolean', list: true },
    { name: 'level', kind: 'integer', computed: true, list: true },
  ] as const;
export const otherNames = [
  { name: 'frenchName', kind: 'text', max: 200 },
  { name: 'germanName', kind: 'text', max: 200 },
  { name: 'portugueseName', kind: 'text', max: 200 },
  { name: 'kurdishName', kind: 'text', max: 200 },
] as const;
