import { test } from '@playwright/test';
import { DocumentScreen } from '../pages/DocumentScreen';
import { pickOption } from '../pages/dropdown';
import { ItemsReportsScreen } from '../pages/ItemsReportsScreen';
import { MasterDataScreen } from '../pages/MasterDataScreen';
import { ShellLayout } from '../pages/ShellLayout';
import { xlsxRows } from '../support/master-data';
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
 * Inventory's reports (issue 4) in English: the stock balance, the movement card, /orders, a stocktaking closed
 * into movements, and a price list.
 */
inventoryJourneys('inventory: reports', () => {
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
    // the same report as a workbook: names not ids, the totals, every row of the store
    const downloading = page.waitForEvent('download');
    await reports.exportButton.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = test.info().outputPath('stock-balance.xlsx');
    await download.saveAs(file);
    const workbook = await xlsxRows(file);
    expect(workbook.flat()).toEqual(
      expect.arrayContaining(['Stock balance', english, `Store A ${n.tag}`, '120']),
    );
    expect(workbook).toHaveLength(4); // title, headers, the row, the totals

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
    // a movement leads to its source document
    await reports.rows.nth(0).getByTestId('report-drill').click();
    await expect(page).toHaveURL(/\/addition-order\/edit\//);

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
