import { writeFileSync } from 'node:fs';
import { expect as baseExpect, test, type Page, type Request } from '@playwright/test';
import { DocumentScreen } from '../pages/DocumentScreen';
import { pickOption } from '../pages/dropdown';
import { ItemsReportsScreen } from '../pages/ItemsReportsScreen';
import { MasterDataScreen } from '../pages/MasterDataScreen';
import { ShellLayout } from '../pages/ShellLayout';
import { adminApi, xlsxRows } from '../support/master-data';
import { signInAsAdmin } from '../support/session';

/**
 * Inventory (issue 4) as a user drives it: the catalog (categories, units, stores, items with sub-units, the
 * Excel export and import), the stock documents on the kit's document screen with the spec's refusals, the
 * reports, /orders, a stocktaking closed into movements, and a price list; in Arabic and in English.
 */

/** On a machine shared with other builds, a dialog's closing animation alone has taken over five seconds. */
const expect = baseExpect.configure({ timeout: 15_000 });

/** Names, codes and barcodes of this run: a CI retry runs against the first attempt's data. */
function runNames() {
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
type Names = ReturnType<typeof runNames>;

const today = () => new Date().toISOString().slice(0, 10);

/** The catalog of a journey that is not about creating it (what the catalog screens do), through the API. */
async function arrangeCatalog(page: Page, n: Names) {
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
function sessionHeaders(request: Request): Promise<Record<string, string>> {
  return request.allHeaders().then((h) => {
    const keep: Record<string, string> = { 'content-type': 'application/json' };
    for (const k of ['authorization', 'branchid', 'fiscalyear', 'language']) if (h[k]) keep[k] = h[k];
    return keep;
  });
}

test.describe('inventory', () => {
  // long journeys on a shared machine: each is many screens and saves
  test.describe.configure({ timeout: 120_000 });

  test.beforeAll(async ({ request }) => {
    // price lists are a business type (spec section 2); the journeys below use them
    await (await adminApi(request)).enableBusinessTypes({ priceLists: true });
  });

  test('in Arabic: category, units, store and an item with a sub-unit; search, export and import', async ({
    page,
  }) => {
    const n = runNames();
    const api = await adminApi(page.request);
    const branch = await api.get<{ arabicName: string }>(`/api/Branches/${api.branchId}`);
    await signInAsAdmin(page);
    const layout = new ShellLayout(page);
    const md = new MasterDataScreen(page);

    // an item category, from the sidebar
    await layout.menuLink('تصنيفات الأصناف').click();
    await md.expectList('itemCategories');
    await md.newButton.click();
    await md.field('arabicName').fill(n.category);
    await md.save.click();
    await expect(md.dialog).toBeHidden();
    await expect(md.row(n.category)).toHaveCount(1);

    // two units
    await layout.menuLink('الوحدات', { exact: true }).click();
    await md.expectList('units');
    for (const unit of [n.unit, n.subUnit]) {
      await md.newButton.click();
      await md.field('arabicName').fill(unit);
      await md.save.click();
      await expect(md.dialog).toBeHidden();
      await expect(md.row(unit)).toHaveCount(1);
    }

    // a store of the current branch
    await layout.menuLink('المخازن').click();
    await md.expectList('stores');
    await md.newButton.click();
    await md.field('arabicName').fill(n.storeA);
    await md.choose('branchId', branch.arabicName);
    await md.field('keeper').fill('سالم');
    await md.save.click();
    await expect(md.dialog).toBeHidden();
    await expect(md.row(n.storeA)).toHaveCount(1);

    // the item: main unit with its barcode and prices (min < sales < max), a carton of 12 with its own
    await layout.menuLink('الأصناف', { exact: true }).click();
    await md.expectList('items');
    await md.newButton.click();
    await md.field('arabicName').fill(n.item);
    await md.field('englishName').fill(`Orange juice ${n.tag}`);
    await md.field('barcode').fill(n.barcode);
    await md.choose('categoryId', n.category);
    await md.choose('mainUnitId', n.unit);
    // the price rules are checked as typed: sales above max first, then set right
    await md.field('salesPrice').fill('10');
    await md.field('maxSalesPrice').fill('9');
    await expect(md.fieldError('maxSalesPrice')).toHaveText('يجب أن يكون سعر البيع أقل من أعلى سعر بيع');
    await expect(md.save).toBeDisabled();
    await md.field('maxSalesPrice').fill('12');
    await md.field('minSalesPrice').fill('8');
    await md.field('costPrice').fill('6.5');
    await expect(md.fieldError('maxSalesPrice')).toHaveCount(0);
    const units = page.getByTestId('lines-units');
    if ((await units.locator('tr[data-row]').count()) === 0)
      await page.getByTestId('lines-units-add').click();
    await pickOption(page, units.locator('td[data-cell="unitId"][data-row="0"] .p-dropdown'), n.subUnit);
    // a conversion rate of one is not a sub-unit
    await page.locator('#md-units-0-conversionRate').fill('1');
    await expect(units.locator('#md-units-0-conversionRate-error')).toBeVisible();
    await page.locator('#md-units-0-conversionRate').fill('12');
    await expect(units.locator('#md-units-0-conversionRate-error')).toHaveCount(0);
    await page.locator('#md-units-0-barcode').fill(n.subBarcode);
    await page.locator('#md-units-0-salesPrice').fill('110');
    await page.locator('#md-units-0-minSalesPrice').fill('100');
    await page.locator('#md-units-0-maxSalesPrice').fill('130');
    await page.locator('#md-units-0-maxSalesPrice').blur();
    await md.dialog.locator('.p-dialog-content').evaluate((el) => el.scrollTo(0, 0));
    await page.screenshot({ path: 'test-results/inv-item-form-ar.png' });
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/Items') && r.request().method() === 'POST',
    );
    await md.save.click();
    expect((await created).status()).toBe(201);
    await expect(md.dialog).toBeHidden();
    await expect(md.row(n.item)).toContainText(n.barcode);

    // the same barcode on a second item: the server's field error reaches the form (isApiError by shape)
    await md.newButton.click();
    await md.field('arabicName').fill(`${n.item} مكرر`);
    await md.field('barcode').fill(n.barcode);
    await md.choose('categoryId', n.category);
    await md.choose('mainUnitId', n.unit);
    await md.save.click();
    await expect(md.fieldError('barcode')).toHaveText('هذه القيمة مستخدمة في سجل آخر');
    await md.cancel.click();
    await expect(md.dialog).toBeHidden();

    // search by the sub-unit's sibling: the main barcode
    const searched = page.waitForResponse(
      (r) => r.url().includes('/api/Items?') && new URL(r.url()).searchParams.get('search') === n.barcode,
    );
    await md.search.fill(n.barcode);
    await searched;
    await expect(md.rows).toHaveCount(1);
    await expect(md.rows.first()).toContainText(n.item);

    // export: the list as an .xlsx
    const downloading = page.waitForEvent('download');
    await md.exportButton.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const exported = test.info().outputPath('items.xlsx');
    await download.saveAs(exported);
    const exportedRows = await xlsxRows(exported);
    const mine = exportedRows.find((r) => r.includes(n.barcode));
    expect(mine).toBeDefined();
    expect(mine).toContain(n.item);

    // import: the screen's template, filled with a good row and a row naming no known category
    await page.getByTestId('md-import').click();
    const dialog = page.getByTestId('import-dialog');
    await expect(dialog).toBeVisible();
    const templateDownload = page.waitForEvent('download');
    await dialog.getByTestId('import-template').click();
    const template = test.info().outputPath('template.xlsx');
    await (await templateDownload).saveAs(template);
    const [keys, labels] = await xlsxRows(template);
    expect(keys).toContain('barcode');
    const row = (values: Record<string, string>) => keys!.map((k) => values[k] ?? '');
    const csv = [
      keys!,
      labels!,
      row({
        arabicName: n.imported,
        barcode: n.importedBarcode,
        category: n.category,
        mainUnit: n.unit,
        salesPrice: '7',
        isActive: 'true',
      }),
      row({
        arabicName: `${n.imported} خطأ`,
        barcode: `${n.importedBarcode}9`,
        category: 'تصنيف لا وجود له',
        mainUnit: n.unit,
      }),
    ]
      .map((cells) => cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(','))
      .join('\n');
    const file = test.info().outputPath('items-import.csv');
    writeFileSync(file, `\uFEFF${csv}\n`);
    await dialog.getByTestId('import-file').setInputFiles(file);
    const imported = page.waitForResponse(
      (r) => r.url().includes('/api/data-migration/Items') && r.request().method() === 'POST',
    );
    await dialog.getByTestId('import-send').click();
    // the import runs as a background job: the dialog follows it with a progress bar, then shows its report
    expect((await imported).status()).toBe(202);
    await expect(dialog.getByTestId('job-progress')).toHaveAttribute('data-status', 'succeeded');
    const expectReport = async () => {
      await expect(dialog.getByTestId('import-summary')).toHaveText(
        'الصفوف المستوردة: 1. الصفوف غير المعروفة: 1.',
      );
      const rejected = dialog.getByTestId('import-rejected').locator('.p-datatable-tbody > tr');
      await expect(rejected).toHaveCount(1);
      await expect(rejected.first()).toContainText('4');
      await expect(rejected.first()).toContainText('التصنيف: السجل المختار غير موجود');
    };
    await expectReport();
    // the job is remembered for the tab: after a reload the dialog opens again on its report
    await page.reload();
    await expect(dialog).toBeVisible();
    await expectReport();
    // a bigger file: its progress bar shows while the rows are saved, then the count
    const bulk = [
      keys!,
      ...Array.from({ length: 300 }, (_, i) =>
        row({
          arabicName: `${n.imported} ${i}`,
          barcode: `${i}Q${[...n.importedBarcode].reverse().join('')}`,
          category: n.category,
          mainUnit: n.unit,
        }),
      ),
    ]
      .map((cells) => cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(','))
      .join('\n');
    const bulkFile = test.info().outputPath('items-bulk.csv');
    writeFileSync(bulkFile, bulk);
    await dialog.getByTestId('import-file').setInputFiles(bulkFile);
    await dialog.getByTestId('import-send').click();
    await expect(dialog.getByTestId('job-progress-bar')).toBeVisible();
    await expect(dialog.getByTestId('job-progress-text')).toContainText('300');
    await expect(dialog.getByTestId('job-progress')).toHaveAttribute('data-status', 'succeeded', {
      timeout: 60_000,
    });
    await expect(dialog.getByTestId('import-summary')).toHaveText('الصفوف المستوردة: 300');
    await dialog.locator('.p-dialog-header-close').click();
    await page.reload();
    await expect(md.rows.first()).toBeVisible();
    await expect(dialog).toBeHidden();
    await md.search.fill(n.importedBarcode);
    await expect(md.rows).toHaveCount(1);
    await expect(md.rows.first()).toContainText(n.imported);
  });

  test('in Arabic: an addition order, then a transfer from the keyboard with the server refusals', async ({
    page,
  }) => {
    const n = runNames();
    const { item, unit, storeA, storeB } = await arrangeCatalog(page, n);
    await signInAsAdmin(page);
    const layout = new ShellLayout(page);
    const doc = new DocumentScreen(page);

    // stock in: 2 cartons (24 units) into store A, scanned by the carton's barcode
    await layout.menuLink('أوامر الإضافة').click();
    await doc.expectList('additionOrders');
    await doc.newButton.click();
    await expect(page).toHaveURL(/\/addition-order\/new$/);
    await expect(doc.headerField('storeId').locator('label')).toHaveText(/^المخزن/);
    // the store's choices, filtered in Arabic: the search icon clear of the text
    await doc.headerField('storeId').locator('.p-dropdown').click();
    await page.locator('.p-dropdown-panel .p-dropdown-filter').fill(n.storeA);
    await expect(page.locator('.p-dropdown-panel li[role=option]', { hasText: n.storeA })).toBeVisible();
    await page.screenshot({ path: 'test-results/inv-store-choices-ar.png' });
    await doc.choose('storeId', n.storeA);
    await doc.scan(0, n.subBarcode);
    await expect(doc.input(0, 'itemId')).toHaveValue(new RegExp(n.item));
    await expect(doc.cell(0, 'unitId')).toContainText(n.subUnit);
    // the carton's cost: the item's cost (6) × 12
    await expect(doc.input(0, 'unitCost')).toHaveValue('72.00');
    await doc.input(0, 'unitId').press('Tab');
    await expect(doc.input(0, 'quantity')).toBeFocused();
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    await expect(doc.input(0, 'unitCost')).toBeFocused();
    await expect(doc.totalValue).toHaveText('144.00');
    expect(await doc.saveAnd()).toBe(201);
    await expect(page).toHaveURL(/\/addition-order$/);
    await expect(doc.rows.first()).toContainText(n.storeA);

    // a transfer A → B, from the keyboard: scan, unit, quantity
    await layout.menuLink('التحويلات المخزنية').click();
    await doc.expectList('storageTransfers');
    await doc.newButton.click();
    await expect(page).toHaveURL(/\/storage-transfer\/new$/);
    // the transfer names its store field its own way (a document-scoped label), the addition order did not
    await expect(doc.headerField('storeId').locator('label')).toContainText('من المخزن');
    await doc.choose('storeId', n.storeA);
    await doc.choose('toStoreId', n.storeB);
    await doc.scan(0, n.barcode);
    await expect(doc.cell(0, 'unitId')).toContainText(n.unit);
    await doc.input(0, 'unitId').press('Tab');
    await expect(doc.input(0, 'quantity')).toBeFocused();

    // zero: refused by the server (the branch may allow it), its message under the cell
    await page.keyboard.type('0');
    const posted = page.waitForRequest(
      (r) => r.url().endsWith('/api/StorageTransfers') && r.method() === 'POST',
    );
    expect(await doc.saveAnd()).toBe(400);
    const headers = await sessionHeaders(await posted);
    await expect(doc.cellError(0, 'quantity')).toHaveText('لا يمكن أن تكون الكمية صفراً');

    // the rules the form checks as typed are the server's too: the same body is refused with the same text
    const transfer = (over: Record<string, unknown> = {}, line: Record<string, unknown> = {}) => ({
      date: today(),
      storeId: storeA.id,
      toStoreId: storeB.id,
      lines: [{ itemId: item.id, unitId: unit.id, quantity: '1', ...line }],
      ...over,
    });
    const serverSays = async (data: Record<string, unknown>, field: string) => {
      const res = await page.request.post('/api/StorageTransfers', { headers, data });
      expect(res.status()).toBe(400);
      const problem = (await res.json()) as { errors?: { field: string; message: string }[] };
      return problem.errors?.find((e) => e.field === field)?.message;
    };

    // negative
    await doc.input(0, 'quantity').fill('-3');
    await expect(doc.cellError(0, 'quantity')).toHaveText('الرجاء إدخال رقم موجب!');
    await expect(doc.save).toBeDisabled();
    expect(await serverSays(transfer({}, { quantity: '-3' }), 'lines.0.quantity')).toBe(
      'الرجاء إدخال رقم موجب!',
    );
    await doc.input(0, 'quantity').fill('30');

    // the same store on both sides
    await doc.choose('toStoreId', n.storeA);
    const sameStores = 'لا يمكن أن يكون المخزن المحول منه هو المحول إليه';
    await expect(doc.headerError('toStoreId')).toHaveText(sameStores);
    await expect(doc.save).toBeDisabled();
    expect(await serverSays(transfer({ toStoreId: storeA.id }), 'toStoreId')).toBe(sameStores);
    await doc.choose('toStoreId', n.storeB);
    await expect(doc.headerError('toStoreId')).toHaveCount(0);

    // a day before the chosen fiscal year
    const date = page.locator('#doc-date');
    const shown = await date.inputValue();
    const start = await date.getAttribute('min');
    expect(start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const before = new Date(Date.parse(`${start}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await date.fill(before);
    const notThisYear = 'ليس لديك صلاحية على هذه السنة';
    await expect(doc.headerError('date')).toHaveText(notThisYear);
    await expect(doc.save).toBeDisabled();
    expect(await serverSays(transfer({ date: before }), 'date')).toBe(notThisYear);
    await date.fill(shown);
    await expect(doc.headerError('date')).toHaveCount(0);

    // the same item and unit twice: Enter after the last cell opens a line, scanned again
    await doc.input(0, 'quantity').focus();
    await page.keyboard.press('Enter');
    await expect(doc.input(1, 'itemId')).toBeFocused();
    await doc.scan(1, n.barcode, { click: false });
    // said at once, before its quantity is typed
    const addedBefore = 'الصنف مضاف من قبل';
    await expect(doc.cellError(1, 'itemId')).toHaveText(addedBefore);
    await expect(doc.save).toBeDisabled();
    expect(
      await serverSays(
        transfer({ lines: [0, 1].map(() => ({ itemId: item.id, unitId: unit.id, quantity: '1' })) }),
        'lines.1.itemId',
      ),
    ).toBe(addedBefore);
    await doc.line(1).getByTestId('line-remove').click();
    await expect(doc.line(1)).toHaveCount(0);

    // 30 units with 24 in store A, on a branch that refuses negative stock: the server's 409
    await expect(doc.input(0, 'quantity')).toHaveValue('30');
    expect(await doc.saveAnd()).toBe(409);
    const insufficient = 'الكمية أكبر من رصيد المخزن؛ الرصيد السالب غير مسموح في هذا الفرع';
    await expect(doc.alert.filter({ hasText: insufficient })).toHaveCount(1);
    await expect(doc.cellError(0, 'quantity')).toHaveText(insufficient);

    await doc.input(0, 'quantity').fill('20');
    await expect(doc.cellError(0, 'quantity')).toHaveCount(0);
    expect(await doc.saveAnd()).toBe(201);
    await expect(page).toHaveURL(/\/storage-transfer$/);
    const saved = doc.row(n.storeB);
    await expect(saved).toHaveCount(1);
    await expect(saved).toContainText(n.storeA);

    // open it: attach a file, print
    await saved.getByTestId('doc-open').click();
    await expect(page).toHaveURL(/\/storage-transfer\/edit\/[^/]+$/);
    await expect(doc.input(0, 'itemId')).toHaveValue(new RegExp(n.item));
    const attached = page.waitForResponse(
      (r) => r.url().includes('/attachments') && r.request().method() === 'POST',
    );
    await doc.attachInput.setInputFiles({
      name: 'إيصال-التحويل.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('transfer receipt'),
    });
    expect((await attached).status()).toBe(201);
    await expect(doc.attachments).toHaveCount(1);
    await expect(doc.attachments.first()).toContainText('إيصال-التحويل.txt');

    await page.screenshot({ path: 'test-results/inv-document-ar.png', fullPage: true });

    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await doc.print.click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    await expect(doc.printView).toBeVisible();
    await expect(doc.printView).toHaveAttribute('dir', 'rtl');
    await expect(doc.printView).toContainText(n.item);
    await expect(doc.printView).toContainText(n.storeB);
    await page.screenshot({ path: 'test-results/inv-document-print-ar.png' });
    await expect(page.getByTestId('doc-page')).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await expect(doc.printView).toBeHidden();
  });

  test('a late item lookup does not undo what was typed in the line meanwhile', async ({ page }) => {
    const n = runNames();
    await arrangeCatalog(page, n);
    await signInAsAdmin(page);
    const doc = new DocumentScreen(page);
    await new ShellLayout(page).menuLink('أوامر الإضافة').click();
    await doc.newButton.click();
    await expect(doc.form).toBeVisible();
    // the barcode lookup answers only once the user has typed the quantity
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/Items/barcode/**', async (route) => {
      await held;
      await route.continue();
    });
    const asked = page.waitForRequest((r) => r.url().includes('/api/Items/barcode/'));
    const answered = page.waitForResponse((r) => r.url().includes('/api/Items/barcode/'));
    await doc.input(0, 'itemId').click();
    await page.keyboard.type(n.barcode);
    await page.keyboard.press('Enter');
    await asked;
    await doc.input(0, 'quantity').fill('7');
    release();
    await answered;
    await expect(doc.input(0, 'itemId')).toHaveValue(new RegExp(n.item));
    await expect(doc.input(0, 'itemId')).toHaveAttribute('aria-busy', 'false');
    await expect(doc.cell(0, 'unitId')).toContainText(n.unit);
    await expect(doc.input(0, 'quantity')).toHaveValue('7');
    await expect(doc.input(0, 'unitCost')).toHaveValue('6.00');
    await expect(doc.totalValue).toHaveText('42.00');
  });

  test('in English: stock balance, movement card, /orders, a stocktaking closed into movements, a price list', async ({
    page,
  }) => {
    const n = runNames();
    const { api, item, unit, subUnit, storeA } = await arrangeCatalog(page, n);
    // stock in 2 cartons (24) at 72 a carton, then 4 units out: 20 left at 6.00
    await api.post('/api/AdditionOrders', {
      date: today(),
      storeId: storeA.id,
      lines: [{ itemId: item.id, unitId: subUnit.id, quantity: '2', unitCost: '72' }],
    });
    await api.post('/api/ExchangeOrders', {
      date: today(),
      storeId: storeA.id,
      lines: [{ itemId: item.id, unitId: unit.id, quantity: '4' }],
    });
    const english = `Orange juice ${n.tag}`;
    await signInAsAdmin(page);
    const layout = new ShellLayout(page);
    await layout.chooseLanguage('English');
    await layout.expectDirection('ltr', 'en');

    // the stock balance of store A, with its values
    const reports = new ItemsReportsScreen(page);
    await layout.menuLink('Items reports').click();
    await expect(reports.root.locator('h1')).toHaveText('Items reports');
    await reports.chooseStore(`Store A ${n.tag}`);
    await expect(reports.rows).toHaveCount(1);
    const balance = await reports.cells(reports.rows.first());
    expect(balance).toEqual(
      expect.arrayContaining([english, n.barcode, `Store A ${n.tag}`, '20', '6.00', '120.00']),
    );
    await expect(reports.totals).toContainText('120.00');

    // the item's movement card: each movement and the running balance
    await reports.openTab('itemMovements');
    await reports.itemPicker.click();
    await page.keyboard.type(n.barcode);
    await page.keyboard.press('Enter');
    await expect(reports.rows).toHaveCount(2);
    const [stockIn, stockOut] = [
      await reports.cells(reports.rows.nth(0)),
      await reports.cells(reports.rows.nth(1)),
    ];
    expect(stockIn).toEqual(expect.arrayContaining(['Addition orders', '24', '144.00']));
    expect(stockIn.at(-2)).toBe('24');
    expect(stockOut).toEqual(expect.arrayContaining(['Exchange orders', '4']));
    expect(stockOut.at(-2)).toBe('20');
    expect(stockOut.at(-1)).toBe('120.00');

    // /orders: the documents that moved stock
    await layout.menuLink('Stock transactions').click();
    const orders = page.getByTestId('stock-transactions');
    await expect(orders.locator('h1')).toHaveText('Stock transactions');
    await pickOption(page, orders.getByTestId('filter-store'), `Store A ${n.tag}`);
    const orderRows = orders.locator('.p-datatable-tbody > tr:not(.p-datatable-emptymessage)');
    await expect(orderRows).toHaveCount(2);
    await expect(orderRows.filter({ hasText: 'Exchange orders' })).toHaveCount(1);
    await expect(orderRows.filter({ hasText: 'Addition orders' })).toContainText('144.00');

    // a stocktaking of store A: 18 counted where 20 are held
    const doc = new DocumentScreen(page);
    await layout.menuLink('Stocktaking').click();
    await doc.expectList('stocktakings');
    await doc.newButton.click();
    await doc.choose('storeId', `Store A ${n.tag}`);
    await doc.scan(0, n.barcode);
    await doc.input(0, 'unitId').press('Tab');
    await page.keyboard.type('18');
    expect(await doc.saveAnd()).toBe(201);
    await expect(page).toHaveURL(/\/inventory$/);
    const sheet = doc.row(`Store A ${n.tag}`);
    await expect(sheet).toHaveCount(1);
    await expect(sheet.getByTestId('doc-delete')).toHaveCount(1);
    await sheet.getByTestId('doc-open').click();
    await expect(doc.status).toHaveText('Open');
    await expect(doc.input(0, 'countedQuantity')).toHaveValue('18');
    await page.screenshot({ path: 'test-results/inv-document-en.png', fullPage: true });
    // closing asks first; then the difference (-2) is a movement and the sheet is read-only
    await doc.closeButton.click();
    await expect(doc.confirm).toBeVisible();
    const sheetId = /\/inventory\/edit\/([^/]+)$/.exec(page.url())?.[1];
    expect(sheetId).toBeTruthy();
    const closing = page.waitForRequest((r) => r.url().endsWith('/close'));
    const closed = page.waitForResponse((r) => r.url().endsWith('/close'));
    await doc.confirm.locator('.p-confirm-dialog-accept').click();
    const closeHeaders = await sessionHeaders(await closing);
    expect((await closed).status()).toBe(200);
    await expect(doc.status).toHaveText('Closed');
    await expect(doc.readOnlyNotice).toBeVisible();
    await expect(doc.save).toHaveCount(0);
    await expect(doc.closeButton).toHaveCount(0);
    await page.getByTestId('doc-back').click();
    await expect(sheet.getByTestId('doc-delete')).toHaveCount(0);
    await expect(sheet.getByTestId('doc-status')).toHaveText('Closed');
    // and the server refuses to delete it
    const refused = await page.request.delete(`/api/Stocktakings/${sheetId}`, { headers: closeHeaders });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { detail: string }).detail).toBe(
      'The document is closed and cannot be changed or deleted',
    );

    await layout.menuLink('Items reports').click();
    await reports.chooseStore(`Store A ${n.tag}`);
    await expect(reports.rows).toHaveCount(1);
    expect(await reports.cells(reports.rows.first())).toEqual(expect.arrayContaining(['18', '108.00']));

    // a price list: the carton at its own price
    const md = new MasterDataScreen(page);
    await layout.menuLink('Price lists').click();
    await md.expectList('priceLists');
    await md.newButton.click();
    await md.field('arabicName').fill(`قائمة الجملة ${n.tag}`);
    await md.field('englishName').fill(`Wholesale ${n.tag}`);
    const lines = page.getByTestId('lines-items');
    if ((await lines.locator('tr[data-row]').count()) === 0)
      await page.getByTestId('lines-items-add').click();
    // the item by its barcode (no list of the whole catalog), the unit among that item's own units
    const picker = lines.locator('#md-items-0-itemId');
    await picker.fill(n.barcode);
    await picker.press('Enter');
    await expect(picker).toHaveValue(new RegExp(english));
    await lines.locator('td[data-cell="unitId"][data-row="0"] .p-dropdown').click();
    const units = page.locator('.p-dropdown-panel li[role=option]');
    await expect(units).toHaveText([n.unit, n.subUnit]);
    await units.filter({ hasText: n.subUnit }).click();
    await page.locator('#md-items-0-price').fill('105.5');
    await md.save.click();
    await expect(md.dialog).toBeHidden();
    await expect(md.row(`Wholesale ${n.tag}`)).toHaveCount(1);

    // the item form in English
    await layout.menuLink('Items', { exact: true }).click();
    await md.expectList('items');
    await md.search.fill(n.barcode);
    await expect(md.rows).toHaveCount(1);
    await md.rows.first().getByTestId('md-edit').click();
    await expect(md.field('barcode')).toHaveValue(n.barcode);
    await page.screenshot({ path: 'test-results/inv-item-form-en.png' });
  });
});
