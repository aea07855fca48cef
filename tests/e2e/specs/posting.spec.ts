import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BranchesScreen } from '../pages/BranchesScreen';
import { NotPostedScreen } from '../pages/NotPostedScreen';
import { pickOption } from '../pages/dropdown';
import { expectAccessible } from '../support/axe';
import { runNames, today } from '../support/inventory';
import { adminApi } from '../support/master-data';
import { signInAsAdmin } from '../support/session';

/** Turns the admin's branch's automatic posting off again, as a new tenant has it (other journeys expect it). */
const automaticPostingOff = async (request: APIRequestContext) =>
  (await adminApi(request)).automaticPosting(false);

/** The branch form's account-link picker of `link`. */
const linkPicker = (page: Page, link: string) =>
  page.locator(`[data-field="branch-link-${link}"] .p-dropdown`);

/**
 * Posting from events (issue 13, deliverable 3), in Arabic: the branch's account links set in the branch screen
 * (automatic posting refused while one is missing, with the spec's message), a stock document whose linked
 * account was deleted shown in the not-posted list with why, and posted once the link is set again.
 */
test.describe('posting stock documents to accounts', () => {
  test.describe.configure({ timeout: 120_000 });

  test('in Arabic: link the accounts, see a document not posted with why, fix the link, see it posted', async ({
    page,
  }) => {
    const n = runNames();
    const api = await adminApi(page.request);
    // the catalog and stock the document needs, and an account the branch will link and then lose
    const unit = await api.post('/api/Units', { arabicName: n.unit });
    const category = await api.post('/api/ItemCategories', { arabicName: n.category });
    const store = await api.post('/api/Stores', { arabicName: n.storeA, branchId: api.branchId });
    const item = await api.post('/api/Items', {
      arabicName: n.item,
      barcode: n.barcode,
      categoryId: category.id,
      mainUnitId: unit.id,
      salesPrice: '10',
      costPrice: '5',
      units: [],
      openingBalances: [],
    });
    await api.post('/api/AdditionOrders', {
      date: today(),
      storeId: store.id,
      lines: [{ itemId: item.id, unitId: unit.id, quantity: '10', unitCost: '5' }],
    });
    const chart = await api.get<{ items: { id: string; code: string }[] }>('/api/Accounts/tree');
    const expenses = chart.items.find((a) => a.code === '5')!;
    const lostName = `تالف مؤقت ${n.tag}`;
    const lost = await api.post('/api/Accounts', {
      arabicName: lostName,
      isSub: true,
      parentId: expenses.id,
      nature: 'debit',
      accountType: 'incomeStatement',
    });

    await signInAsAdmin(page);
    const branches = new BranchesScreen(page);
    await page.goto(`/branches/edit/${api.branchId}`);
    await expect(branches.form).toBeVisible();
    await expect(page.getByText('ربط الحسابات المحاسبية')).toBeVisible();
    // the new tenant's links are preset to the default chart
    await expect(linkPicker(page, 'inventory').locator('.p-dropdown-label')).toContainText('مخزون البضاعة');

    // automatic posting with the cash link cleared: refused with the spec's message, nothing saved
    await linkPicker(page, 'cash').hover();
    await page.locator('[data-field="branch-link-cash"] .p-dropdown-clear-icon').click();
    await page.locator('[data-field="branch-switch-automaticPosting"] .p-inputswitch').click();
    const refused = page.waitForResponse(
      (r) => r.url().includes('/api/Branches/') && r.request().method() === 'PUT',
    );
    await page.getByTestId('save').click();
    expect((await refused).status()).toBe(400);
    await expect(page.getByTestId('automatic-posting-error')).toHaveText(
      'لا يمكن تفعيل الترحيل التلقائي قبل ربط حسابات الفرع',
    );

    // the cash link set again and damage linked to the account that will be deleted: saved
    await pickOption(page, linkPicker(page, 'cash'), 'الصندوق الرئيسي');
    await pickOption(page, linkPicker(page, 'damage'), lostName);
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/Branches/') && r.request().method() === 'PUT',
    );
    await page.getByTestId('save').click();
    expect((await saved).status()).toBe(200);
    await expect(page).toHaveURL(/\/branches$/);

    // the account is deleted (it had no entries), then a damage adjustment of the branch comes
    await api.remove(`/api/Accounts/${lost.id}`);
    const damage = await api.post<{ id: string; code: string }>('/api/DamageAdjustments', {
      date: today(),
      storeId: store.id,
      lines: [{ itemId: item.id, unitId: unit.id, quantity: '2' }],
    });

    const notPosted = new NotPostedScreen(page);
    await expect(async () => {
      await notPosted.goto();
      await expect(notPosted.row(damage.code)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(notPosted.row(damage.code).getByTestId('not-posted-reason')).toHaveText(
      "الحساب المربوط كـ 'تالف المخزون' لم يعد موجوداً",
    );
    await expect(notPosted.row(damage.code)).toContainText('تسوية تالف');
    await expectAccessible(page, '/not-posted (ar)');
    await page.screenshot({ path: test.info().outputPath('not-posted-ar.png'), fullPage: true });

    // the damage link set to the chart's damaged inventory: the branch's update posts the document
    await page.goto(`/branches/edit/${api.branchId}`);
    await pickOption(page, linkPicker(page, 'damage'), 'تالف المخزون');
    const fixed = page.waitForResponse(
      (r) => r.url().includes('/api/Branches/') && r.request().method() === 'PUT',
    );
    await page.getByTestId('save').click();
    expect((await fixed).status()).toBe(200);
    await expect(async () => {
      await notPosted.goto();
      await expect(notPosted.row(damage.code)).toHaveCount(0, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  });

  test.afterAll(async ({ request }) => automaticPostingOff(request));
});
