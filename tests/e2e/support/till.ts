import type { APIRequestContext } from '@playwright/test';
import type { PosCatalogItem, PosCatalogPage, PosLookups } from '@erp/contracts';
import { expect, type Names } from './inventory';
import { adminApi } from './master-data';

type Api = Awaited<ReturnType<typeof adminApi>>;

/** The till's catalogue feed as a new till reads it, every page: the items the sales replica holds, by id. */
export async function tillCatalog(api: Api): Promise<Map<string, PosCatalogItem>> {
  const items = new Map<string, PosCatalogItem>();
  let after: string | null = null;
  for (;;) {
    const query: string = after ? `&after=${encodeURIComponent(after)}` : '';
    const page = await api.get<PosCatalogPage>(`/api/PointOfSale/Catalog?limit=5000${query}`);
    if (page.items.length === 0) return items;
    for (const i of page.items) if (!i.deleted) items.set(i.id, i);
    after = page.next;
  }
}

export interface TillOptions {
  /** The juice is a quick item (a button on the till's grid). */
  quickJuice?: boolean;
  /** A cheese sold by weight (a balance item in kilos) whose scale code is the run's: for scale labels. */
  scaleItem?: boolean;
  /** A card payment method beside cash. */
  card?: boolean;
}

/**
 * What a till journey sells (issue 15), through the API: the branch's default store (set when the branch has
 * none), a juice (10) and a water (2) with 1,000 each in it, optionally a cheese by weight (40 a kilo), the
 * run's cash customer and cash payment method (and a card one); resolved once the sales service's replicas hold
 * them (the till's catalogue feed and its lookups).
 */
export async function arrangeTill(api: Api, request: APIRequestContext, n: Names, o: TillOptions = {}) {
  const branch = await api.get<{ defaultStoreId: string | null } & Record<string, unknown>>(
    `/api/Branches/${api.branchId}`,
  );
  let store = branch.defaultStoreId;
  if (!store) {
    store = (await api.post('/api/Stores', { arabicName: n.storeA, branchId: api.branchId })).id;
    const res = await request.put(`/api/Branches/${api.branchId}`, {
      headers: await api.headers(),
      data: { ...branch, defaultStoreId: store },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  const category = await api.post('/api/ItemCategories', { arabicName: n.category });
  const piece = await api.post('/api/Units', { arabicName: n.unit });
  const stock = [{ storeId: store, quantity: '1000', unitCost: '1' }];
  const item = (body: Record<string, unknown>) =>
    api.post('/api/Items', { categoryId: category.id, costPrice: '1', openingBalances: stock, ...body });
  const juice = await item({
    arabicName: n.item,
    barcode: n.barcode,
    mainUnitId: piece.id,
    salesPrice: '10',
    ...(o.quickJuice ? { showInPos: true } : {}),
  });
  const water = await item({
    arabicName: `ماء ${n.tag}`,
    barcode: n.subBarcode,
    mainUnitId: piece.id,
    salesPrice: '2',
  });
  const scaleCode = n.barcode.slice(-6, -1);
  const cheese = o.scaleItem
    ? await item({
        arabicName: `جبن بالوزن ${n.tag}`,
        barcode: n.importedBarcode,
        mainUnitId: (await api.post('/api/Units', { arabicName: `كيلو ${n.tag}` })).id,
        salesPrice: '40',
        isBalanceItem: true,
        scaleCode,
      })
    : null;
  // the till's customer: the branch's default, else a cash customer
  await api.post('/api/Customers', { arabicName: `عميل نقدي ${n.tag}`, isCashCustomer: true });
  const cash = await api.post('/api/PaymentMethods', { arabicName: `نقدي ${n.tag}`, kind: 'cash' });
  const card = o.card
    ? await api.post('/api/PaymentMethods', { arabicName: `بطاقة ${n.tag}`, kind: 'card' })
    : null;
  // the sales service's replicas of the items and payment methods (their events arrive on their own)
  const items = [juice, water, ...(cheese ? [cheese] : [])];
  const methods = [cash, ...(card ? [card] : [])];
  await expect(async () => {
    const catalog = await tillCatalog(api);
    expect(items.every((i) => catalog.has(i.id))).toBe(true);
    expect(catalog.get(juice.id)?.quickItem).toBe(o.quickJuice === true);
    const lookups = await api.get<PosLookups>('/api/PointOfSale/Lookups');
    expect(lookups.paymentMethods.map((m) => m.id)).toEqual(expect.arrayContaining(methods.map((m) => m.id)));
  }).toPass({ timeout: 30_000 });
  return { store, juice, water, cheese, scaleCode, cash, card };
}
