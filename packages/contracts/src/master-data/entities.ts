import { Permission as P } from '../permissions';
import { defineEntity, type EntityDef, type FieldCheck } from './declare';

/**
 * The spec's 'Main data' lists (section 2), each in the service that owns it (design.md section 2).
 * Where the spec names only a view permission, the same name guards saving (the route's meta permission
 * decides whether the save button is shown, spec section 2).
 */
const same = <N extends keyof typeof P>(name: N) => ({ view: P[name], add: P[name], edit: P[name] });
const notes = { name: 'notes', kind: 'textarea' } as const;

/**
 * Customers and suppliers share the spec's dealer fields (section 3); the national address is what a ZATCA
 * tax invoice needs for a company buyer (design.md section 9). Tax and mobile numbers must not be used before.
 */
const dealerFields = [
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

// ---- accounts ------------------------------------------------------------------------------------

export const expenseTypes = defineEntity({
  name: 'expenseTypes',
  service: 'accounts',
  route: '/expense-type',
  apiPath: '/api/ExpenseTypes',
  permissions: same('viewExpenses'),
  fields: [notes],
  menu: { group: 'mainData', icon: 'pi pi-arrow-up-right' },
});

export const incomeTypes = defineEntity({
  name: 'incomeTypes',
  service: 'accounts',
  route: '/income-type',
  apiPath: '/api/IncomeTypes',
  permissions: same('viewIncomes'),
  fields: [notes],
  menu: { group: 'mainData', icon: 'pi pi-arrow-down-left' },
});

export const revenueTypes = defineEntity({
  name: 'revenueTypes',
  service: 'accounts',
  route: '/revenue-type',
  apiPath: '/api/RevenueTypes',
  permissions: { view: null, add: null, edit: null },
  fields: [notes],
  menu: { group: 'mainData', icon: 'pi pi-chart-line' },
});

export const banks = defineEntity({
  name: 'banks',
  service: 'accounts',
  route: '/banks',
  apiPath: '/api/Banks',
  permissions: same('viewBanks'),
  fields: [
    { name: 'accountNumber', kind: 'text', max: 34, list: true, search: true, unique: true },
    { name: 'iban', kind: 'iban', list: true, search: true, unique: true },
    { name: 'branchName', kind: 'text', max: 120 },
    { name: 'phone', kind: 'phone' },
    notes,
  ],
  menu: { group: 'mainData', icon: 'pi pi-building-columns' },
});

export const safes = defineEntity({
  name: 'safes',
  service: 'accounts',
  route: '/safes',
  apiPath: '/api/Safes',
  permissions: same('viewSafes'),
  fields: [
    { name: 'branchId', kind: 'reference', reference: 'branches', required: true, list: true },
    { name: 'isActive', kind: 'boolean', defaultValue: true, list: true },
    notes,
  ],
  menu: { group: 'mainData', icon: 'pi pi-wallet' },
});

export const paymentMethods = defineEntity({
  name: 'paymentMethods',
  service: 'accounts',
  route: '/payment-methods',
  apiPath: '/api/PaymentMethods',
  permissions: same('viewPaymentMethods'),
  fields: [
    {
      name: 'kind',
      kind: 'enum',
      options: ['cash', 'card', 'bankTransfer', 'cheque', 'wallet', 'other'],
      required: true,
      list: true,
    },
    { name: 'bankId', kind: 'reference', reference: 'banks', list: true },
    { name: 'commissionPercentage', kind: 'decimal', minValue: 0, maxValue: 100, noRounding: true },
    { name: 'isActive', kind: 'boolean', defaultValue: true, list: true },
  ],
  menu: { group: 'mainData', icon: 'pi pi-credit-card' },
});

export const exchangeDestinations = defineEntity({
  name: 'exchangeDestinations',
  service: 'accounts',
  route: '/exchange-destinations',
  apiPath: '/api/ExchangeDestinations',
  permissions: same('viewExchangeDestinations'),
  fields: [notes],
  menu: { group: 'mainData', icon: 'pi pi-directions' },
});

/**
 * The trees of the accounts service (spec sections 3 and 5). A sub-record needs a parent; its level is its
 * depth, filled by the engine; accounts go no deeper than the branch's maximum account level. The names in
 * French, German, Portuguese and Kurdish are optional: the default chart has them, so every language reads it.
 */
const treeFields = (entity: string) =>
  [
    { name: 'parentId', kind: 'reference', reference: entity, list: true },
    { name: 'isSub', kind: 'boolean', list: true },
    { name: 'level', kind: 'integer', computed: true, list: true },
  ] as const;
const otherNames = [
  { name: 'frenchName', kind: 'text', max: 200 },
  { name: 'germanName', kind: 'text', max: 200 },
  { name: 'portugueseName', kind: 'text', max: 200 },
  { name: 'kurdishName', kind: 'text', max: 200 },
] as const;

/** Account groups (the spec's /accountGroups): a tree that gathers accounts for reports. */
export const accountGroups = defineEntity({
  name: 'accountGroups',
  service: 'accounts',
  route: '/accountGroups',
  apiPath: '/api/AccountGroups',
  permissions: same('viewAccountGroups'),
  fields: [...treeFields('accountGroups'), notes],
  menu: { group: 'mainData', icon: 'pi pi-objects-column' },
  tree: { parent: 'parentId', sub: 'isSub', level: 'level', view: 'tree' },
});

/** The chart of accounts (/chart-of-account): code, names, parent, nature, type, level (spec section 3). */
export const accounts = defineEntity({
  name: 'accounts',
  service: 'accounts',
  route: '/chart-of-account',
  apiPath: '/api/Accounts',
  permissions: same('viewAccounts'),
  fields: [
    ...treeFields('accounts'),
    { name: 'nature', kind: 'enum', options: ['debit', 'credit'], required: true, list: true },
    {
      name: 'accountType',
      kind: 'enum',
      options: ['balanceSheet', 'incomeStatement'],
      required: true,
      list: true,
    },
    { name: 'accountGroupId', kind: 'reference', reference: 'accountGroups' },
    { name: 'isActive', kind: 'boolean', defaultValue: true, list: true },
    ...otherNames,
    notes,
  ],
  menu: { group: 'accounts', icon: 'pi pi-sitemap' },
  tree: { parent: 'parentId', sub: 'isSub', level: 'level', maxLevel: 'branchAccountLevel', view: 'tree' },
});

/** Cost centers (/cost-center): a tree; 'same for sub cost centers' (spec section 5). */
export const costCenters = defineEntity({
  name: 'costCenters',
  service: 'accounts',
  route: '/cost-center',
  apiPath: '/api/CostCenters',
  permissions: same('viewCostCenters'),
  fields: [
    ...treeFields('costCenters'),
    { name: 'isActive', kind: 'boolean', defaultValue: true, list: true },
    notes,
  ],
  menu: { group: 'accounts', icon: 'pi pi-share-alt' },
  tree: { parent: 'parentId', sub: 'isSub', level: 'level', view: 'tree' },
});

// ---- sales ---------------------------------------------------------------------------------------

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

// ---- purchases -----------------------------------------------------------------------------------

export const suppliers = defineEntity({
  name: 'suppliers',
  service: 'purchases',
  route: '/suppliers',
  apiPath: '/api/Suppliers',
  permissions: { view: P.viewSuppliers, add: P.addSuppliers, edit: P.editSuppliers },
  fields: dealerFields,
  menu: { group: 'dealers', icon: 'pi pi-truck' },
});

// ---- restaurant ----------------------------------------------------------------------------------

export const tables = defineEntity({
  name: 'tables',
  service: 'restaurant',
  route: '/tables',
  apiPath: '/api/Tables',
  permissions: same('viewTables'),
  fields: [
    { name: 'tableNumber', kind: 'integer', required: true, minValue: 1, unique: true, list: true },
    { name: 'chairs', kind: 'integer', required: true, minValue: 1, maxValue: 100, list: true },
    { name: 'section', kind: 'text', max: 60, list: true, search: true },
    { name: 'isActive', kind: 'boolean', defaultValue: true, list: true },
  ],
  menu: { group: 'mainData', icon: 'pi pi-table', flags: ['restaurant'] },
});

// ---- concrete ------------------------------------------------------------------------------------

export const carColors = defineEntity({
  name: 'carColors',
  service: 'concrete',
  route: '/car-colors',
  apiPath: '/api/CarColors',
  permissions: same('viewColor'),
  fields: [],
  menu: { group: 'mainData', icon: 'pi pi-palette', flags: ['concrete', 'carShowroom'] },
});

export const carTypes = defineEntity({
  name: 'carTypes',
  service: 'concrete',
  route: '/cars-types',
  apiPath: '/api/CarTypes',
  permissions: same('viewCarTypes'),
  fields: [
    { name: 'kind', kind: 'enum', options: ['mixer', 'pump', 'truck', 'other'], required: true, list: true },
  ],
  menu: { group: 'mainData', icon: 'pi pi-sitemap', flags: ['concrete', 'carShowroom'] },
});

export const cars = defineEntity({
  name: 'cars',
  service: 'concrete',
  route: '/cars',
  apiPath: '/api/Cars',
  permissions: { view: P.viewCars, add: P.addCars, edit: P.editCars },
  fields: [
    { name: 'plateNumber', kind: 'text', max: 20, required: true, unique: true, list: true, search: true },
    { name: 'chassisNumber', kind: 'text', max: 30, unique: true, list: true, search: true },
    { name: 'carTypeId', kind: 'reference', reference: 'carTypes', list: true },
    { name: 'carColorId', kind: 'reference', reference: 'carColors', list: true },
    { name: 'model', kind: 'text', max: 40, list: true },
    // mixer drum or pump capacity in cubic metres
    { name: 'capacity', kind: 'decimal', minValue: 0 },
    { name: 'isActive', kind: 'boolean', defaultValue: true, list: true },
  ],
  menu: { group: 'mainData', icon: 'pi pi-car', flags: ['concrete', 'carShowroom'] },
});

export const drivers = defineEntity({
  name: 'drivers',
  service: 'concrete',
  route: '/drivers',
  apiPath: '/api/Drivers',
  permissions: { view: P.viewDrivers, add: P.addDrivers, edit: P.editDrivers },
  fields: [
    { name: 'phone', kind: 'phone', list: true, search: true, unique: true },
    { name: 'licenseNumber', kind: 'text', max: 30, list: true, unique: true },
    { name: 'carId', kind: 'reference', reference: 'cars', list: true },
    { name: 'isActive', kind: 'boolean', defaultValue: true, list: true },
  ],
  menu: { group: 'mainData', icon: 'pi pi-id-card', flags: ['concrete'] },
});

export const projects = defineEntity({
  name: 'projects',
  service: 'concrete',
  route: '/projects',
  apiPath: '/api/Projects',
  permissions: same('viewProjects'),
  fields: [
    { name: 'address', kind: 'text', max: 300, list: true, search: true },
    { name: 'contactPerson', kind: 'text', max: 120 },
    { name: 'phone', kind: 'phone' },
    notes,
  ],
  menu: { group: 'mainData', icon: 'pi pi-briefcase', flags: ['concrete', 'contractsAndConstruction'] },
});

export const cementTypes = defineEntity({
  name: 'cementTypes',
  service: 'concrete',
  route: '/cementTypes',
  apiPath: '/api/CementTypes',
  permissions: same('viewCementTypes'),
  fields: [notes],
  menu: { group: 'concrete', icon: 'pi pi-box', flags: ['concrete'] },
});

export const castingTypes = defineEntity({
  name: 'castingTypes',
  service: 'concrete',
  route: '/castingTypes',
  apiPath: '/api/CastingTypes',
  permissions: same('viewCastingTypes'),
  fields: [notes],
  menu: { group: 'concrete', icon: 'pi pi-objects-column', flags: ['concrete'] },
});

export const maxTemperatures = defineEntity({
  name: 'maxTemperatures',
  service: 'concrete',
  route: '/maxTemperature',
  apiPath: '/api/MaxTemperatures',
  permissions: same('viewMaxTemperature'),
  fields: [
    { name: 'temperature', kind: 'decimal', required: true, minValue: -50, maxValue: 100, list: true },
  ],
  menu: { group: 'concrete', icon: 'pi pi-sun', flags: ['concrete'] },
});

// ---- inventory -----------------------------------------------------------------------------------

export const units = defineEntity({
  name: 'units',
  service: 'inventory',
  route: '/units',
  apiPath: '/api/Units',
  permissions: { view: P.viewUnits, add: P.addUnits, edit: P.editUnits },
  fields: [{ name: 'isActive', kind: 'boolean', defaultValue: true, list: true }],
  menu: { group: 'items', icon: 'pi pi-calculator' },
});

/** Stores (the spec's /warehouses). A store linked to a transaction cannot be deleted (spec section 5). */
export const stores = defineEntity({
  name: 'stores',
  service: 'inventory',
  route: '/warehouses',
  apiPath: '/api/Stores',
  permissions: same('viewStores'),
  fields: [
    { name: 'branchId', kind: 'reference', reference: 'branches', required: true, list: true },
    { name: 'keeper', kind: 'text', max: 120, list: true, search: true },
    { name: 'phone', kind: 'phone' },
    { name: 'address', kind: 'text', max: 300 },
    { name: 'isActive', kind: 'boolean', defaultValue: true, list: true },
    notes,
  ],
  menu: { group: 'items', icon: 'pi pi-warehouse' },
});

/** Item categories; a category with sub-categories (a parent) cannot be used on items (spec section 5). */
export const itemCategories = defineEntity({
  name: 'itemCategories',
  service: 'inventory',
  route: '/items-category',
  apiPath: '/api/ItemCategories',
  permissions: same('viewItemCategories'),
  fields: [
    { name: 'parentId', kind: 'reference', reference: 'itemCategories', list: true },
    { name: 'isActive', kind: 'boolean', defaultValue: true, list: true },
    notes,
  ],
  menu: { group: 'items', icon: 'pi pi-sitemap' },
  tree: { parent: 'parentId' },
});

export const taxes = defineEntity({
  name: 'taxes',
  service: 'inventory',
  route: '/taxs',
  apiPath: '/api/Taxes',
  permissions: same('viewTaxTypes'),
  fields: [
    {
      name: 'rate',
      kind: 'decimal',
      required: true,
      minValue: 0,
      maxValue: 100,
      noRounding: true,
      list: true,
    },
    {
      name: 'category',
      kind: 'enum',
      // the ZATCA (EN 16931) VAT category codes: standard, zero rated, exempt, out of scope
      options: ['S', 'Z', 'E', 'O'],
      required: true,
      defaultValue: 'S',
      list: true,
    },
    { name: 'isActive', kind: 'boolean', defaultValue: true, list: true },
  ],
  menu: { group: 'items', icon: 'pi pi-percentage' },
});

const priceLine = (name: string) => ({ name, kind: 'decimal', minValue: 0 }) as const;

/**
 * Items (spec section 3 and 5): main unit with its barcode and prices; sub-units whose conversion rate (main
 * units in one sub-unit) is above one, each with its own barcode and prices; min < sales < max price; cost,
 * minimum and reorder limits and opening balances zero or more; components for manufactured items; the
 * balance-item (scale) code of five digits. Barcodes and scale codes are unique per tenant.
 */
export const items = defineEntity({
  name: 'items',
  service: 'inventory',
  route: '/Items',
  apiPath: '/api/Items',
  permissions: { view: P.viewItems, add: P.addItems, edit: P.editItems },
  fields: [
    { name: 'barcode', kind: 'text', max: 40, required: true, list: true, search: true, unique: true },
    { name: 'categoryId', kind: 'reference', reference: 'itemCategories', required: true, list: true },
    { name: 'mainUnitId', kind: 'reference', reference: 'units', required: true, list: true },
    { ...priceLine('salesPrice'), list: true },
    priceLine('minSalesPrice'),
    priceLine('maxSalesPrice'),
    priceLine('costPrice'),
    priceLine('minimumLimit'),
    priceLine('reorderLimit'),
    { name: 'taxId', kind: 'reference', reference: 'taxes', defaultWhere: { category: 'S', isActive: true } },
    { name: 'isStoredItem', kind: 'boolean', defaultValue: true },
    { name: 'isTaxable', kind: 'boolean', defaultValue: true },
    { name: 'isActive', kind: 'boolean', defaultValue: true, list: true },
    { name: 'isManufacturingItem', kind: 'boolean' },
    { name: 'isBalanceItem', kind: 'boolean' },
    { name: 'scaleCode', kind: 'text', digits: 5, unique: true, noRounding: true },
    { name: 'place', kind: 'text', max: 60 },
    {
      name: 'units',
      kind: 'lines',
      lineKey: ['unitId'],
      maxLines: 10,
      lineFields: [
        { name: 'unitId', kind: 'reference', reference: 'units', required: true },
        {
          name: 'conversionRate',
          kind: 'decimal',
          required: true,
          minValue: 1,
          aboveMin: true,
          noRounding: true,
        },
        { name: 'barcode', kind: 'text', max: 40, unique: true },
        priceLine('salesPrice'),
        priceLine('minSalesPrice'),
        priceLine('maxSalesPrice'),
      ],
    },
    {
      name: 'openingBalances',
      kind: 'lines',
      lineKey: ['storeId'],
      maxLines: 100,
      lineFields: [
        { name: 'storeId', kind: 'reference', reference: 'stores', required: true },
        { name: 'quantity', kind: 'decimal', required: true, minValue: 0 },
        { name: 'unitCost', kind: 'decimal', minValue: 0 },
      ],
    },
    {
      name: 'components',
      kind: 'lines',
      lineKey: ['itemId', 'unitId'],
      maxLines: 100,
      lineFields: [
        { name: 'itemId', kind: 'reference', reference: 'items', required: true },
        { name: 'unitId', kind: 'reference', reference: 'units', required: true },
        { name: 'quantity', kind: 'decimal', required: true, minValue: 0, aboveMin: true },
      ],
    },
    notes,
  ],
  menu: { group: 'items', icon: 'pi pi-box' },
  dataMigration: {
    name: 'Items',
    columns: [
      'code',
      'arabicName',
      'englishName',
      'barcode',
      { key: 'category', field: 'categoryId' },
      { key: 'mainUnit', field: 'mainUnitId' },
      'salesPrice',
      'minSalesPrice',
      'maxSalesPrice',
      'costPrice',
      'minimumLimit',
      'reorderLimit',
      'isStoredItem',
      'isTaxable',
      'isActive',
    ],
  },
  checks: (v) => {
    const issues: { field: string; code: string }[] = [];
    const n = (x: unknown) => (x === null || x === undefined || x === '' ? null : Number(x));
    // compared as numbers only for ordering; stored values stay exact decimal strings
    const [min, sales, max] = [n(v.minSalesPrice), n(v.salesPrice), n(v.maxSalesPrice)];
    if (min !== null && sales !== null && min >= sales)
      issues.push({ field: 'minSalesPrice', code: 'validation.minBelowSales' });
    if (max !== null && sales !== null && sales >= max)
      issues.push({ field: 'maxSalesPrice', code: 'validation.salesBelowMax' });
    if (v.isBalanceItem === true && !v.scaleCode)
      issues.push({ field: 'scaleCode', code: 'validation.required' });
    const lines = (v.units as { unitId?: string; barcode?: string }[] | undefined) ?? [];
    if (lines.some((l) => l.unitId && l.unitId === v.mainUnitId))
      issues.push({ field: 'units', code: 'validation.repeatedLine' });
    const codes = [v.barcode, ...lines.map((l) => l.barcode)].filter((b): b is string => Boolean(b));
    if (new Set(codes).size !== codes.length)
      issues.push({ field: 'units', code: 'validation.repeatedBarcode' });
    if (v.isManufacturingItem === true && ((v.components as unknown[] | undefined) ?? []).length === 0)
      issues.push({ field: 'components', code: 'validation.required' });
    return issues;
  },
});

/** Price lists: items with unit and price (spec section 3). */
export const priceLists = defineEntity({
  name: 'priceLists',
  service: 'inventory',
  route: '/price-list',
  apiPath: '/api/PriceLists',
  permissions: { view: P.viewPriceLists, add: P.addPriceLists, edit: P.editPriceLists },
  fields: [
    { name: 'isActive', kind: 'boolean', defaultValue: true, list: true },
    {
      name: 'items',
      kind: 'lines',
      lineKey: ['itemId', 'unitId'],
      maxLines: 5000,
      lineFields: [
        { name: 'itemId', kind: 'reference', reference: 'items', required: true },
        { name: 'unitId', kind: 'reference', reference: 'units', required: true },
        { name: 'price', kind: 'decimal', required: true, minValue: 0 },
      ],
    },
    notes,
  ],
  menu: { group: 'items', icon: 'pi pi-tags', flags: ['priceLists'] },
});

export const masterDataEntities: readonly EntityDef[] = [
  expenseTypes,
  incomeTypes,
  banks,
  safes,
  revenueTypes,
  paymentMethods,
  exchangeDestinations,
  accountGroups,
  accounts,
  costCenters,
  areas,
  discountTypes,
  dealersClassifications,
  agents,
  agentItineraries,
  customers,
  suppliers,
  tables,
  carColors,
  carTypes,
  cars,
  drivers,
  projects,
  cementTypes,
  castingTypes,
  maxTemperatures,
  units,
  stores,
  itemCategories,
  taxes,
  items,
  priceLists,
];

export function entitiesOf(service: string): EntityDef[] {
  return masterDataEntities.filter((e) => e.service === service);
}
