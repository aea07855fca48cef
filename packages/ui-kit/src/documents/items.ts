import { dec, formatDecimal } from '@erp/contracts';
import type { ReferenceOption } from '../master-data/references';

/** An item as the catalog returns it (`entityRecordSchema(items)`), the parts a document line needs. */
export interface CatalogItem {
  id: string;
  code: string;
  arabicName: string;
  englishName: string;
  barcode?: string;
  mainUnitId?: string | null;
  costPrice?: string | null;
  salesPrice?: string | null;
  isTaxable?: boolean;
  units?: readonly {
    unitId: string | null;
    conversionRate: string | null;
    barcode?: string;
    salesPrice?: string | null;
  }[];
}

/** What the item cell hands the line: the item and the unit it names (a sub-unit's barcode names that unit). */
export interface ItemMatch {
  item: CatalogItem;
  unitId: string | null;
}

/** The units a line of this item may use: its main unit, then its sub-units (spec section 3). */
export function unitChoices(
  item: CatalogItem | undefined,
  unitNames: ReadonlyMap<string, string>,
): ReferenceOption[] {
  if (!item) return [];
  const ids = [item.mainUnitId, ...(item.units ?? []).map((u) => u.unitId)].filter(
    (id): id is string => typeof id === 'string' && id !== '',
  );
  return [...new Set(ids)].map((id) => ({ value: id, label: unitNames.get(id) ?? id }));
}

/** How many main units one `unitId` holds for this item: 1 for the main unit, the sub-unit's rate else. */
export function conversionRateOf(item: CatalogItem, unitId: string | null): string {
  if (!unitId || unitId === item.mainUnitId) return '1';
  return item.units?.find((u) => u.unitId === unitId)?.conversionRate ?? '1';
}

/**
 * The cost a receipt line starts with: the item's cost price (per main unit) times the unit's conversion
 * rate, rounded to the branch's digits; empty when the item has none (the service then uses the store's
 * weighted-average cost).
 */
export function defaultUnitCost(item: CatalogItem, unitId: string | null, digits: number): string {
  if (item.costPrice === null || item.costPrice === undefined || item.costPrice === '') return '';
  return formatDecimal(dec(item.costPrice).times(conversionRateOf(item, unitId)), digits);
}

/**
 * The price a sales line starts with: the unit's own sales price, else the item's (per main unit) times the
 * unit's rate; kept to four decimals (the tax arithmetic rounds the totals, never the price). Empty: none.
 */
export function defaultSalesPrice(item: CatalogItem, unitId: string | null): string {
  const own = item.units?.find((u) => u.unitId === unitId && unitId !== item.mainUnitId)?.salesPrice;
  if (own) return own;
  if (item.salesPrice === null || item.salesPrice === undefined || item.salesPrice === '') return '';
  return dec(item.salesPrice).times(conversionRateOf(item, unitId)).toDecimalPlaces(4).toString();
}
