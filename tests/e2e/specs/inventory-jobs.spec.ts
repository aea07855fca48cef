import { expect, test } from '@playwright/test';
import { DocumentScreen } from '../pages/DocumentScreen';
import { ItemsReportsScreen } from '../pages/ItemsReportsScreen';
import { adminApi } from '../support/master-data';
import { signInAsAdmin } from '../support/session';

/**
 * A large stocktaking closes through the jobs mechanism (issue 10 item 7): the screen shows the job's progress
 * and then its result, and the closed document after a reload. The e2e server closes counts of more than two
 * lines as a job (ERP_CLOSE_INLINE_LINES in playwright.config.ts). A back-dated document ahead of more than ten
 * later movements leaves its re-costing to a job (ERP_RECOST_INLINE_LIMIT), which waits a few seconds before
 * each chunk there (ERP_JOB_PAUSE_MS), so its "Being re-costed" tags can be seen.
 */
test.describe('inventory: background jobs', () => {
  const run = Date.now().toString(36).slice(-6);
  const barcode = (n: number) => `88${run.replace(/\D/g, '').padEnd(6, '0').slice(0, 6)}${n}`;

  test('a stocktaking of three lines closes as a job, with its progress and result', async ({ page }) => {
    test.setTimeout(60_000);
    const api = await adminApi(page.request);
    const category = await api.post('/api/ItemCategories', { arabicName: `جرد ${run}` });
    const piece = await api.post('/api/Units', { arabicName: `حبة ${run}` });
    const store = await api.post('/api/Stores', { arabicName: `مستودع ${run}`, branchId: api.branchId });
    const items = [];
    for (let n = 1; n <= 3; n++)
      items.push(
        await api.post('/api/Items', {
          arabicName: `صنف جرد ${run} ${n}`,
          barcode: barcode(n),
          categoryId: category.id,
          mainUnitId: piece.id,
          costPrice: '4',
          openingBalances: [{ storeId: store.id, quantity: '10', unitCost: '4' }],
        }),
      );
    const sheet = await api.post('/api/Stocktakings', {
      date: new Date().toISOString().slice(0, 10),
      storeId: store.id,
      lines: items.map((item, n) => ({ itemId: item.id, unitId: piece.id, countedQuantity: String(8 + n) })),
    });

    await signInAsAdmin(page);
    const doc = new DocumentScreen(page);
    await page.goto(`/inventory/edit/${sheet.id}`);
    await expect(doc.closeButton).toBeVisible();
    await doc.closeButton.click();
    await expect(doc.confirm).toBeVisible();
    const closed = page.waitForResponse((r) => r.url().endsWith('/close'));
    await doc.confirm.locator('.p-confirm-dialog-accept').click();
    const answer = (await (await closed).json()) as { jobId?: string; status: string };
    // the close answered at once with its job; the screen follows it to the end
    expect(answer.jobId).toEqual(expect.any(String));
    await expect(page.getByTestId('doc-close-job')).toBeVisible();
    await expect(page.getByTestId('doc-close-done')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('job-progress')).toHaveAttribute('data-status', 'succeeded');
    await expect(doc.readOnlyNotice).toBeVisible();
    await expect(doc.closeButton).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('stocktaking-close-job-ar.png'), fullPage: true });

    // after a reload: the closed document, and the job's result kept
    await page.reload();
    await expect(doc.readOnlyNotice).toBeVisible();
    await expect(doc.closeButton).toHaveCount(0);
    const job = await api.get<{ status: string; result: { status: string; lines: number } }>(
      `/api/inventory/jobs/${answer.jobId}`,
    );
    expect(job).toEqual(
      expect.objectContaining({
        status: 'succeeded',
        result: expect.objectContaining({ status: 'closed', lines: 3 }),
      }),
    );
    const balance = await api.get<{ items: { itemId: string; quantity: string }[] }>(
      `/api/ItemsReports/StockBalance?storeId=${store.id}&pageSize=15`,
    );
    expect(balance.items.map((r) => [r.itemId, r.quantity]).sort()).toEqual(
      items.map((item, n) => [item.id, String(8 + n)]).sort(),
    );
  });

  test('a back-dated addition is shown being re-costed, on the stock balance and on the document after a reload', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const api = await adminApi(page.request);
    const category = await api.post('/api/ItemCategories', { arabicName: `تكلفة ${run}` });
    const piece = await api.post('/api/Units', { arabicName: `قطعة ${run}` });
    const storeName = `مستودع تكلفة ${run}`;
    const store = await api.post('/api/Stores', { arabicName: storeName, branchId: api.branchId });
    const items: { id: string }[] = [];
    for (let n = 1; n <= 3; n++)
      items.push(
        await api.post('/api/Items', {
          arabicName: `صنف تكلفة ${run} ${n}`,
          barcode: barcode(10 + n),
          categoryId: category.id,
          mainUnitId: piece.id,
          costPrice: '4',
        }),
      );
    const today = new Date().toISOString().slice(0, 10);
    const addition = (date: string, unitCost: string) =>
      api.post<{ id: string; jobId?: string }>('/api/AdditionOrders', {
        date,
        storeId: store.id,
        lines: items.map((item) => ({ itemId: item.id, unitId: piece.id, quantity: '2', unitCost })),
      });
    // eleven movements of each item today, more than the e2e server re-costs inline
    for (let k = 0; k < 11; k++) await addition(today, String(3 + k));

    await signInAsAdmin(page);
    const backDated = await addition(`${today.slice(0, 4)}-01-01`, '1');
    expect(backDated.jobId).toEqual(expect.any(String));

    // the stock balance marks the store's items as being re-costed
    const reports = new ItemsReportsScreen(page);
    await page.goto('/items-reports');
    await reports.chooseStore(storeName);
    await expect(reports.rows).toHaveCount(3);
    await expect(reports.panel.getByTestId('report-recosting')).toHaveCount(3);

    // the document, opened afresh, names its re-costing job and follows it to its end
    const doc = new DocumentScreen(page);
    await page.goto(`/addition-order/edit/${backDated.id}`);
    await expect(doc.form).toBeVisible();
    await expect(page.getByTestId('doc-recosting')).toBeVisible();
    await expect(page.getByTestId('doc-recost-job').getByTestId('job-progress')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('addition-recost-job-ar.png'), fullPage: true });
    await expect(page.getByTestId('doc-recost-job')).toHaveCount(0, { timeout: 90_000 });
    const job = await api.get<{ status: string }>(`/api/inventory/jobs/${backDated.jobId}`);
    expect(job.status).toBe('succeeded');

    // and once it has ended, neither the document nor the stock balance shows the tag
    await page.reload();
    await expect(doc.form).toBeVisible();
    await expect(page.getByTestId('doc-recosting')).toHaveCount(0);
    await page.goto('/items-reports');
    await reports.chooseStore(storeName);
    await expect(reports.rows).toHaveCount(3);
    await expect(reports.panel.getByTestId('report-recosting')).toHaveCount(0);
  });
});
