import { writeFileSync } from 'node:fs';
import { test } from '@playwright/test';
import { pickOption } from '../pages/dropdown';
import { MasterDataScreen } from '../pages/MasterDataScreen';
import { ShellLayout } from '../pages/ShellLayout';
import { adminApi, xlsxRows } from '../support/master-data';
import { signInAsAdmin } from '../support/session';
import { inventoryJourneys, expect, runNames } from '../support/inventory';

/**
 * Inventory's catalog (issue 4) as a user drives it, in Arabic: categories, units, stores, items with sub-units,
 * search, the Excel export and import. The documents and the reports are in inventory-documents.spec.ts and
 * inventory-reports.spec.ts.
 */
inventoryJourneys('inventory', () => {
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
});
