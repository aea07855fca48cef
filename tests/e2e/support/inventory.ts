import {
  expect as baseExpect,
  test,
  type APIRequestContext,
  type Page,
  type Request,
} from '@playwright/test';
import { adminApi } from './master-data';

// What the inventory journeys share (inventory*.spec.ts): the names of a run and the catalog they arrange.

/** On a machine shared with other builds, a dialog's closing animation alone has taken over five seconds. */
export const expect = baseExpect.configure({ timeout: 15_000 });

/** Names, codes and barcodes of this run: a CI retry runs against the first attempt's data. */
export function runNames() {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 10)}`.slice(-9);
  const tag = Number(stamp).toString(36);
  return {
    tag,
    category: `مشروبات ${tag}`,
    unit: `علبة ${tag}`,
    subUnit: `كرتون ${tag}`,
    storeA: `مخزن أ ${tag}`,
    storeB: `مخزن ب ${tag}`,
    item: `عصير برتقال ${tag}`,
    imported: `عصير تفاح ${tag}`,
    barcode: `62${stamp}1`,
    subBarcode: `62${stamp}2`,
    importedBarcode: `62${stamp}3`,
  };
}
export type Names = ReturnType<typeof runNames>;

export const today = () => new Date().toISOString().slice(0, 10);

/** The catalog of a journey that is not about creating it (what the catalog screens do), through the API. */
export async function arrangeCatalog(page: Page, n: Names) {
  const api = await adminApi(page.request);
  const branchId = api.branchId;
  const category = await api.post('/api/ItemCategories', { arabicName: n.category });
  const unit = await api.post('/api/Units', { arabicName: n.unit });
  const subUnit = await api.post('/api/Units', { arabicName: n.subUnit });
  const storeA = await api.post('/api/Stores', {
    arabicName: n.storeA,
    englishName: `Store A ${n.tag}`,
    branchId,
  });
  const storeB = await api.post('/api/Stores', {
    arabicName: n.storeB,
    englishName: `Store B ${n.tag}`,
    branchId,
  });
  const item = await api.post('/api/Items', {
    arabicName: n.item,
    englishName: `Orange juice ${n.tag}`,
    barcode: n.barcode,
    categoryId: category.id,
    mainUnitId: unit.id,
    salesPrice: '10',
    minSalesPrice: '8',
    maxSalesPrice: '12',
    costPrice: '6',
    units: [{ unitId: subUnit.id, conversionRate: '12', barcode: n.subBarcode, salesPrice: '110' }],
  });
  return { api, category, unit, subUnit, storeA, storeB, item };
}

/** The headers the screens send (token, branch, fiscal year, language), to ask the API what they asked. */
export function sessionHeaders(request: Request): Promise<Record<string, string>> {
  return request.allHeaders().then((h) => {
    const keep: Record<string, string> = { 'content-type': 'application/json' };
    for (const k of ['authorization', 'branchid', 'fiscalyear', 'language']) if (h[k]) keep[k] = h[k];
    return keep;
  });
}

/** Price lists are a business type (spec section 2); the journeys use them. */
export async function enablePriceLists(request: APIRequestContext): Promise<void> {
  await (await adminApi(request)).enableBusinessTypes({ priceLists: true });
}

/** The journeys of one inventory spec: long (many screens and saves on a shared machine), price lists on. */
export function inventoryJourneys(name: string, journeys: () => void): void {
  test.describe(name, () => {
    test.describe.configure({ timeout: 120_000 });
    test.beforeAll(async ({ request }) => {
      await enablePriceLists(request);
    });
    journeys();
  });
}
