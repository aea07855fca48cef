import { expect, test } from '@playwright/test';
import { LoginPage } from '../pages/LoginPage';
import { MasterDataScreen } from '../pages/MasterDataScreen';
import { NotFoundPage } from '../pages/NotFoundPage';
import { ShellLayout } from '../pages/ShellLayout';
import { adminApi, xlsxRows } from '../support/master-data';
import { createUser, signInAsAdmin } from '../support/session';

/**
 * The master-data engine's screens (issue 3, item 6): one generic screen from the UI kit, mounted by each
 * feature app for its entities, against the real API.
 */
test.describe('master data', () => {
  test.beforeAll(async ({ request }) => {
    // restaurant and concrete entries are gated by business types (spec section 2)
    await (await adminApi(request)).enableBusinessTypes({ restaurant: true, concrete: true });
  });

  test('each feature app opens a main-data list from the sidebar', async ({ page }) => {
    await signInAsAdmin(page);
    const layout = new ShellLayout(page);
    const md = new MasterDataScreen(page);
    const lists: [string, string, RegExp][] = [
      ['أنواع المصروفات', 'expenseTypes', /\/expense-type$/], // mfe_accounts
      ['المناطق', 'areas', /\/areas$/], // mfe_sales
      ['الموردون', 'suppliers', /\/suppliers$/], // mfe_purchases
      ['الطاولات', 'tables', /\/tables$/], // mfe_restaurant
      ['ألوان السيارات', 'carColors', /\/car-colors$/], // mfe_concrete
      ['الوحدات', 'units', /\/units$/], // mfe_inventory
    ];
    for (const [label, entity, url] of lists) {
      await layout.menuLink(label).click();
      await expect(page).toHaveURL(url);
      await md.expectList(entity);
      await expect(md.list.locator('h1')).toHaveText(label);
    }
    // an empty list says so in the spec's words
    await layout.menuLink('الوحدات').click();
    await md.search.fill('لا يوجد شيء كهذا');
    await expect(md.empty).toHaveText('لا توجد سجلات');
  });

  test('in Arabic: create, edit, search, export, and delete (refused while referenced)', async ({
    page,
    request,
  }) => {
    // a retry (CI retries once) starts from the empty list the first attempt had: its customer, then its areas
    const setup = await adminApi(request);
    type Listed = { items: { id: string }[] };
    const named = encodeURIComponent('عميل الشمال');
    for (const c of (await setup.get<Listed>(`/api/Customers?search=${named}`)).items)
      await setup.remove(`/api/Customers/${c.id}`);
    for (const a of (await setup.get<Listed>('/api/Areas?pageSize=100')).items)
      await setup.remove(`/api/Areas/${a.id}`);
    await signInAsAdmin(page);
    const md = new MasterDataScreen(page);
    await page.goto('/areas');
    await md.expectList('areas');

    // create in the dialog: validated on load, Enter does not submit, the code is given by the server
    await md.newButton.click();
    await expect(md.dialog).toBeVisible();
    await expect(md.fieldError('arabicName')).toHaveText('هذا الحقل مطلوب');
    await expect(md.save).toBeDisabled();
    await md.field('arabicName').fill('منطقة الشمال');
    await md.field('arabicName').press('Enter');
    await expect(md.dialog).toBeVisible();
    await expect(md.fieldError('arabicName')).toHaveCount(0);
    await md.save.click();
    await expect(md.dialog).toBeHidden();
    await expect(md.row('منطقة الشمال')).toHaveCount(1);

    // edit: the code is fixed once saved
    await md.row('منطقة الشمال').getByTestId('md-edit').click();
    await expect(md.field('code')).toBeDisabled();
    await expect(md.field('arabicName')).toHaveValue('منطقة الشمال');
    await md.field('arabicName').fill('منطقة الشمال الشرقي');
    await md.field('englishName').fill('North East');
    await md.save.click();
    await expect(md.dialog).toBeHidden();
    await expect(md.row('منطقة الشمال الشرقي')).toContainText('North East');

    // a second area, then search as you type (one request after the pause)
    await md.newButton.click();
    await md.field('arabicName').fill('منطقة الجنوب');
    await md.save.click();
    await expect(md.dialog).toBeHidden();
    await expect(md.rows).toHaveCount(2);
    // the request for the whole term (a slow machine may pause mid-word and search a prefix first)
    const searched = page.waitForResponse(
      (r) => r.url().includes('/api/Areas?') && new URL(r.url()).searchParams.get('search') === 'الشرقي',
    );
    await md.search.pressSequentially('الشرقي', { delay: 30 });
    await searched;
    await expect(md.rows).toHaveCount(1);
    await expect(md.rows.first()).toContainText('منطقة الشمال الشرقي');

    // export: the current search as an .xlsx, sent with the session's headers
    const downloading = page.waitForEvent('download');
    await md.exportButton.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = test.info().outputPath('areas.xlsx');
    await download.saveAs(file);
    const rows = await xlsxRows(file);
    expect(rows.flat()).toContain('منطقة الشمال الشرقي');
    expect(rows.flat()).not.toContain('منطقة الجنوب');
    expect(rows.length).toBe(2); // translated headers and the one row

    // an area used by a customer cannot be deleted: the server's translated text in the alert
    const api = await adminApi(request);
    const found = await api.get<{ items: { id: string }[] }>(
      '/api/Areas?search=' + encodeURIComponent('الشرقي'),
    );
    const areaId = found.items[0]?.id ?? '';
    expect(areaId).not.toBe('');
    await api.post('/api/Customers', { arabicName: 'عميل الشمال', areaId });
    await md.deleteRow('منطقة الشمال الشرقي');
    await expect(md.alert).toContainText('هذا السجل مستخدم في سجلات أخرى ولا يمكن حذفه');
    await expect(md.rows).toHaveCount(1);

    // an unreferenced one goes
    await md.search.fill('');
    await expect(md.search).toHaveValue('');
    await expect(md.rows).toHaveCount(2);
    await md.deleteRow('منطقة الجنوب');
    await expect(md.row('منطقة الجنوب')).toHaveCount(0);
    await expect(md.rows).toHaveCount(1);
  });

  test('cars use the new and edit pages; references show names; a used car type cannot be deleted', async ({
    page,
    request,
  }) => {
    // a retry runs against the same data: its own names and plate, or its save is a 409 of the first attempt's
    // (the plate takes the suffix too: its unique rule)
    const n = ` ${Date.now().toString(36).slice(-5)}`;
    const api = await adminApi(request);
    await api.post('/api/CarTypes', { arabicName: `خلاطة اختبار${n}`, kind: 'mixer' });
    await signInAsAdmin(page);
    const md = new MasterDataScreen(page);
    await page.goto('/cars');
    await md.expectList('cars');
    await md.newButton.click();
    await expect(page).toHaveURL(/\/cars\/new$/);
    await expect(md.fieldError('plateNumber')).toHaveText('هذا الحقل مطلوب');
    await md.field('arabicName').fill(`سيارة اختبار${n}`);
    await md.field('plateNumber').fill(`E2E 101${n}`);
    await md.choose('carTypeId', `خلاطة اختبار${n}`);
    // decimals are rounded to the branch's digits when the input is left
    await md.field('capacity').fill('9.456');
    await md.field('capacity').blur();
    await expect(md.field('capacity')).toHaveValue('9.46');
    await md.save.click();
    await expect(page).toHaveURL(/\/cars$/);
    await expect(md.row(`سيارة اختبار${n}`)).toContainText(`خلاطة اختبار${n}`);

    // edit page: code disabled, englishName was filled from arabicName
    await md.row(`سيارة اختبار${n}`).getByTestId('md-edit').click();
    await expect(page).toHaveURL(/\/cars\/edit\/[^/]+$/);
    await expect(md.field('code')).toBeDisabled();
    await expect(md.field('englishName')).toHaveValue(`سيارة اختبار${n}`);
    await expect(md.field('capacity')).toHaveValue('9.46');
    await md.cancel.click();
    await expect(page).toHaveURL(/\/cars$/);

    await page.goto('/cars-types');
    await md.expectList('carTypes');
    await md.deleteRow(`خلاطة اختبار${n}`);
    await expect(md.alert).toContainText('هذا السجل مستخدم في سجلات أخرى ولا يمكن حذفه');
    await expect(md.row(`خلاطة اختبار${n}`)).toHaveCount(1);
  });

  test('a user without a permission gets /error-404 and no menu entry', async ({ page, request }) => {
    await createUser(request, 'md_clerk_e2e', 'Clerk!2026x', ['viewAreas']);
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn('md_clerk_e2e', 'Clerk!2026x');
    await expect(page.getByTestId('home')).toBeVisible();
    const layout = new ShellLayout(page);
    await expect(layout.menuLink('المناطق')).toBeVisible();
    await expect(layout.menuLink('العملاء')).toHaveCount(0);
    await expect(layout.menuLink('السيارات')).toHaveCount(0);
    await page.goto('/customers');
    await new NotFoundPage(page).expectShown();
    await page.goto('/cars/new');
    await new NotFoundPage(page).expectShown();
  });

  test('the master branch is read-only: preview only', async ({ page, request }) => {
    await (await adminApi(request)).post('/api/CarColors', { arabicName: 'أبيض رئيسي' });
    await signInAsAdmin(page);
    await page.getByTestId('branch-picker').click();
    await page.locator('.p-dropdown-panel li[role=option]', { hasText: 'الإدارة العامة' }).click();
    const md = new MasterDataScreen(page);
    await page.goto('/car-colors');
    await md.expectList('carColors');
    await expect(md.readOnlyNotice).toBeVisible();
    await expect(md.newButton).toBeDisabled();
    const row = md.row('أبيض رئيسي');
    await expect(row.getByTestId('md-edit')).toHaveCount(0);
    await expect(row.getByTestId('md-delete')).toHaveCount(0);
    await row.getByTestId('md-view').click();
    await expect(md.field('arabicName')).toHaveValue('أبيض رئيسي');
    await expect(md.field('arabicName')).toBeDisabled();
    await expect(md.save).toHaveCount(0);
  });

  test('screenshots of a list and a form in Arabic and English', async ({ page, request }) => {
    const api = await adminApi(request);
    await api.post('/api/Tables', {
      arabicName: 'طاولة الحديقة',
      tableNumber: 71,
      chairs: 4,
      section: 'الحديقة',
    });
    await signInAsAdmin(page);
    const md = new MasterDataScreen(page);
    const layout = new ShellLayout(page);
    await page.goto('/tables');
    await md.expectList('tables');
    await expect(md.row('طاولة الحديقة')).toHaveCount(1);
    await page.screenshot({ path: 'test-results/md-list-ar.png', fullPage: true });
    await md.row('طاولة الحديقة').getByTestId('md-edit').click();
    await expect(md.field('arabicName')).toHaveValue('طاولة الحديقة');
    await page.screenshot({ path: 'test-results/md-form-ar.png' });
    await md.cancel.click();
    await layout.chooseLanguage('English');
    await expect(md.list.locator('h1')).toHaveText('Tables');
    await page.screenshot({ path: 'test-results/md-list-en.png', fullPage: true });
    await page.goto('/cars/new');
    await expect(md.form).toBeVisible();
    await page.screenshot({ path: 'test-results/md-form-en.png' });
  });
});
