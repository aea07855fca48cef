import { expect as baseExpect, test } from '@playwright/test';
import { DocumentScreen } from '../pages/DocumentScreen';
import { MasterDataScreen } from '../pages/MasterDataScreen';
import { ShellLayout } from '../pages/ShellLayout';
import { ThemeCustomizer } from '../pages/ThemeCustomizer';
import { expectAccessible } from '../support/axe';
import { adminApi } from '../support/master-data';
import { signInAsAdmin } from '../support/session';

/**
 * Keyboard entry (issue 12 item 4) and the forms' accessibility (item 8), in Arabic: a picker filters as the
 * user types (the 11th store is a few keys away, not 11 arrow presses), Enter moves across a line (on the unit
 * too, whose list it never opens), F2 adds a line, Ctrl+S saves; the document and master-data forms pass axe.
 */
const expect = baseExpect.configure({ timeout: 15_000 });

test('in Arabic: the 11th store by typing, Enter across a line, F2 and Ctrl+S, forms that pass axe', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = `${Date.now()}`.slice(-8);
  const tag = Number(stamp).toString(36);
  const api = await adminApi(page.request);
  const unit = await api.post('/api/Units', { arabicName: `حبة ${tag}` });
  const category = await api.post('/api/ItemCategories', { arabicName: `مياه ${tag}` });
  const stores: string[] = [];
  for (let i = 1; i <= 12; i++) {
    const name = `مخزن ${tag} رقم ${String(i).padStart(2, '0')}`;
    await api.post('/api/Stores', { arabicName: name, branchId: api.branchId });
    stores.push(name);
  }
  const barcode = `63${stamp}1`;
  await api.post('/api/Items', {
    arabicName: `ماء ${tag}`,
    barcode,
    categoryId: category.id,
    mainUnitId: unit.id,
    salesPrice: '2',
    minSalesPrice: '1',
    maxSalesPrice: '3',
    costPrice: '1',
  });

  await signInAsAdmin(page);
  const layout = new ShellLayout(page);
  // the user's setting: the Umm al-Qura date beside the Gregorian one (issue 10 item 9)
  const customizer = new ThemeCustomizer(page);
  const hijriSetting = page.locator('[data-setting="showHijri"] .p-inputswitch');
  await customizer.toggle.click();
  await hijriSetting.click();
  await expect(hijriSetting).toHaveAttribute('aria-checked', 'true');
  await customizer.close();
  const doc = new DocumentScreen(page);
  await layout.menuLink('أوامر الإضافة').click();
  await doc.expectList('additionOrders');
  await doc.newButton.click();
  await expect(page).toHaveURL(/\/addition-order\/new$/);
  await expect(doc.save).toBeVisible();
  // today in Arabic digits, with its Hijri date (هـ) beside it
  await expect(page.locator('#doc-date')).toHaveValue(/^[\u0660-\u0669\u200f/]+$/);
  await expect(page.getByTestId('doc-date-hijri')).toContainText('هـ');

  // the store: focus its picker and type; the first key opens the list with the text in its filter
  const store = page.locator('#doc-storeId');
  await store.focus();
  await page.keyboard.type(`${tag} رقم 11`, { delay: 40 });
  const panel = page.locator('.p-dropdown-panel');
  await expect(panel.locator('li[role=option]')).toHaveCount(1);
  await expect(panel.locator('li[role=option]')).toHaveText(stores[10]!);
  await page.keyboard.press('Enter');
  await expect(panel).toHaveCount(0);
  await expect(doc.headerField('storeId').locator('.p-dropdown-label')).toHaveText(stores[10]!);

  // across a line from the keyboard: item (scanned), unit (Enter moves on, the list stays shut), quantity
  await doc.scan(0, barcode);
  await page.keyboard.press('Enter');
  await expect(panel).toHaveCount(0);
  await expect(doc.input(0, 'quantity')).toBeFocused();
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await expect(doc.input(0, 'unitCost')).toBeFocused();
  await expect(doc.totalValue).toHaveText('3.00');
  // the unit's list opens with Alt+Down, and Escape closes it
  await doc.input(0, 'unitId').focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);

  // F2: a new line, its item cell focused; removed again
  await page.keyboard.press('F2');
  await expect(doc.input(1, 'itemId')).toBeFocused();
  await doc.line(1).getByTestId('line-remove').click();
  await expect(doc.line(1)).toHaveCount(0);

  // the form as filled, with its hint, passes axe (named cells and pickers, contrast)
  await expect(page.getByTestId('lines-hint')).toContainText('Ctrl+S');
  await expectAccessible(page, 'a new addition order');

  // Ctrl+S saves as the button does, and the browser's save dialog never opens
  const saved = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/AdditionOrders' && r.request().method() === 'POST',
  );
  await doc.input(0, 'quantity').focus();
  await page.keyboard.press('Control+s');
  expect((await saved).status()).toBe(201);
  await expect(page).toHaveURL(/\/addition-order$/);
  await expect(doc.rows.first()).toContainText(stores[10]!);

  // a master-data form (an item, with its units grid) passes axe too
  const md = new MasterDataScreen(page);
  await layout.menuLink('الأصناف', { exact: true }).click();
  await expect(md.list).toBeVisible();
  await md.newButton.click();
  await expect(md.form).toBeVisible();
  await expectAccessible(page, 'a new item');

  // the setting off again: other journeys see the admin's dates as before
  await md.cancel.click();
  await expect(md.form).toHaveCount(0);
  await customizer.toggle.click();
  await hijriSetting.click();
  await expect(hijriSetting).toHaveAttribute('aria-checked', 'false');
  await customizer.close();
});
