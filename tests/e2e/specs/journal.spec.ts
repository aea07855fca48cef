import path from 'node:path';
import { expect, test } from '@playwright/test';
import { openDatabase, type Db } from '../../../packages/service-kit/src';
import { appendEntry } from '../../../services/accounts/src/journal';
import { JournalVerifyScreen } from '../pages/JournalVerifyScreen';
import { ShellLayout } from '../pages/ShellLayout';
import { ADMIN_PASSWORD, signInAsAdmin } from '../support/session';

/**
 * The journal's check (issue 13, deliverable 6), in Arabic then English: entries appended to the running
 * product's journal verify as intact; a line edited straight in the database is named as changed.
 * The entries are appended through the journal's own `appendEntry` on the product's accounts database (many at
 * once, without a screen per entry); vouchers.spec.ts posts through the API and the screens.
 */
test.describe('the journal check', () => {
  test.describe.configure({ timeout: 60_000 });
  let db: Db;
  test.afterAll(async () => db?.destroy());

  test('an admin sees the journal intact, then the tampered entry named, in Arabic and English', async ({
    page,
  }) => {
    const auth = await page.request.post('/api/Users/auth', {
      data: { userName: 'admin', password: ADMIN_PASSWORD },
    });
    const admin = (await auth.json()) as { token: string; defaultBranchId: string };
    const tenantId = JSON.parse(Buffer.from(admin.token.split('.')[1]!, 'base64url').toString())
      .tid as string;
    db = await openDatabase({
      client: 'sqlite',
      filename: path.join(process.env.E2E_DATA_DIR!, 'accounts.sqlite'),
    });
    const run = Date.now().toString(36);
    const appended = [];
    for (const amount of ['150', '75.5', '20.125'])
      appended.push(
        await db.transaction((trx) =>
          appendEntry(trx, {
            tenantId,
            branchId: admin.defaultBranchId,
            date: new Date().toISOString().slice(0, 10),
            source: { type: 'voucher', id: `e2e-${run}-${amount}`, revision: 1 },
            lines: [
              { accountId: 'cash', debit: amount, credit: '0' },
              { accountId: 'sales', debit: '0', credit: amount },
            ],
          }),
        ),
      );

    await signInAsAdmin(page);
    const screen = new JournalVerifyScreen(page);
    await screen.goto();
    await screen.verify();
    await expect(screen.outcome).toHaveAttribute('data-ok', 'true');
    await expect(screen.outcome).toContainText('دفتر اليومية سليم');

    // a balanced edit straight in the database: the amounts of the second entry, both sides
    await db('journal_lines').where({ entry_id: appended[1]!.id, line_no: 1 }).update({ debit: 7_650_000 });
    await db('journal_lines').where({ entry_id: appended[1]!.id, line_no: 2 }).update({ credit: 7_650_000 });
    await screen.verify();
    await expect(screen.outcome).toHaveAttribute('data-ok', 'false');
    await expect(screen.outcome).toContainText('تم العبث بدفتر اليومية');
    await expect(screen.reasons.first()).toHaveText('تم تغيير محتوى القيد بعد ترحيله');
    await page.screenshot({ path: 'test-results/journal-verify-ar.png' });

    const layout = new ShellLayout(page);
    await layout.chooseLanguage('English');
    await layout.expectDirection('ltr', 'en');
    await screen.verify();
    await expect(screen.outcome).toContainText('The journal has been tampered with.');
    await expect(screen.reasons.first()).toHaveText("The entry's content was changed after it was posted");
    await expect(layout.menuLink('Journal verification')).toBeVisible();
  });
});
