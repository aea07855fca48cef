import 'fake-indexeddb/auto';
import type { PosCatalogItem } from '@erp/contracts';
import { seeded } from '../../../../tests/support/seeded';
import { catalogPageOf, itemsOfPage } from './catalog-rows';
import { allItems, catalogRecords, compactCatalog, openTillDb, storeCatalogPage } from './till-db';

/**
 * The till's stored catalogue (issue 15, the warm open): pages stored as rows of values read back as the very
 * items the feed gave, in order, beside pages stored in the earlier form (the items' JSON), which a till
 * upgraded with its catalogue in IndexedDB still holds.
 */
function randomItem(g: ReturnType<typeof seeded>, i: number): PosCatalogItem {
  const maybe = (v: string) => (g.chance(0.3) ? null : v);
  return {
    id: `item-${i}`,
    code: String(1000 + i),
    arabicName: g.pick(['أرز "بسمتي"', 'ماء\\نقي', 'حليب طازج']) + ` ${i}`,
    englishName: g.chance(0.5) ? '' : `Item ${i}`,
    deleted: g.chance(0.1),
    isActive: g.chance(0.9),
    barcode: g.chance(0.2) ? '' : `6281${String(i).padStart(9, '0')}`,
    isBalanceItem: g.chance(0.2),
    scaleCode: g.chance(0.8) ? '' : String(10000 + i),
    quickItem: g.chance(0.1),
    mainUnitId: maybe('piece'),
    salesPrice: maybe(`${g.int(1000)}.${g.int(100)}`),
    minSalesPrice: maybe(String(g.int(50))),
    taxCategory: g.chance(0.8) ? 'S' : 'E',
    taxRate: g.chance(0.8) ? '15' : '0',
    units: Array.from({ length: g.int(3) }, (_, u) => ({
      unitId: maybe(`unit-${u}`),
      conversionRate: maybe(String(6 * (u + 1))),
      barcode: g.chance(0.5) ? '' : `629${i}${u}`,
      salesPrice: maybe(String(g.int(500))),
    })),
  };
}

const itemsFrom = (seed: number, from: number, count: number) => {
  const g = seeded(seed);
  return Array.from({ length: count }, (_, i) => randomItem(g, from + i));
};

describe('the till catalogue as stored', () => {
  it.each([1, 2, 3, 4])('seed %i: a page of rows gives back every item as the feed gave it', (seed) => {
    const items = itemsFrom(seed, 0, 300);
    expect(itemsOfPage(catalogPageOf(items))).toEqual(items);
  });

  it('stores no field names: the stored page is well below the items’ own JSON', () => {
    const items = itemsFrom(9, 0, 1000);
    expect(catalogPageOf(items).rows.length).toBeLessThan(JSON.stringify(items).length * 0.7);
  });

  it('reads the pages of both forms in the order stored; compaction rewrites them as rows, same items', async () => {
    const db = await openTillDb('catalog-forms');
    const older = itemsFrom(5, 0, 40);
    const newer = itemsFrom(6, 40, 40);
    // a page kept by an earlier build: the items' JSON
    const tx = db.transaction('pages', 'readwrite');
    tx.objectStore('pages').add(JSON.stringify(older));
    await new Promise((resolve) => (tx.oncomplete = resolve));
    await storeCatalogPage(db, newer, 'cursor-1');
    expect(await allItems(db)).toEqual([...older, ...newer]);

    await compactCatalog(db, [...newer, ...older], 25);
    expect(await catalogRecords(db)).toBe(4);
    expect(await allItems(db)).toEqual([...newer, ...older]);
    db.close();
  });
});
