import { expect } from './inventory';
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

/**
 * A safe of the admin's branch as the sales service knows it (accounts' event): what a cashier's shift opens
 * on. Resolves once /api/SafeTransactions/safes lists it.
 */
export async function arrangeSafe(api: Api, n: Names): Promise<{ id: string; arabicName: string }> {
  const arabicName = `خزينة ${n.tag}`;
  const { id } = await api.post('/api/Safes', { arabicName, branchId: api.branchId });
  await expect(async () => {
    const safes = await api.get<{ id: string }[]>('/api/SafeTransactions/safes');
    expect(safes.map((s) => s.id)).toContain(id);
  }).toPass({ timeout: 20_000 });
  return { id, arabicName };
}

/**
 * The admin's open shift (one is opened on a new safe when none is): a till's sale is issued only in its
 * cashier's open shift, so a journey that sends till sales as the admin sells in one.
 */
export async function ensureAdminShift(api: Api, n: Names): Promise<string> {
  const current = await api.get<{ shift: { id: string } | null }>('/api/SafeTransactions/current');
  if (current.shift) return current.shift.id;
  const safe = await arrangeSafe(api, n);
  return (await api.post('/api/SafeTransactions', { safeId: safe.id, openingBalance: '0' })).id;
}
