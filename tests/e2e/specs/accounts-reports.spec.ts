import { expect, test, type Page } from '@playwright/test';
import { AccountsReportsScreen } from '../pages/AccountsReportsScreen';
import { DocumentScreen } from '../pages/DocumentScreen';
import { pickOption } from '../pages/dropdown';
import { ShellLayout } from '../pages/ShellLayout';
import { expectAccessible } from '../support/axe';
import { signInAsAdmin } from '../support/session';

async function fillLine(
  page: Page,
  doc: DocumentScreen,
  row: number,
  account: string,
  side: string,
  amount: string,
) {
  await pickOption(page, doc.cell(row, 'accountId').locator('.p-dropdown'), account);
  await doc.input(row, side).fill(amount);
}

/** The figure of a totals entry whose caption holds `caption` (the totals row: 'caption: figure'). */
async function total(reports: AccountsReportsScreen, caption: string): Promise<string> {
  const text = await reports.totals.getByTestId('report-total').filter({ hasText: caption }).innerText();
  return text.split(':').pop()!.trim();
}

/**
 * The accounts reports (issue 13 deliverable 7) in Arabic: a voucher typed, saved and posted shows in the trial
 * balance (which balances) and, through the trial balance's drill-down, in the cash account's statement with
 * its running balance.
 */
test.describe('accounts reports', () => {
  test.describe.configure({ timeout: 120_000 });

  test('in Arabic: a posted voucher is in the trial balance and in the account statement', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    const layout = new ShellLayout(page);
    const doc = new DocumentScreen(page);
    // an amount of this run, so the statement's line is this voucher's
    const amount = `${300 + (Date.now() % 600)}.37`;

    await layout.menuLink('سندات القيد').click();
    await doc.expectList('vouchers');
    await doc.newButton.click();
    await fillLine(page, doc, 0, 'الصندوق الرئيسي', 'debit', amount);
    await page.keyboard.press('F2');
    await fillLine(page, doc, 1, 'رأس المال', 'credit', amount);
    const note = `e2e-${Date.now().toString(36)}`;
    await doc.headerField('referenceNumber').locator('input').fill(note);
    expect(await doc.saveAnd()).toBe(201);
    await doc.row(note).getByTestId('doc-open').click();
    await page.getByTestId('doc-action-post').click();
    const posted = page.waitForResponse((r) => r.url().endsWith('/post') && r.request().method() === 'POST');
    await doc.confirm.getByRole('button', { name: 'ترحيل' }).click();
    expect((await posted).status()).toBe(200);
    await expect(doc.status).toHaveText('مرحّل');

    // the trial balance: the cash account has a row, and closing debit equals closing credit
    const reports = new AccountsReportsScreen(page);
    await layout.menuLink('تقارير الحسابات').click();
    await expect(page).toHaveURL(/\/accounts-reports/);
    await expect(reports.root.locator('h1')).toHaveText('تقارير الحسابات');
    const cash = reports.row('الصندوق الرئيسي').first();
    await expect(cash).toBeVisible();
    await expect(reports.totals).toBeVisible();
    const closingDebit = await total(reports, 'الإجمالي الرصيد الختامي مدين');
    expect(closingDebit).not.toBe('0.00');
    expect(await total(reports, 'الإجمالي الرصيد الختامي دائن')).toBe(closingDebit);
    await expectAccessible(page, '/accounts-reports (ar)');

    // its drill-down: the cash account's statement, with this voucher's line after the opening balance
    await cash.getByTestId('report-drill').click();
    await expect(page).toHaveURL(/report=accountStatement/);
    await expect(reports.rows.first()).toContainText('الرصيد الافتتاحي');
    const line = reports.row(amount).first();
    await expect(line).toContainText('سندات القيد');
    await expect(reports.totals).toContainText('الرصيد الختامي');
    // the line leads back to its voucher
    await line.getByTestId('report-drill').click();
    await expect(page).toHaveURL(/\/vouchers\/(closedVoucherEdit|edit)\//);
  });

  test('in Arabic: a sale with its VAT in box 1 of the return shows in the VAT summary', async ({ page }) => {
    await signInAsAdmin(page);
    const layout = new ShellLayout(page);
    const doc = new DocumentScreen(page);
    // a base of this run, VAT at 15 % to the cent
    const cents = 40_000 + (Date.now() % 40_000);
    const money = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
    // 15 % to the cent, half up, in integers
    const vat = Number((BigInt(cents) * 15n + 50n) / 100n);
    const [base, tax, gross] = [money(cents), money(vat), money(cents + vat)];
    const box = 'المبيعات الخاضعة للنسبة الأساسية';

    await layout.menuLink('سندات القيد').click();
    await doc.expectList('vouchers');
    await doc.newButton.click();
    await fillLine(page, doc, 0, 'الصندوق الرئيسي', 'debit', gross);
    await page.keyboard.press('F2');
    await fillLine(page, doc, 1, 'المبيعات', 'credit', base);
    await pickOption(page, doc.cell(1, 'vatBox').locator('.p-dropdown'), box);
    await page.keyboard.press('F2');
    await fillLine(page, doc, 2, 'ضريبة القيمة المضافة - المخرجات', 'credit', tax);
    await pickOption(page, doc.cell(2, 'vatBox').locator('.p-dropdown'), box);
    const note = `vat-${Date.now().toString(36)}`;
    await doc.headerField('referenceNumber').locator('input').fill(note);
    expect(await doc.saveAnd()).toBe(201);
    await doc.row(note).getByTestId('doc-open').click();
    await page.getByTestId('doc-action-post').click();
    const posted = page.waitForResponse((r) => r.url().endsWith('/post') && r.request().method() === 'POST');
    await doc.confirm.getByRole('button', { name: 'ترحيل' }).click();
    expect((await posted).status()).toBe(200);

    const reports = new AccountsReportsScreen(page);
    await layout.menuLink('تقارير الحسابات').click();
    await reports.openTab('vatSummary');
    await expect(reports.panel).toContainText('صافي الضريبة المستحقة');
    const row = reports.row(box).first();
    await expect(row).toContainText(base);
    await expect(row).toContainText(tax);
    await expect(reports.row('الصادرات')).toHaveCount(1);
    await expectAccessible(page, '/accounts-reports VAT summary (ar)');
  });
});
