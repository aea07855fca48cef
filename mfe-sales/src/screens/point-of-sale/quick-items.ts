import type { PosCatalogItem } from '@erp/contracts';
import type { BarcodeIndex } from './barcode-index';

/** At most this many buttons: a grid a cashier reads at a glance (the rest are a scan or F2 away). */
export const QUICK_ITEMS_MAX = 48;

const byCode = new Intl.Collator('en', { numeric: true });

/**
 * The till's quick items (issue 15 deliverable 1): the active items flagged `showInPos` in master data (the
 * item's "quick item at the till"), so one list serves every till of the company and is kept offline with the
 * catalogue; in code order, so the buttons stay where the cashier learnt them. An item without a main unit
 * cannot be sold by a tap and is left out.
 */
export function quickItemsOf(index: BarcodeIndex, max = QUICK_ITEMS_MAX): PosCatalogItem[] {
  const out: PosCatalogItem[] = [];
  for (const item of index.byId.values()) if (item.quickItem && item.mainUnitId) out.push(item);
  return out.sort((a, b) => byCode.compare(a.code, b.code) || a.id.localeCompare(b.id)).slice(0, max);
}
