import { test } from '@playwright/test';
import { dec, type Dec } from '@erp/contracts';
import { SafeTransactionsScreen } from '../pages/SafeTransactionsScreen';
import { ShellLayout } from '../pages/ShellLayout';
import { signInAsAdmin } from '../support/session';
import { expect, runNames, today } from '../support/inventory';
import { adminApi } from '../support/master-data';
import { arrangeSaleItem } from '../support/sales';

type Shift = { id: string; code: string; expectedCash: string; deficit: string | null };

/**
 * Issue 15, deliverable 5 in Arabic: a cashier's shift opened on a safe with an opening balance, a cash sale issued
 * by that user in the shift, the drawer counted short at the close (the deficit shown before confirming), the
 * Z report; then the deficit's entry in the journal and a trial balance that balances.
 */
test.describe('safe transactions', () => {
  test.describe.configure({ timeout: 180_000 });

  test('in Arabic: open a shift, sell in cash, close short, the deficit lands in the ledger', async ({
    page,
  }) => {
    const n = runNames();
    const api = await adminApi(page.request);
    const { store, item, unit } = await arrangeSaleItem(api, n);
    const customer = await api.post('/api/Customers', { arabicName: `عميل نقدي ${n.tag}` });
    const cash = await api.post('/api/PaymentMethods', { arabicName: `نقدي ${n.tag}`, kind: 'cash' });
    const safe = `خزينة ${n.tag}`;
    await api.post('/api/Safes', { arabicName: safe, branchId: api.branchId });
    await api.automaticPosting(true);
    // a shift the admin left open in an earlier journey is closed first: one open shift a user
    const earlier = await api.get<{ shift: Shift | null }>('/api/SafeTransactions/current');
    if (earlier.shift)
      await api.act(`/api/SafeTransactions/${earlier.shift.id}/close`, {
        actualBalance: earlier.shift.expectedCash,
      });

    await signInAsAdmin(page);
    const layout = new ShellLayout(page);
    const shifts = new SafeTransactionsScreen(page);
    await layout.menuLink('حركات الخزينة').click();
    await expect(page).toHaveURL(/\/safe-transaction$/);
    // the safe comes to sales by accounts' event: the dialog lists it once it has arrived
    await expect(async () => {
      const safes = await api.get<{ arabicName: string }[]>('/api/SafeTransactions/safes');
      expect(safes.map((s) => s.arabicName)).toContain(safe);
    }).toPass({ timeout: 20_000 });
    expect(await shifts.open(safe, '100')).toBe(201);
    const opened = (await api.get<{ shift: Shift | null }>('/api/SafeTransactions/current')).shift!;
    await expect(shifts.row(safe)).toContainText('مفتوحة');

    // a sale in the shift by the same user: 3 × 10 + 15 % = 34.50, paid 40 in cash (5.50 change)
    await api.post('/api/SalesInvoices', {
      date: today(),
      customerId: customer.id,
      paymentType: 'cash',
      lines: [
        {
          itemId: item.id,
          unitId: unit.id,
          storeId: store.id,
          quantity: '3',
          price: '10',
          taxCategory: 'S',
          taxRate: '15',
        },
      ],
      payments: [{ paymentMethodId: cash.id, amount: '40' }],
      then: 'issue',
    });

    // the close: 100 + 34.50 expected, 130 counted, 4.50 short, shown before confirming
    await shifts.row(safe).getByTestId(`shift-close-${opened.code}`).click();
    await expect(page).toHaveURL(new RegExp(`/safe-transaction/close/${opened.id}$`));
    await expect(shifts.figure('shift-opening-balance')).toContainText('100.00');
    await expect(shifts.figure('shift-cash')).toContainText('34.50');
    await expect(shifts.figure('shift-net-sales')).toContainText('34.50');
    await expect(shifts.figure('shift-expected-cash')).toContainText('134.50');
    await shifts.count('130');
    await expect(shifts.deficit).toContainText('العجز');
    await expect(shifts.deficit).toContainText('4.50');
    expect(await shifts.confirmClose()).toBe(200);
    await expect(page.getByTestId('shift-who')).toContainText('مغلقة');
    await expect(shifts.figure('shift-actual-balance')).toContainText('130.00');
    await expect(shifts.figure('shift-close-date')).not.toBeEmpty();
    // the Z report, bilingual, ready for the 80 mm print
    await expect(shifts.zReport).toContainText('تقرير Z');
    await expect(shifts.zReport).toContainText('Z report');
    await expect(shifts.zReport).toContainText('Deficit');
    await page.emulateMedia({ media: 'print' });
    await expect(shifts.zReport).toBeVisible();
    await page.screenshot({ path: 'test-results/safe-transaction-z-report-ar.png' });
    await page.emulateMedia({ media: 'screen' });

    // the deficit in the journal: 4.50 to the shortage account against cash, dated the close's day in the
    // branch's time zone (Riyadh's day may be tomorrow's by UTC); the trial balance balances
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await expect(async () => {
      const listing = await api.get<{
        items: { sourceId: string; accountId: string; debit: string; credit: string }[];
      }>(`/api/AccountsReports/JournalListing?dateFrom=${today()}&dateTo=${tomorrow}&pageSize=500`);
      const nets = new Map<string, Dec>();
      for (const l of listing.items.filter((r) => r.sourceId === opened.id))
        nets.set(l.accountId, (nets.get(l.accountId) ?? dec(0)).plus(l.debit).minus(l.credit));
      const standing = [...nets.values()].filter((v) => !v.isZero()).sort((x, y) => x.comparedTo(y));
      expect(standing.map((v) => v.toFixed(2))).toEqual(['-4.50', '4.50']);
    }).toPass({ timeout: 20_000 });
    const trial = await api.get<{ totals: Record<string, string> }>(
      '/api/AccountsReports/TrialBalance?nonZero=false',
    );
    expect(trial.totals.closingDebit).toBe(trial.totals.closingCredit);
    expect(trial.totals.periodDebit).toBe(trial.totals.periodCredit);
  });

  test.afterAll(async ({ request }) => (await adminApi(request)).automaticPosting(false));
});
