import { Permission as P } from '../permissions';
import { defineEntity, type FieldCheck } from './declare';
import { same, notes, dealerFields } from './entities-shared';

/** The sales service's main data (spec sections 2 and 3): areas, discount types, dealers and agents. */
export const areas = defineEntity({
  name: 'areas',
  service: 'sales',
  route: '/areas',
  apiPath: '/api/Areas',
  permissions: same('viewAreas'),
  fields: [notes],
  menu: { group: 'mainData', icon: 'pi pi-map' },
});

export const discountTypes = defineEntity({
  name: 'discountTypes',
  service: 'sales',
  route: '/discount-types',
  apiPath: '/api/DiscountTypes',
  permissions: { view: P.viewDiscountTypes, add: P.addDiscountTypes, edit: P.editDiscountTypes },
  fields: [
    // discountPercentage is one of the spec's rounding exceptions (section 5)
    {
      name: 'discountPercentage',
      kind: 'decimal',
      required: true,
      minValue: 0,
      maxValue: 100,
      noRounding: true,
      list: true,
    },
    { name: 'secretCode', kind: 'secret', max: 20 },
    { name: 'allowedUsers', kind: 'references', reference: 'users' },
    { name: 'isActive', kind: 'boolean', defaultValue: true, list: true },
  ],
  menu: { group: 'mainData', icon: 'pi pi-percentage' },
});

export const dealersClassifications = defineEntity({
  name: 'dealersClassifications',
  service: 'sales',
  route: '/dealersClassification',
  apiPath: '/api/DealersClassifications',
  permissions: {
    view: P.viewDealersClassification,
    add: P.addDealersClassification,
    edit: P.editDealersClassification,
  },
  fields: [{ name: 'isActive', kind: 'boolean', defaultValue: true, list: true }, notes],
  menu: { group: 'dealers', icon: 'pi pi-tags' },
});

/**
 * Sales agents (spec section 3): what they deal in, what earns a commission, the commission's ranges by
 * amount and its ceiling. Ranges follow the spec's rules (section 5): each ends above its start, and a stage
 * starts no lower than where the previous one ended.
 */
export const agents = defineEntity({
  name: 'agents',
  service: 'sales',
  route: '/agents',
  apiPath: '/api/Agents',
  permissions: { view: P.viewAgents, add: P.addAgents, edit: P.editAgents },
  fields: [
    { name: 'phone', kind: 'phone', list: true, search: true, unique: true },
    { name: 'nature', kind: 'enum', options: ['sell', 'buy', 'both'], defaultValue: 'sell', list: true },
    {
      name: 'commissionChannel',
      kind: 'enum',
      options: ['sale', 'collection', 'both'],
      defaultValue: 'sale',
      list: true,
    },
    { name: 'commissionPercentage', kind: 'decimal', minValue: 0, maxValue: 100, noRounding: true },
    { name: 'maxCommission', kind: 'decimal', minValue: 0, aboveMin: true },
    { name: 'isActive', kind: 'boolean', defaultValue: true, list: true },
    {
      name: 'commissionRanges',
      kind: 'lines',
      maxLines: 50,
      lineFields: [
        { name: 'fromAmount', kind: 'decimal', required: true, minValue: 0 },
        { name: 'toAmount', kind: 'decimal', required: true, minValue: 0 },
        {
          name: 'commissionType',
          kind: 'enum',
          options: ['percentage', 'value'],
          defaultValue: 'percentage',
        },
        { name: 'commission', kind: 'decimal', required: true, minValue: 0, noRounding: true },
      ],
    },
    notes,
  ],
  menu: { group: 'dealers', icon: 'pi pi-user' },
  checks: (v) => commissionRangeIssues(v.commissionRanges),
});

type RangeLine = { fromAmount?: unknown; toAmount?: unknown; commissionType?: unknown; commission?: unknown };

