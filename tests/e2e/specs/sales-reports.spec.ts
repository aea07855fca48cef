import { test } from '@playwright/test';
import { SalesDashboardScreen, SalesReportsScreen } from '../pages/SalesReportsScreen';
import { ShellLayout } from '../pages/ShellLayout';
import { expectAccessible } from '../support/axe';
import { expect, runNames, today } from '../support/inventory';
import { adminApi } from '../support/master-data';
import { signInAsAdmin } from '../support/session';

/**
 * The sales reports and dashboard (issue 14 deliverable 7) in Arabic, on an invoice of this run issued through
 * the API: the hub's sales by item shows its item net of nothing returned, in the main unit, and the dashboard
 * counts it among the day's sales with its charts.
 */
test.describe('sales reports', () => {
  test.describe.configure({ timeout: 120_000 });

  test('in Arabic: an issued invoice is in the sales by item and on the dashboard', async ({ page }) => {
    const n = runNames();
    const api = await adminApi(page.request);
    const category = await api.post('/api/ItemCategories', { arabicName: n.category });
    const unit = await api.post('/api/Units', { arabicName: n.unit });
    const storeA = await api.post('/api/Stores', { arabicName: n.storeA, branchId: api.branchId });
    const item = await api.post('/api/Items', {
      arabicName: n.item,
      barcode: n.barcode,
      categoryId: category.id,
      mainUnitId: unit.id,
      salesPrice: '10',
      costPrice: '6',
      openingBalances: [{ storeId: storeA.id, quantity: '40', unitCost: '6' }],
    });
    const customer = await api.post('/api/Customers', { arabicName: `عميل ${n.tag}`, creditLimit: '100000' });
    const cash = await api.post('/api/PaymentMethods', { arabicName: `نقدي ${n.tag}`, kind: 'cash' });
    await api.post('/api/SalesInvoices', {
      date: today(),
      customerId: customer.id,
      paymentType: 'cash',
      lines: [
        {
          itemId: item.id,
          unitId: unit.id,
          storeId: storeA.id,
          quantity: '30',
          price: '10',
          taxCategory: 'S',
          taxRate: '15',
        },
      ],
      payments: [{ paymentMethodId: cash.id, amount: '345.00' }],
      then: 'issue',
    });

    await signInAsAdmin(page);
    const layout = new ShellLayout(page);
    const reports = new SalesReportsScreen(page);
    await layout.menuLink('تقارير المبيعات').click();
    await expect(page).toHaveURL(/\/sales-reports/);
    await expect(reports.root.locator('h1')).toHaveText('تقارير المبيعات');
    await expect(reports.row(`عميل ${n.tag}`).first()).toBeVisible();
    await reports.openTab('salesByItem');
    await expect(page).toHaveURL(/report=salesByItem/);
    const row = reports.row(n.item).first();
    await expect(row).toBeVisible();
    await expect(row).toContainText('300.00');
    await expect(row).toContainText('345.00');
    await expect(reports.totals).toBeVisible();
    await expectAccessible(page, '/sales-reports (ar)');

    const dashboard = new SalesDashboardScreen(page);
    await layout.menuLink('لوحة المبيعات').click();
    await expect(page).toHaveURL(/\/sales-dashboard/);
    await expect(dashboard.root.locator('h1')).toHaveText('لوحة المبيعات');
    // the dashboard opens on the branch's day (Riyadh's), which near midnight is not the invoice's UTC date
    const [y, m, d] = today().split('-');
    await dashboard.root.locator('#dashboard-date').fill(`${d}/${m}/${y}`);
    await dashboard.root.locator('#dashboard-date').press('Tab');
    await expect(dashboard.figure('invoices')).not.toContainText(/^\s*0\s*$/);
    await expect(dashboard.root.getByTestId('dashboard-by-hour').locator('rect').first()).toBeAttached();
    await expect(dashboard.root.getByTestId('dashboard-top-items')).toContainText(n.item);
    await expect(dashboard.root.getByTestId('dashboard-by-payment')).toContainText(`نقدي ${n.tag}`);
    await expectAccessible(page, '/sales-dashboard (ar)');
  });
});
