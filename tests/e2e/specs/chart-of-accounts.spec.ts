import { expect, test } from '@playwright/test';
import { MasterDataScreen } from '../pages/MasterDataScreen';
import { ShellLayout } from '../pages/ShellLayout';
import { TreeScreen } from '../pages/TreeScreen';
import { expectAccessible } from '../support/axe';
import { adminApi } from '../support/master-data';
import { signInAsAdmin } from '../support/session';

/**
 * The chart of accounts as a tree (issue 13, deliverable 1): the default chart a tenant starts with, a search
 * that shows the matches with their ancestors, "add a child here", the keyboard, and the server's tree rules
 * (a record under its own descendant; a parent deleted) with the spec's messages, in Arabic then English.
 */
test.describe('chart of accounts', () => {
  const CHILD = 'صندوق الفرع';

  test.beforeEach(async ({ request }) => {
    // a retry starts from the default chart: the account this journey adds goes first
    const api = await adminApi(request);
    const tree = await api.get<{ items: { id: string; arabicName: string }[] }>('/api/Accounts/tree');
    for (const a of tree.items.filter((x) => x.arabicName === CHILD))
      await api.remove(`/api/Accounts/${a.id}`);
  });

  test('in Arabic: open the tree, search, add a child, and meet the tree rules', async ({ page }) => {
    await signInAsAdmin(page);
    const layout = new ShellLayout(page);
    const chart = new TreeScreen(page);
    await layout.menuLink('دليل الحسابات').click();
    await expect(page).toHaveURL(/\/chart-of-account$/);
    await chart.expectShown('accounts');
    // the default chart's five roots, collapsed
    await expect(chart.tree.locator(':scope > [role=treeitem]')).toHaveCount(5);
    await expect(chart.node('الأصول').first()).toHaveAttribute('aria-expanded', 'false');
    await expectAccessible(page, '/chart-of-account (ar)');

    // the keyboard: one tab stop; in right-to-left the left arrow opens a node and moves inward
    await chart.node('الأصول').first().focus();
    await page.keyboard.press('ArrowLeft');
    await expect(chart.node('الأصول').first()).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(chart.node('الأصول المتداولة')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(chart.node('الأصول').first()).toBeFocused();

    // a search shows the matches and their ancestors only
    await chart.search.fill('الصندوق الرئيسي');
    await expect
      .poll(() => chart.shownRows())
      .toEqual([
        expect.stringContaining('الأصول'),
        expect.stringContaining('الأصول المتداولة'),
        expect.stringContaining('النقدية والصناديق'),
        expect.stringContaining('الصندوق الرئيسي'),
      ]);
    await expect(chart.screen.locator('mark')).toHaveText('الصندوق الرئيسي');

    // add a child here: the form starts under the selected account, as a sub-account
    await chart.select('النقدية والصناديق');
    await expect(chart.node('النقدية والصناديق')).toHaveAttribute('aria-selected', 'true');
    await chart.addChild.click();
    const md = new MasterDataScreen(page);
    await expect(md.dialog).toBeVisible();
    await expect(md.form.locator('[data-field="parentId"] .p-dropdown-label')).toHaveText(
      'النقدية والصناديق',
    );
    await md.field('arabicName').fill(CHILD);
    await md.field('englishName').fill('Branch safe');
    await md.choose('nature', 'مدين');
    await md.choose('accountType', 'الميزانية العمومية');
    await md.save.click();
    await expect(md.dialog).toBeHidden();
    await chart.search.fill('');
    await expect(chart.node(CHILD)).toHaveAttribute('aria-selected', 'true');
    await expect(chart.node(CHILD)).toHaveAttribute('aria-level', '4');
    await expect(chart.node(CHILD).locator('.erp-tree__code').first()).toHaveText('1113');
    await page.screenshot({ path: 'test-results/chart-of-accounts-ar.png' });

    // an account cannot take one of its descendants as its parent: the server's message, nothing moved
    await chart.select('الأصول');
    await chart.moveTo(CHILD);
    await expect(chart.moveError).toHaveText('لا يمكن أن يكون السجل أباً لنفسه أو أن يتخذ أحد فروعه أباً');
    await expectAccessible(page, 'move dialog (ar)');
    await chart.moveDialog.getByRole('button', { name: 'إلغاء' }).click();
    await expect(chart.node('الأصول').first()).toHaveAttribute('aria-level', '1');

    // an account with children cannot be deleted
    await chart.select('النقدية والصناديق');
    await chart.remove.click();
    await chart.confirm.getByRole('button', { name: 'حذف' }).click();
    await expect(chart.alert).toContainText('لا يمكن حذف سجل له فروع');
    await expect(chart.node('النقدية والصناديق')).toHaveCount(1);
  });

  test('in English: the same tree, search and refusal', async ({ page }) => {
    await signInAsAdmin(page);
    const layout = new ShellLayout(page);
    await layout.chooseLanguage('English');
    await layout.expectDirection('ltr', 'en');
    const chart = new TreeScreen(page);
    await layout.menuLink('Chart of accounts').click();
    await chart.expectShown('accounts');
    await expectAccessible(page, '/chart-of-account (en)');
    // in left-to-right the right arrow opens
    await chart.node('Assets').first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(chart.node('Assets').first()).toHaveAttribute('aria-expanded', 'true');
    await chart.search.fill('VAT');
    await expect(chart.node('VAT input')).toBeVisible();
    await expect(chart.node('VAT output')).toBeVisible();
    await expect(chart.node('Revenue')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/chart-of-accounts-search-en.png' });
    await chart.select('Current liabilities');
    await chart.moveTo('VAT output');
    await expect(chart.moveError).toHaveText(
      'A record cannot be its own parent or take one of its descendants as parent',
    );
  });
});
