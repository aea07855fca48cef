import { noAccountLinks, type Branch } from '@erp/contracts';

/** The branch policies and their choices (contracts' branchPolicies), in the order the form shows them. */
export const policyOptions = {
  costPrice: ['weightedAverage', 'lastPurchase'],
  minimumSalesPrice: ['block', 'warn', 'ignore'],
  negativeBalance: ['block', 'allow'],
  minimumLimit: ['warn', 'ignore'],
  reorderLimit: ['warn', 'ignore'],
  stocktakingMethod: ['countedItemsOnly', 'wholeStore'],
  tax: ['exclusive', 'inclusive'],
  discount: ['perLine', 'perInvoice', 'both'],
  customerPhone: ['optional', 'required'],
} as const satisfies Record<keyof Branch['policies'], readonly string[]>;

export const switchNames = [
  'enablePriceLists',
  'enableCostCenters',
  'multiStore',
  'editableTransactionDates',
  'immediateStockUpdateOnSales',
  'immediateStockUpdateOnPurchases',
  'bypassCreditLimit',
  'sellBelowCost',
  'serialPerYear',
  'automaticPosting',
  'allowZeroQuantity',
  'allowZeroPrice',
] as const satisfies readonly (keyof Branch['switches'])[];

export type BranchForm = Omit<Branch, 'id' | 'isMaster'>;

export const EMPTY_BRANCH: BranchForm = {
  code: '',
  arabicName: '',
  englishName: '',
  decimalDigits: 2,
  phone: '',
  address: '',
  notes: '',
  commercialRegistrationNumber: '',
  buildingNumber: '',
  streetName: '',
  district: '',
  city: '',
  postalCode: '',
  additionalNumber: '',
  timezone: 'Asia/Riyadh',
  dayStartTime: '00:00',
  dayEndTime: '23:59',
  profitMargin: '0',
  allowancePeriod: 0,
  discountLevel: '0',
  maxAccountLevel: 6,
  defaultCustomerId: null,
  defaultStoreId: null,
  defaultPriceListId: null,
  policies: {
    costPrice: 'weightedAverage',
    minimumSalesPrice: 'warn',
    negativeBalance: 'block',
    minimumLimit: 'warn',
    reorderLimit: 'warn',
    stocktakingMethod: 'countedItemsOnly',
    tax: 'exclusive',
    discount: 'both',
    customerPhone: 'optional',
  },
  switches: {
    enablePriceLists: false,
    enableCostCenters: false,
    multiStore: false,
    editableTransactionDates: false,
    immediateStockUpdateOnSales: true,
    immediateStockUpdateOnPurchases: true,
    bypassCreditLimit: false,
    sellBelowCost: false,
    serialPerYear: false,
    automaticPosting: false,
    allowZeroQuantity: false,
    allowZeroPrice: false,
  },
  accountLinks: noAccountLinks,
};

export function branchToForm(branch: Branch): BranchForm {
  const { id: _id, isMaster: _master, ...rest } = branch;
  return {
    ...EMPTY_BRANCH,
    ...rest,
    policies: { ...branch.policies },
    switches: { ...branch.switches },
    accountLinks: { ...noAccountLinks, ...branch.accountLinks },
  };
}

/** Trimmed texts; the decimals as the contracts' decimal strings. */
export function branchPayload(form: BranchForm): BranchForm {
  const trimmed = Object.fromEntries(
    Object.entries(form).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]),
  ) as BranchForm;
  return {
    ...trimmed,
    profitMargin: trimmed.profitMargin || '0',
    discountLevel: trimmed.discountLevel || '0',
  };
}

/** The IANA time zones the browser knows (the region's first), else the usual ones of the market. */
export function timeZones(): string[] {
  const preferred = [
    'Asia/Riyadh',
    'Asia/Dubai',
    'Asia/Kuwait',
    'Asia/Qatar',
    'Asia/Bahrain',
    'Asia/Muscat',
    'Asia/Baghdad',
    'Asia/Amman',
    'Africa/Cairo',
    'Europe/Istanbul',
    'UTC',
  ];
  const all = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return [...preferred, ...all.filter((z) => !preferred.includes(z))];
}