/** Spec section 5, commission ranges; `line` is the range's number on the screen (1-based). */
function commissionRangeIssues(ranges: unknown): FieldCheck[] {
  const issues: FieldCheck[] = [];
  const n = (x: unknown) => (x === null || x === undefined || x === '' ? null : Number(x));
  // compared as numbers only for ordering; the stored values stay exact decimal strings
  ((ranges as RangeLine[] | undefined) ?? []).forEach((r, i, all) => {
    const [from, to, value] = [n(r.fromAmount), n(r.toAmount), n(r.commission)];
    const line = i + 1;
    if (from !== null && to !== null && to <= from)
      issues.push({ field: 'commissionRanges', code: 'validation.rangeEndAboveStart', params: { line } });
    const previousEnd = i > 0 ? n(all[i - 1]!.toAmount) : null;
    if (from !== null && previousEnd !== null && from < previousEnd)
      issues.push({
        field: 'commissionRanges',
        code: 'validation.rangeStartBelowPrevious',
        params: { line, previous: line - 1 },
      });
    if (r.commissionType === 'percentage' && value !== null && value > 100)
      issues.push({ field: 'commissionRanges', code: 'validation.max', params: { maximum: 100 } });
  });
  return issues;
}

/** The route an agent takes: a week day, an area and the customers visited there. */
export const agentItineraries = defineEntity({
  name: 'agentItineraries',
  service: 'sales',
  route: '/agentItinerary',
  apiPath: '/api/AgentItineraries',
  permissions: same('viewAgentItinerary'),
  fields: [
    { name: 'agentId', kind: 'reference', reference: 'agents', required: true, list: true },
    {
      name: 'weekDay',
      kind: 'enum',
      options: ['saturday', 'sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
      list: true,
    },
    { name: 'areaId', kind: 'reference', reference: 'areas', list: true },
    { name: 'customers', kind: 'references', reference: 'customers' },
    notes,
  ],
  menu: { group: 'dealers', icon: 'pi pi-directions' },
});

/**
 * Customers: the dealer fields, then what only a customer has. The price list (inventory) and the account
 * (accounts) live in other services: the engine checks them against its replicas of those services' main data.
 */
export const customers = defineEntity({
  name: 'customers',
  service: 'sales',
  route: '/customers',
  apiPath: '/api/Customers',
  permissions: { view: P.viewCustomers, add: P.addCustomers, edit: P.editCustomers },
  fields: [
    ...dealerFields,
    { name: 'areaId', kind: 'reference', reference: 'areas', list: true },
    { name: 'isCashCustomer', kind: 'boolean' },
    { name: 'agentId', kind: 'reference', reference: 'agents', list: true },
    { name: 'classificationId', kind: 'reference', reference: 'dealersClassifications', list: true },
    { name: 'priceListId', kind: 'reference', reference: 'priceLists' },
    { name: 'accountId', kind: 'reference', reference: 'accounts' },
    { name: 'openingDebit', kind: 'decimal', minValue: 0 },
    { name: 'openingCredit', kind: 'decimal', minValue: 0 },
  ],
  menu: { group: 'dealers', icon: 'pi pi-users' },
  dataMigration: {
    name: 'Customers',
    columns: [
      'code',
      'arabicName',
      'englishName',
      'phone',
      'landline',
      'email',
      'contactPerson',
      'taxNumber',
      'isCompany',
      { key: 'area', field: 'areaId' },
      { key: 'agent', field: 'agentId' },
      { key: 'classification', field: 'classificationId' },
      { key: 'priceList', field: 'priceListId' },
      { key: 'account', field: 'accountId' },
      'creditLimit',
      'allowanceDays',
      'startDealingDate',
      'suspended',
      'isCashCustomer',
      'bankAccountNumber',
      'iban',
      'country',
      'city',
      'district',
      'streetName',
      'buildingNumber',
      'postalCode',
      'extraNumber',
      'anotherId',
      'address',
      'openingDebit',
      'openingCredit',
      'notes',
    ],
  },
});
