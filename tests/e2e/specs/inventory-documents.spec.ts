import { test } from '@playwright/test';
import { DocumentScreen } from '../pages/DocumentScreen';
import { ShellLayout } from '../pages/ShellLayout';
import { signInAsAdmin } from '../support/session';
import {
  arrangeCatalog,
  inventoryJourneys,
  expect,
  runNames,
  sessionHeaders,
  today,
} from '../support/inventory';

/**
 * Inventory's stock documents (issue 4) on the kit's document screen, in Arabic: an addition order, a transfer
 * typed from the keyboard with the spec's refusals, and a late item lookup.
 */
inventoryJourneys('inventory: documents', () => {
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
    // the date picker speaks Arabic throughout: its header year too, in Arabic-Indic digits
    const openCalendar = doc.headerField('date').locator('.erp-date__open');
    await openCalendar.click();
    const year = page.locator('.erp-date__panel .erp-date__year');
    await expect(year).toBeVisible();
    await expect(year.locator('option:checked')).toHaveText(/^[٠-٩]{4}$/);
    await openCalendar.click();
    await expect(year).toBeHidden();
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
});
