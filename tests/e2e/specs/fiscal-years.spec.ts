import { expect, test } from '@playwright/test';
import { DocumentScreen } from '../pages/DocumentScreen';
import { FiscalYearsScreen } from '../pages/FiscalYearsScreen';
import { pickOption } from '../pages/dropdown';
import { ShellLayout } from '../pages/ShellLayout';
import { expectAccessible } from '../support/axe';
import { signInAsAdmin } from '../support/session';

/**
 * Fiscal years (issue 13, deliverable 5), in Arabic: this year closed after confirmation, a voucher dated in it
 * then refused with the service's translated message, the year reopened by the admin. The journey leaves the
 * year open, as the other journeys need it.
 */
test.describe('fiscal years', () => {
  test.describe.configure({ timeout: 90_000 });

  test('in Arabic: close this year, a voucher in it is refused, reopen it', async ({ page }) => {
    const year = new Date().getFullYear();
    await signInAsAdmin(page);
    const layout = new ShellLayout(page);
    const screen = new FiscalYearsScreen(page);
    await layout.menuLink('السنوات المالية').click();
    await expect(page).toHaveURL(/\/fiscal-years$/);
    await expect(screen.status(year)).toHaveText('مفتوحة');
    await expect(page.getByTestId('fiscal-retained')).toContainText('الأرباح المبقاة');
    await expectAccessible(page, '/fiscal-years (ar)');

    await screen.closeButton(year).click();
    await expect(page.locator('.p-confirm-dialog')).toContainText(`إغلاق السنة المالية ${year}؟`);
    const closed = await screen.answerOf(
      page.locator('.p-confirm-dialog').getByRole('button', { name: 'إغلاق السنة' }),
      /\/api\/FiscalYearCloses$/,
    );
    expect(closed).toBe(200);
    await expect(screen.status(year)).toHaveText('مغلقة');

    try {
      // a voucher dated today, in the closed year: refused on the date, with the service's words
      const doc = new DocumentScreen(page);
      await page.goto('/vouchers/new');
      await pickOption(page, doc.cell(0, 'accountId').locator('.p-dropdown'), 'الصندوق الرئيسي');
      await doc.input(0, 'debit').fill('5');
      await page.keyboard.press('F2');
      await pickOption(page, doc.cell(1, 'accountId').locator('.p-dropdown'), 'رأس المال');
      await doc.input(1, 'credit').fill('5');
      expect(await doc.saveAnd()).toBe(400);
      await expect(doc.headerError('date')).toHaveText(`السنة المالية ${year} مغلقة: لا تقبل قيوداً`);
    } finally {
      await page.goto('/fiscal-years');
      expect(await screen.answerOf(screen.reopenButton(year), /\/reopen$/)).toBe(200);
      await expect(screen.status(year)).toHaveText('مفتوحة');
    }
  });
});
