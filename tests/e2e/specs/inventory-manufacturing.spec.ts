import { expect, test, type Page } from '@playwright/test';
import { MasterDataScreen } from '../pages/MasterDataScreen';
import { adminApi } from '../support/master-data';
import { LoginPage } from '../pages/LoginPage';
import { createUser, signInAsAdmin } from '../support/session';

/**
 * Manufacturing and counting (issue 4): an item's components are picked by barcode with only that item's
 * units offered; a manufacturing order's exchange order (/view/{id}) shows what it issued and received at
 * cost; a stocktaking's count sheet lists what the store holds with the book quantities and differences.
 */
test.describe('inventory: manufacturing and stocktaking', () => {
  // names and barcodes of this attempt only: a retry must not meet the first attempt's records
  const run = Date.now().toString(36).slice(-6);
  const barcode = (n: number) => `77${run.replace(/\D/g, '').padEnd(6, '0').slice(0, 6)}${n}`;
  const names = { raw: `دقيق ${run}`, product: `خبز ${run}`, store: `مخبز ${run}` };

  async function arrange(page: Page, offset = 0) {
    const api = await adminApi(page.request);
    const branch = (
      await api.get<{ branches: { id: string; isMaster: boolean }[] }>('/api/aggregates/StartUp')
    ).branches;
    const branchId = branch.find((b) => !b.isMaster)?.id ?? branch[0]!.id;
    const category = await api.post('/api/ItemCategories', { arabicName: `مواد ${run}` });
    const kilo = await api.post('/api/Units', { arabicName: `كيلو ${run}` });
    const sack = await api.post('/api/Units', { arabicName: `كيس ${run}` });
    const store = await api.post('/api/Stores', { arabicName: names.store, branchId });
    const raw = await api.post('/api/Items', {
      arabicName: names.raw,
      englishName: `Flour ${run}`,
      barcode: barcode(1 + offset),
      categoryId: category.id,
      mainUnitId: kilo.id,
      costPrice: '2',
      units: [{ unitId: sack.id, conversionRate: '50', barcode: barcode(2 + offset) }],
      openingBalances: [{ storeId: store.id, quantity: '100', unitCost: '2' }],
    });
    return { category, kilo, sack, store, raw };
  }

  test('components by barcode, manufacturing exchange order, and the count sheet', async ({ page }) => {
    // three screens and their data in one journey: longer than the default on a shared two-core machine
    test.setTimeout(90_000);
    const data = await arrange(page);
    await signInAsAdmin(page);

    // the product's components: the raw item by its barcode; its unit among the raw item's own units
    const md = new MasterDataScreen(page);
    await page.goto('/Items');
    await md.expectList('items');
    await md.newButton.click();
    await expect(md.dialog).toBeVisible();
    await md.field('arabicName').fill(names.product);
    await md.field('barcode').fill(barcode(3));
    await md.choose('categoryId', `مواد ${run}`);
    await md.choose('mainUnitId', `كيلو ${run}`);
    await md.form.locator('[data-field="isManufacturingItem"] .p-checkbox').click();
    const components = md.form.getByTestId('lines-components');
    await components.getByRole('button', { name: 'إضافة سطر' }).click();
    const picker = components.locator('#md-components-0-itemId');
    await picker.fill(barcode(1));
    await picker.press('Enter');
    await expect(picker).toHaveValue(new RegExp(names.raw));
    await components.getByTestId('unit-picker').click();
    const offered = page.locator('.p-dropdown-panel li[role=option]');
    await expect(offered).toHaveText([`كيلو ${run}`, `كيس ${run}`]);
    await offered.first().click();
    await components.locator('#md-components-0-quantity').fill('0.5');
    await md.save.click();
    await expect(md.dialog).toBeHidden();
    await md.search.fill(barcode(3));
    await expect(md.row(names.product)).toHaveCount(1);

    // a manufacturing order of 10 loaves consumes 5 kg at 2 each: its exchange order says so
    const api = await adminApi(page.request);
    const product = (await api.get<{ items: { id: string }[] }>(`/api/Items?search=${barcode(3)}`)).items[0]!;
    const order = await api.post('/api/ManufacturingOrders', {
      date: new Date().toISOString().slice(0, 10),
      storeId: data.store.id,
      lines: [{ itemId: product.id, unitId: data.kilo.id, quantity: '10' }],
    });
    await page.goto(`/manufacturing-order/edit/${order.id}`);
    await page.getByTestId('doc-link-open').click();
    await expect(page).toHaveURL(new RegExp(`/view/${order.id}$`));
    const exchange = page.getByTestId('manufacturing-exchange');
    await expect(exchange.locator('h1')).toContainText('إذن صرف التصنيع');
    const rows = exchange.locator('[data-testid=exchange-table] .p-datatable-tbody > tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(names.raw);
    await expect(rows.nth(0)).toContainText('صرف (مكون)');
    await expect(rows.nth(1)).toContainText(names.product);
    await expect(exchange.getByTestId('exchange-total')).toContainText('10');
    await page.screenshot({ path: test.info().outputPath('manufacturing-exchange-ar.png'), fullPage: true });

    // the count sheet of the store lists both items with their book quantities; a changed count shows its
    // difference
    await page.goto('/inventory/new');
    await page.locator('[data-field="storeId"] .p-dropdown').click();
    await page.locator('.p-dropdown-panel li[role=option]', { hasText: names.store }).click();
    await page.getByTestId('doc-fill-count').click();
    const lines = page.getByTestId('lines-lines');
    // the store holds the two items, listed in code order (the raw item was created first)
    const rawLine = lines.getByTestId('line-lines-0');
    await expect(rawLine.locator('#doc-lines-0-itemId')).toHaveValue(new RegExp(names.raw));
    await expect(rawLine.locator('[data-extra=bookQuantity]')).toHaveText(/^95(\.0+)?$/);
    await expect(lines.getByTestId('line-lines-1').locator('[data-extra=bookQuantity]')).toHaveText(
      /^10(\.0+)?$/,
    );
    await rawLine.locator('[data-cell=countedQuantity] input').fill('93');
    await expect(rawLine.locator('[data-extra=difference]')).toHaveText(/^-2(\.0+)?$/);
    await page.screenshot({ path: test.info().outputPath('count-sheet-ar.png'), fullPage: true });
    await page.getByTestId('doc-save').click();
    await expect(page).toHaveURL(/\/inventory$/);
  });

  test('a user who may only view addition orders opens one read-only from the list', async ({ page }) => {
    const data = await arrange(page, 5);
    const api = await adminApi(page.request);
    await api.post('/api/AdditionOrders', {
      date: new Date().toISOString().slice(0, 10),
      storeId: data.store.id,
      referenceNumber: `R-${run}`,
      lines: [{ itemId: data.raw.id, unitId: data.sack.id, quantity: '2', unitCost: '100' }],
    });
    const userName = `viewer_${run.replace(/\W/g, '')}`;
    // a storekeeper who reads the catalog and the addition orders, and changes nothing
    await createUser(page.request, userName, 'Viewer!2026x', ['viewAdditionOrders', 'viewItems']);
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(userName, 'Viewer!2026x');
    await expect(page.getByTestId('home')).toBeVisible();
    await page.goto('/addition-order');
    const list = page.getByTestId('doc-list');
    await expect(list.getByTestId('doc-total')).not.toHaveText('');
    const row = list.locator('.p-datatable-tbody > tr', { hasText: `R-${run}` });
    await expect(row.getByTestId('doc-delete')).toHaveCount(0);
    await row.getByTestId('doc-view').click();
    const dialog = page.getByTestId('doc-view-dialog');
    await expect(dialog.getByTestId('doc-page')).toBeVisible();
    await expect(dialog.locator('#doc-lines-0-itemId')).toHaveValue(new RegExp(names.raw));
    await expect(dialog.locator('#doc-lines-0-itemId')).toBeDisabled();
    await expect(dialog.getByTestId('doc-save')).toHaveCount(0);
    await expect(dialog.getByTestId('doc-total-value')).toHaveText('200.00');
    await dialog.getByTestId('doc-back').click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/addition-order$/);
  });
});
