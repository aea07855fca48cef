import { Permission as P } from '../permissions';
import { defineEntity } from './declare';
import { same, notes } from './entities-shared';

/** The inventory service's main data (spec sections 2 and 3): units, stores, categories, taxes, items, price lists. */
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
    // a quick item: a button on every till's grid (issue 15 deliverable 1), kept offline with the catalogue
    { name: 'showInPos', kind: 'boolean' },
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
