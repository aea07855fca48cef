/** The inventory app's own texts (namespace 'mfe_inventory') in English, the fallback language. */
export const en = {
  title: 'Inventory',
  stockTransactions: 'Stock transactions',
  itemsReports: 'Items reports',
  manufacturingExchange: 'Manufacturing exchange order',
  exchange: {
    movement: 'Movement',
    consumed: 'Issued (component)',
    produced: 'Received (product)',
    order: 'Manufacturing order',
    totalCost: 'Cost of the components',
    open: 'Exchange order',
  },
  orders: {
    search: 'Search by document code',
    allTypes: 'All document types',
    documentType: 'Document type',
    lines: 'Lines',
    open: 'Open the document',
  },
  reports: {
    stockBalance: 'Stock balance',
    itemMovements: 'Item movement card',
    belowLimits: 'Items below limits',
    valuation: 'Stock valuation at a date',
    print: 'Print',
    allStores: 'All stores',
    search: 'Search items',
    nonZero: 'Only items with a balance',
    atDate: 'At the date',
    dateFrom: 'From',
    dateTo: 'To',
    averageCost: 'Average cost',
    recosting: 'Being re-costed',
    quantityIn: 'In',
    quantityOut: 'Out',
    balance: 'Balance',
    balanceValue: 'Balance value',
    opening: 'Opening balance',
    closing: 'Closing balance',
    chooseItem: 'Choose an item by its code, barcode or name to see its movements.',
    limit: 'Limit',
  },
};

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
export type InventoryMessages = DeepStrings<typeof en>;
