import { adminApi } from './master-data';
import type { Names } from './inventory';

type Api = Awaited<ReturnType<typeof adminApi>>;

/**
 * What a sales journey sells (spec sections 2 and 3), through the API: a category, a unit, a store of the admin's
 * branch, and an item at a sales price of 10 with 100 in the store at a cost of 6.
 */
export async function arrangeSaleItem(api: Api, n: Names) {
  const category = await api.post('/api/ItemCategories', { arabicName: n.category });
  const unit = await api.post('/api/Units', { arabicName: n.unit });
  const store = await api.post('/api/Stores', { arabicName: n.storeA, branchId: api.branchId });
  const item = await api.post('/api/Items', {
    arabicName: n.item,
    englishName: `Orange juice ${n.tag}`,
    barcode: n.barcode,
    categoryId: category.id,
    mainUnitId: unit.id,
    salesPrice: '10',
    costPrice: '6',
    openingBalances: [{ storeId: store.id, quantity: '100', unitCost: '6' }],
  });
  return { category, unit, store, item };
}
