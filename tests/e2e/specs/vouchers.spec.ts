import { expect, test, type Page } from '@playwright/test';
import { DocumentScreen } from '../pages/DocumentScreen';
import { pickOption } from '../pages/dropdown';
import { ShellLayout } from '../pages/ShellLayout';
import { expectAccessible } from '../support/axe';
import { adminApi } from '../support/master-data';
import { signInAsAdmin } from '../support/session';

/** Fills line `row` of a voucher: its account by name, then its debit or its credit. */
async function fillLine(
  page: Page,
  doc: DocumentScreen,
  row: number,
  account: string,
  side: 'debit' | 'credit',
  amount: string,
) {
  await pickOption(page, doc.cell(row, 'accountId').locator('.p-dropdown'), account);
  await doc.input(row, side).fill(amount);
}

/**
 * Journal vouchers (issue 13, deliverable 2) on the kit's document screen: a voucher typed and saved, posted to
 * the journal after confirmation and found among the posted ones (closedVoucher); an unbalanced one refused
 * with the spec's 'Constraint Unbalanced' in the user's language. In Arabic, then once in English.
 */
test.describe('journal vouchers', () => {
  test.describe.configure({ timeout: 90_000 });

  test('in Arabic: create a voucher, post it, see it posted; an unbalanced one is refused', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    const layout = new ShellLayout(page);
    const doc = new DocumentScreen(page);
    const note = `e2e-${Date.now().toString(36)}`;

    await layout.menuLink('سندات القيد').click();
    await expect(page).toHaveURL(/\/vouchers$/);
    await doc.expectList('vouchers');
    await expectAccessible(page, '/vouchers (ar)');
    await doc.newButton.click();
    await expect(page).toHaveURL(/\/vouchers\/new$/);

    // unbalanced first: 100 against 90, refused by the server with its message, nothing saved
    await fillLine(page, doc, 0, 'الصندوق الرئيسي', 'debit', '100');
    await page.keyboard.press('F2');
    await fillLine(page, doc, 1, 'رأس المال', 'credit', '90');
    await doc.headerField('referenceNumber').locator('input').fill(note);
    await expect(page.getByTestId('doc-total-debit')).toHaveText('100.00');
    await expect(page.getByTestId('doc-total-credit')).toHaveText('90.00');
    await expectAccessible(page, '/vouchers/new (ar)');
    expect(await doc.saveAnd()).toBe(400);
    await expect(page.getByTestId('lines-lines-error')).toHaveText('القيد غير متوازن');
    await expect(page).toHaveURL(/\/vouchers\/new$/);

    // balanced: saved unposted, listed among the unposted
    await doc.input(1, 'credit').fill('100');
    expect(await doc.saveAnd()).toBe(201);
    await expect(page).toHaveURL(/\/vouchers$/);
    await expect(doc.row(note)).toContainText('غير مرحّل');

    // posted after confirmation: the page says so and the voucher moves to the posted list
    await doc.row(note).getByTestId('doc-open').click();
    await expect(page).toHaveURL(/\/vouchers\/edit\//);
    await page.getByTestId('doc-action-post').click();
    const posted = page.waitForResponse((r) => r.url().endsWith('/post') && r.request().method() === 'POST');
    await doc.confirm.getByRole('button', { name: 'ترحيل' }).click();
    expect((await posted).status()).toBe(200);
    await expect(doc.status).toHaveText('مرحّل');
    await expect(doc.save).toHaveCount(0);
    await expect(page.getByTestId('doc-action-unpost')).toBeVisible();
    await page.goto('/vouchers/closedVoucher');
    await doc.expectList('vouchers');
    await expect(doc.row(note)).toContainText('مرحّل');
    await expectAccessible(page, '/vouchers/closedVoucher (ar)');
    await doc.row(note).getByTestId('doc-open').click();
    await expect(page).toHaveURL(/\/vouchers\/closedVoucherEdit\//);
    await expect(doc.readOnlyNotice).toBeVisible();
  });

  test('in English: the unbalanced voucher is refused with "Constraint Unbalanced"', async ({ page }) => {
    await signInAsAdmin(page);
    const layout = new ShellLayout(page);
    await layout.chooseLanguage('English');
    const doc = new DocumentScreen(page);
    await layout.menuLink('Journal vouchers').click();
    await doc.expectList('vouchers');
    await doc.newButton.click();
    await fillLine(page, doc, 0, 'Main safe', 'debit', '10');
    await page.keyboard.press('F2');
    await fillLine(page, doc, 1, 'Capital', 'credit', '9.5');
    expect(await doc.saveAnd()).toBe(400);
    await expect(page.getByTestId('lines-lines-error')).toHaveText('Constraint Unbalanced');
    await expectAccessible(page, '/vouchers/new (en)');
  });

  test('in Arabic: a closing voucher needs a customer, and keeps its year until it is deleted', async ({
    page,
  }) => {
    const api = await adminApi(page.request);
    await signInAsAdmin(page);
    const layout = new ShellLayout(page);
    const doc = new DocumentScreen(page);
    const note = `closing-${Date.now().toString(36)}`;
    await layout.menuLink('سندات القيد').click();
    await doc.expectList('vouchers');
    await doc.newButton.click();
    await doc.headerField('isClosing').locator('.p-checkbox').click();
    await fillLine(page, doc, 0, 'الصندوق الرئيسي', 'debit', '7');
    await page.keyboard.press('F2');
    await fillLine(page, doc, 1, 'رأس المال', 'credit', '7');
    await doc.headerField('referenceNumber').locator('input').fill(note);
    expect(await doc.saveAnd()).toBe(400);
    await expect(doc.headerError('customerId')).toHaveText('قيد الإقفال يحتاج إلى عميل');
    await doc.choose('customerId', 'عميل نقدي');
    expect(await doc.saveAnd()).toBe(201);
    const [closing] = (await api.get<{ items: { id: string }[] }>(`/api/Vouchers?search=${note}`)).items;
    try {
      // another voucher of this year is refused with the service's words
      await doc.newButton.click();
      await fillLine(page, doc, 0, 'الصندوق الرئيسي', 'debit', '3');
      await page.keyboard.press('F2');
      await fillLine(page, doc, 1, 'رأس المال', 'credit', '3');
      expect(await doc.saveAnd()).toBe(409);
      await expect(page.getByText(/فيها قيد إقفال/).first()).toBeVisible();
    } finally {
      await api.remove(`/api/Vouchers/${closing!.id}`);
    }
  });
});
