import { expect, test } from '@playwright/test';
import { DocumentScreen } from '../pages/DocumentScreen';
import { PostVouchersScreen } from '../pages/PostVouchersScreen';
import { ShellLayout } from '../pages/ShellLayout';
import { expectAccessible } from '../support/axe';
import { adminApi } from '../support/master-data';
import { signInAsAdmin } from '../support/session';

type Account = { id: string; parentId: string | null };

/**
 * Bulk posting (issue 13, deliverable 4) in Arabic: three vouchers posted by code range behind the posting
 * overlay and its progress bar, found among the posted vouchers (closedVoucher); then un-posted in bulk behind
 * the un-posting overlay and found back among the unposted ones. The e2e server pauses before each chunk of the
 * job (ERP_JOB_PAUSE_MS) so the overlay stays on screen long enough to be seen.
 */
test.describe('bulk posting', () => {
  test.describe.configure({ timeout: 90_000 });

  test('in Arabic: post vouchers in bulk, see them posted, un-post them, see them back', async ({ page }) => {
    const api = await adminApi(page.request);
    const tree = await api.get<{ items: Account[] }>('/api/Accounts/tree');
    const parents = new Set(tree.items.map((a) => a.parentId));
    const [a, b] = tree.items.filter((x) => !parents.has(x.id));
    const note = `bulk-${Date.now().toString(36)}`;
    const made: { code: string }[] = [];
    for (let n = 1; n <= 3; n++)
      made.push(
        await api.post<{ code: string }>('/api/Vouchers', {
          date: new Date().toISOString().slice(0, 10),
          referenceNumber: `${note}-${n}`,
          lines: [
            { accountId: a!.id, debit: `${n}5.50` },
            { accountId: b!.id, credit: `${n}5.50` },
          ],
        }),
      );

    await signInAsAdmin(page);
    const layout = new ShellLayout(page);
    const screen = new PostVouchersScreen(page);
    const doc = new DocumentScreen(page);

    await layout.menuLink('ترحيل السندات').click();
    await expect(page).toHaveURL(/\/post-vouchers$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(screen.root).toContainText('يتم الترحيل وإلغاء الترحيل إلى الحسابات دفعة واحدة');
    await expectAccessible(page, '/post-vouchers (ar)');

    // posting: the spec's overlay with the job's progress, then the summary
    await screen.range(made[0]!.code, made[2]!.code);
    const accepted = page.waitForResponse((r) => r.url().endsWith('/api/Vouchers/post'));
    await screen.post.click();
    expect((await accepted).status()).toBe(202);
    await expect(screen.postingOverlay).toBeVisible();
    await expect(screen.postingOverlay).toContainText('يرجى الانتظار حتى ينتهي الترحيل');
    await expect(screen.progressBar).toBeVisible();
    await screen.expectFinished('post');
    await expect(screen.postingOverlay).toHaveCount(0);
    await expect(screen.count('posted')).toHaveText('3');
    await expect(screen.count('failed')).toHaveText('0');
    await page.screenshot({ path: test.info().outputPath('post-vouchers-ar.png'), fullPage: true });

    await page.goto('/vouchers/closedVoucher');
    await doc.expectList('vouchers');
    for (let n = 1; n <= 3; n++) await expect(doc.row(`${note}-${n}`)).toContainText('مرحّل');

    // un-posting, from the keyboard: the un-posting overlay, then the vouchers are back among the unposted
    await screen.goto();
    await screen.range(made[0]!.code, made[2]!.code);
    await screen.unpost.focus();
    const unposted = page.waitForResponse((r) => r.url().endsWith('/api/Vouchers/unpost'));
    await page.keyboard.press('Enter');
    expect((await unposted).status()).toBe(202);
    await expect(screen.unpostingOverlay).toBeVisible();
    await expect(screen.unpostingOverlay).toContainText('يرجى الانتظار حتى ينتهي إلغاء الترحيل');
    await screen.expectFinished('unpost');
    await expect(screen.count('unposted')).toHaveText('3');

    await page.goto('/vouchers');
    await doc.expectList('vouchers');
    for (let n = 1; n <= 3; n++) await expect(doc.row(`${note}-${n}`)).toContainText('غير مرحّل');
  });
});
