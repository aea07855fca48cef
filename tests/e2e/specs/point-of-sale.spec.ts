import { test } from '@playwright/test';
import { buildScaleBarcode } from '@erp/contracts';
import { LoginPage } from '../pages/LoginPage';
import { PointOfSaleScreen } from '../pages/PointOfSaleScreen';
import { expect, runNames } from '../support/inventory';
import { adminApi } from '../support/master-data';
import { arrangeSafe } from '../support/sales';
import { arrangeTill } from '../support/till';
import { createUser } from '../support/session';

/**
 * Issue 15 in Arabic, as a cashier who holds only the POS permissions: the till opens (registers itself once),
 * two items and a scale label are scanned (digits then Enter), the sale is held and retrieved, paid part cash part
 * card and issued; then the browser goes offline, three sales are made, the page is reloaded with the sync still
 * cut, and once the server answers again exactly three invoices arrive, one per receipt number.
 */
test.describe('point of sale', () => {
  test('a cashier scans, holds, retrieves, pays in two methods; offline sales arrive exactly once', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const n = runNames();
    const api = await adminApi(page.request);
    const { scaleCode } = await arrangeTill(api, page.request, n, { scaleItem: true, card: true });
    const company = await api.get<{ posConfiguration: { scalePrefix: '20'; scaleMode: 'weight' | 'price' } }>(
      '/api/Company',
    );
    const { scalePrefix, scaleMode } = company.posConfiguration;
    const label = buildScaleBarcode(
      { prefix: scalePrefix, mode: scaleMode },
      scaleCode,
      scaleMode === 'weight' ? '0.750' : '30.00',
    );
    const cashier = `cashier${n.tag}`;
    // the till's permission alone: hold and hung invoices are the till's own routes, not the back office's
    await createUser(page.request, cashier, 'Cashier#2026', ['addSalesTransactions']);
    await arrangeSafe(api, n);
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(cashier, 'Cashier#2026');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.goto('/point-of-sale');
    const till = new PointOfSaleScreen(page);
    await till.expectOpen(3);
    await expect(till.online).toHaveText('متصل');
    // nothing is sold before the cashier's shift is open
    expect((await till.openShift('50')).id).toBeTruthy();

    // two items (one twice: its quantity rises) and a scale label; a misread is refused and the field is ready
    await till.scan(n.barcode);
    await till.scan(n.subBarcode);
    await till.scan(n.barcode);
    await expect(till.lines).toHaveCount(2);
    await expect(till.lines.first().getByTestId('till-line-quantity')).toHaveText('2');
    const misread = `${label.slice(0, 12)}${(Number(label[12]) + 1) % 10}`;
    await till.scan(misread);
    await expect(till.message).toContainText('رقم التحقق');
    await till.scan(label);
    await expect(till.lines).toHaveCount(3);
    // 2 × 10 + 2 + 0.75 × 40 = 52 (or 30 with VAT on a price label), VAT 15 %
    const expected = scaleMode === 'weight' ? '59.80' : '55.30';
    await expect(till.total).toHaveText(expected);

    // hold (hang) it, then retrieve it from the hung invoices
    const holding = page.waitForResponse(
      (r) => r.url().endsWith('/api/PointOfSale/Held') && r.request().method() === 'POST',
    );
    await page.keyboard.press('F8');
    const held = (await (await holding).json()) as { id: string; code: string };
    expect((await api.get<{ status: string }>(`/api/SalesInvoices/${held.id}`)).status).toBe('held');
    await expect(till.lines).toHaveCount(0);
    await page.keyboard.press('F9');
    await till.root.getByTestId('till-hung-panel').getByRole('button', { name: held.code }).click();
    await expect(till.lines).toHaveCount(3);
    await expect(till.total).toHaveText(expected);

    // part card, the rest cash
    await till.pay([{ method: `بطاقة ${n.tag}`, amount: '20' }, { method: `نقدي ${n.tag}` }]);
    const first = (await till.lastReceipt.textContent())!.trim();
    await till.expectWaiting(0);
    const issued = await api.get<{ status: string; referenceNumber: string }>(
      `/api/SalesInvoices/${held.id}`,
    );
    expect(issued).toMatchObject({ status: 'issued', referenceNumber: first });

    // offline: three sales, each with its final receipt number at once
    await page.context().setOffline(true);
    await expect(till.online).toHaveText('غير متصل');
    const receipts: string[] = [];
    for (let i = 0; i < 3; i++) {
      await till.scan(n.subBarcode);
      await till.pay([{ method: `نقدي ${n.tag}` }]);
      await expect(till.lastReceipt).not.toHaveText(receipts.at(-1) ?? first);
      receipts.push((await till.lastReceipt.textContent())!.trim());
      await till.expectWaiting(i + 1);
    }
    expect(new Set(receipts).size).toBe(3);

    // the page reloaded while the sales still cannot reach the server: nothing lost
    await page.route('**/api/PointOfSale/Sales', (route) => route.abort('internetdisconnected'));
    await page.context().setOffline(false);
    await page.reload();
    await till.expectOpen(3);
    await till.expectWaiting(3);
    // the server answers again: the outbox goes, exactly once each
    await page.unroute('**/api/PointOfSale/Sales');
    await page.context().setOffline(true);
    await page.context().setOffline(false);
    await till.expectWaiting(0);
    for (const number of receipts) {
      const found = await api.get<{ items: { referenceNumber: string; status: string }[] }>(
        `/api/SalesInvoices?search=${encodeURIComponent(number)}&pageSize=50`,
      );
      expect(found.items.filter((i) => i.referenceNumber === number)).toEqual([
        expect.objectContaining({ status: 'issued' }),
      ]);
    }
    await page.screenshot({ path: 'test-results/point-of-sale.png', fullPage: true });
  });
});
