import { defineEntity } from './declare';
import { notes, otherNames, same, treeFields } from './entities-shared';

/** The accounts service's main data (spec section 2): cash and bank lists, payment methods, the trees. */
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
