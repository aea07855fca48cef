import type { PosCatalogItem } from '@erp/contracts';

/**
 * The till's stored catalogue pages as rows of values, not objects (issue 15, warm open with 100,000 items under
 * 2 s): each item a JSON array in a fixed field order, so a page stores no field names. With 100,000 items the
 * stored text is about 40 % smaller than the items' own JSON, and the warm open reads it back from IndexedDB
 * and parses it in that much less time (and holds that much less text in memory while it does).
 *
 * A stored page is `{ rows: '<json>' }`; a page stored before (version 2's first form) is the items' JSON as a
 * string, still read.
 */
export interface CatalogRowsPage {
  rows: string;
}

type Unit = PosCatalogItem['units'][number];
type UnitRow = [Unit['unitId'], Unit['conversionRate'], Unit['barcode'], Unit['salesPrice']];
type Row = [
  id: string,
  code: string,
  arabicName: string,
  englishName: string,
  flags: number,
  barcode: string,
  scaleCode: string,
  mainUnitId: string | null,
  salesPrice: string | null,
  minSalesPrice: string | null,
  taxCategory: PosCatalogItem['taxCategory'],
  taxRate: string,
  units: UnitRow[],
];

/** The item's booleans in one number: a bit each. */
const DELETED = 1;
const ACTIVE = 2;
const BALANCE = 4;
const QUICK = 8;

function rowOf(i: PosCatalogItem): Row {
  const flags =
    (i.deleted ? DELETED : 0) |
    (i.isActive ? ACTIVE : 0) |
    (i.isBalanceItem ? BALANCE : 0) |
    (i.quickItem ? QUICK : 0);
  return [
    i.id,
    i.code,
    i.arabicName,
    i.englishName,
    flags,
    i.barcode,
    i.scaleCode,
    i.mainUnitId,
    i.salesPrice,
    i.minSalesPrice,
    i.taxCategory,
    i.taxRate,
    i.units.map((u): UnitRow => [u.unitId, u.conversionRate, u.barcode, u.salesPrice]),
  ];
}

function itemOf(r: Row): PosCatalogItem {
  const flags = r[4];
  return {
    id: r[0],
    code: r[1],
    arabicName: r[2],
    englishName: r[3],
    deleted: (flags & DELETED) !== 0,
    isActive: (flags & ACTIVE) !== 0,
    barcode: r[5],
    isBalanceItem: (flags & BALANCE) !== 0,
    scaleCode: r[6],
    quickItem: (flags & QUICK) !== 0,
    mainUnitId: r[7],
    salesPrice: r[8],
    minSalesPrice: r[9],
    taxCategory: r[10],
    taxRate: r[11],
    units: r[12].map((u) => ({ unitId: u[0], conversionRate: u[1], barcode: u[2], salesPrice: u[3] })),
  };
}

/** A page as it is stored. */
export const catalogPageOf = (items: readonly PosCatalogItem[]): CatalogRowsPage => ({
  rows: JSON.stringify(items.map(rowOf)),
});

/** A stored page's items, in their order, whichever form it was stored in. */
export function itemsOfPage(page: CatalogRowsPage | string): PosCatalogItem[] {
  if (typeof page === 'string') return JSON.parse(page) as PosCatalogItem[];
  return (JSON.parse(page.rows) as Row[]).map(itemOf);
}
