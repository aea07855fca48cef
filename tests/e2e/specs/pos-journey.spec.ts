import { writeFileSync } from 'node:fs';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { test, type Route } from '@playwright/test';
import { buildScaleBarcode, dec, parseZatcaQr, type Dec } from '@erp/contracts';
import { LoginPage } from '../pages/LoginPage';
import { PointOfSaleScreen } from '../pages/PointOfSaleScreen';
import { SafeTransactionsScreen } from '../pages/SafeTransactionsScreen';
import { expect, runNames, today } from '../support/inventory';
import { adminApi, adminHeaders } from '../support/master-data';
import { arrangeSafe } from '../support/sales';
import { arrangeTill } from '../support/till';
import { createUser } from '../support/session';

type Shift = {
  id: string;
  code: string;
  invoices: number;
  cash: string;
  expectedCash: string;
  deficit: string | null;
};
interface IssuedInvoice {
  status: string;
  referenceNumber: string;
  money: { taxInclusive: string; vat: string };
  issue: { issuedAt: string } | null;
}

/** The POS permissions of the spec: the till (addSalesTransactions) and the shifts (view, close). */
const POS_PERMISSIONS = ['addSalesTransactions', 'viewSafeTransactions', 'closeSafes'];

/**
 * Issue 15's 'Done when', in Arabic, as a cashier who holds only the POS permissions: the shift opened at the till
 * with an opening balance; two items and a scale label scanned; the sale held, retrieved, paid part cash part card;
 * its receipt printed from the till (its picture looked at, its QR decoded); offline, three more sales (the last
 * one's receipt printed offline), the page reloaded with no network at all (the service worker), and exactly
 * three more invoices arrive; the shift closed at the till with less cash than expected, the deficit in the ledger; then the admin
 * sees the stock lowered and a trial balance that balances.
 */
test.describe('point of sale journey', () => {
  // the shell's service worker keeps the page's files and start reads: the till reloads with no network at all
  test.use({ serviceWorkers: 'allow' });
  test('a POS-only cashier: shift, scans, hold, split payment, receipt, offline sales, close with a deficit', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const n = runNames();
    const api = await adminApi(page.request);
    const headers = await adminHeaders(page.request);
    // the company's VAT number (the QR's) and its scale labels: prefix 22, the weight in the label
    const company = await api.get<Record<string, unknown> & { arabicName: string; taxNumber?: string }>(
      '/api/Company',
    );
    const vat = company.taxNumber || '310122393500003';
    if (!company.taxNumber) {
      const put = await page.request.put('/api/Company', { headers, data: { ...company, taxNumber: vat } });
      expect(put.status(), await put.text()).toBe(200);
    }
    const scale = await page.request.put('/api/Company/PosConfiguration', {
      headers,
      data: { scalePrefix: '22', scaleMode: 'weight' },
    });
    expect(scale.status(), await scale.text()).toBe(200);
    await api.automaticPosting(true);
    // the till sells from the branch's default store
    const { store, juice, water, cheese, scaleCode } = await arrangeTill(api, page.request, n, {
      scaleItem: true,
      card: true,
    });
    const safe = await arrangeSafe(api, n);
    const label = buildScaleBarcode({ prefix: '22', mode: 'weight' }, scaleCode, '0.750');

    // the cashier, created by the admin through the API with the POS permissions only
    const cashier = `poscashier${n.tag}`;
    await createUser(page.request, cashier, 'Cashier#2026', POS_PERMISSIONS);
    // the browser's print dialog is counted, not opened
    await page.addInitScript(() => {
      const w = window as unknown as { print: () => void; printed: number };
      w.printed = 0;
      w.print = () => {
        w.printed += 1;
      };
    });
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(cashier, 'Cashier#2026');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // the service worker active before the till loads: the till's files and start reads pass through it
    await page.waitForFunction(
      () =>
        (
          globalThis as unknown as { navigator: { serviceWorker: { ready: Promise<unknown> } } }
        ).navigator.serviceWorker.ready.then(() => true),
      undefined,
      { timeout: 30_000 },
    );
    await page.goto('/point-of-sale');
    const till = new PointOfSaleScreen(page);
    await till.expectOpen(3);
    await expect(till.online).toHaveText('متصل');

    // no shift yet: a scan sells nothing until one is open with the drawer's opening balance
    const shift = await till.openShift('100', safe.id);
    expect(
      await api.get<Shift & { openingBalance: string }>(`/api/SafeTransactions/${shift.id}`),
    ).toMatchObject({
      openingBalance: '100',
      invoices: 0,
    });
    await expect(till.root.getByTestId('till-shift-close')).toBeVisible();

    // two items and a scale label of 0.750 kg: 10 + 2 + 0.75 × 40 = 42, with VAT 48.30
    await till.scan(n.barcode);
    await till.scan(n.subBarcode);
    await till.scan(label);
    await expect(till.lines).toHaveCount(3);
    await expect(till.total).toHaveText('48.30');
    // beyond the cashier's own rights (no discount allowed, no raising the price): refused at the till with a
    // clear message, the line as it was, the scan field ready
    await page.keyboard.press('F6');
    await page.getByTestId('till-key').fill('10');
    await page.getByTestId('till-key').press('Enter');
    await expect(till.message).toContainText('الخصم أكبر من المسموح لك (0 %)');
    await expect(till.total).toHaveText('48.30');
    await expect(till.scanField).toBeFocused();
    await till.lines.first().click();
    // F5 as it comes right after the click, before the scan field has the focus back (on the page's body): the
    // till's key all the same (it was lost, and the journey waited for the price field for ever)
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      document.body.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'F5', bubbles: true, cancelable: true }),
      );
    });
    await page.getByTestId('till-key').fill('12');
    await page.getByTestId('till-key').press('Enter');
    await expect(till.message).toContainText('رفع السعر');
    await expect(till.total).toHaveText('48.30');
    await expect(till.scanField).toBeFocused();

    // held, then retrieved from the hung invoices
    const holding = page.waitForResponse(
      (r) => r.url().endsWith('/api/PointOfSale/Held') && r.request().method() === 'POST',
    );
    await page.keyboard.press('F8');
    const heldAnswer = await holding;
    expect(heldAnswer.status()).toBe(201);
    const held = (await heldAnswer.json()) as { id: string; code: string; totalValue: string };
    expect(held.totalValue).toBe('48.30');
    await expect(till.lines).toHaveCount(0);
    await page.keyboard.press('F9');
    await till.root.getByTestId('till-hung-panel').getByRole('button', { name: held.code }).click();
    await expect(till.lines).toHaveCount(3);
    await expect(till.total).toHaveText('48.30');

    // part card (20), the rest cash (28.30)
    await till.pay([{ method: `بطاقة ${n.tag}`, amount: '20' }, { method: `نقدي ${n.tag}` }]);
    const first = (await till.lastReceipt.textContent())!.trim();
    await till.expectWaiting(0);
    const invoice = await api.get<IssuedInvoice>(`/api/SalesInvoices/${held.id}`);
    expect(invoice).toMatchObject({ status: 'issued', referenceNumber: first });

    // the receipt, from the till's own copy of the sale: Ctrl+P, its picture, its QR read off the picture
    await page.keyboard.press('Control+P');
    const dialog = page.getByTestId('receipt-dialog');
    const receipt = dialog.getByTestId('receipt');
    await expect(receipt).toBeVisible();
    await expect(receipt.getByTestId('receipt-number')).toHaveText(first);
    await expect(receipt.getByTestId('receipt-total')).toHaveText('48.30');
    for (const text of ['فاتورة ضريبية مبسطة', n.item, `بطاقة ${n.tag}`, `نقدي ${n.tag}`, vat])
      await expect(receipt).toContainText(text);
    await dialog.getByTestId('receipt-picture-print').click();
    const picture = dialog.getByTestId('receipt-picture');
    await expect(picture).toBeVisible();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    const src = (await picture.getAttribute('src'))!;
    const bytes = Buffer.from(src.slice('data:image/png;base64,'.length), 'base64');
    writeFileSync('test-results/pos-journey-receipt.png', bytes);
    const png = PNG.sync.read(bytes);
    expect(png.width).toBe(576);
    const read = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(read, 'the QR code decodes off the picture').not.toBeNull();
    // the till's QR is the one of the invoice the server issued from the sale
    expect(parseZatcaQr(read!.data)).toEqual({
      sellerName: company.arabicName,
      vatNumber: vat,
      timestamp: invoice.issue!.issuedAt,
      total: invoice.money.taxInclusive,
      vat: invoice.money.vat,
    });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(till.scanField).toBeFocused();

    // offline: three sales of one water (2.30 each), each with its final receipt number at once
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
    // the last one's receipt prints offline, with its final number and a QR code
    await page.getByTestId('till-print').click();
    await expect(receipt.getByTestId('receipt-number')).toHaveText(receipts[2]!);
    await expect(receipt.getByTestId('receipt-total')).toHaveText('2.30');
    const offlineQr = parseZatcaQr((await receipt.getByTestId('tax-qr').getAttribute('data-qr-text'))!);
    expect(offlineQr).toMatchObject({ sellerName: company.arabicName, total: '2.30', vat: '0.30' });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // the page reloaded with no network at all (the page's requests and the service worker's own), then the
    // network back: exactly three more invoices
    const noNetwork = (route: Route) =>
      route.request().serviceWorker() ? route.abort('internetdisconnected') : route.continue();
    await page.context().route('**', noNetwork);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await till.expectOpen(3);
    await till.expectWaiting(3);
    await expect(till.online).toHaveText('غير متصل');
    await expect(till.root.getByTestId('till-shift-panel')).toBeHidden();
    await page.context().unroute('**', noNetwork);
    await page.context().setOffline(false);
    await till.expectWaiting(0);
    const arrived: string[] = [];
    for (const number of receipts) {
      const found = await api.get<{ items: { id: string; referenceNumber: string; status: string }[] }>(
        `/api/SalesInvoices?search=${encodeURIComponent(number)}&pageSize=50`,
      );
      const mine = found.items.filter((i) => i.referenceNumber === number);
      expect(mine).toEqual([expect.objectContaining({ status: 'issued' })]);
      arrived.push(mine[0]!.id);
    }
    // the receipt printed offline carries the QR of the invoice the server issued from it
    const lastInvoice = await api.get<IssuedInvoice>(`/api/SalesInvoices/${arrived[2]}`);
    expect(offlineQr).toEqual({
      sellerName: company.arabicName,
      vatNumber: vat,
      timestamp: lastInvoice.issue!.issuedAt,
      total: lastInvoice.money.taxInclusive,
      vat: lastInvoice.money.vat,
    });
    // the shift counts exactly the four sales: 28.30 + 3 × 2.30 = 35.20 cash, 100 + 35.20 expected
    const before = await api.get<Shift>(`/api/SafeTransactions/${shift.id}`);
    expect(before).toMatchObject({ invoices: 4, cash: '35.2', expectedCash: '135.2' });

    // the close, from the till: 130 counted, 5.20 short
    await till.root.getByTestId('till-shift-close').click();
    await expect(page).toHaveURL(new RegExp(`/safe-transaction/close/${shift.id}$`));
    const shifts = new SafeTransactionsScreen(page);
    await expect(shifts.figure('shift-expected-cash')).toContainText('135.20');
    await shifts.count('130');
    await expect(shifts.deficit).toContainText('العجز');
    await expect(shifts.deficit).toContainText('5.20');
    expect(await shifts.confirmClose()).toBe(200);
    await expect(page.getByTestId('shift-who')).toContainText('مغلقة');
    await page.screenshot({ path: 'test-results/pos-journey-close.png', fullPage: true });

    // the admin: the deficit in the journal (5.20 against cash), the stock lowered, the trial balance balanced
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await expect(async () => {
      const listing = await api.get<{
        items: { sourceId: string; accountId: string; debit: string; credit: string }[];
      }>(`/api/AccountsReports/JournalListing?dateFrom=${today()}&dateTo=${tomorrow}&pageSize=500`);
      const nets = new Map<string, Dec>();
      for (const l of listing.items.filter((r) => r.sourceId === shift.id))
        nets.set(l.accountId, (nets.get(l.accountId) ?? dec(0)).plus(l.debit).minus(l.credit));
      const standing = [...nets.values()].filter((v) => !v.isZero()).sort((x, y) => x.comparedTo(y));
      expect(standing.map((v) => v.toFixed(2))).toEqual(['-5.20', '5.20']);
    }).toPass({ timeout: 20_000 });
    await expect(async () => {
      const balance = await api.get<{ items: { itemId: string; quantity: string }[] }>(
        `/api/ItemsReports/StockBalance?storeId=${store}&pageSize=500`,
      );
      const left = (id: string) => dec(balance.items.find((r) => r.itemId === id)?.quantity ?? '-1');
      expect(left(juice.id).toFixed(3)).toBe('999.000');
      expect(left(water.id).toFixed(3)).toBe('996.000');
      expect(left(cheese!.id).toFixed(3)).toBe('999.250');
    }).toPass({ timeout: 30_000 });
    const trial = await api.get<{ totals: Record<string, string> }>(
      '/api/AccountsReports/TrialBalance?nonZero=false',
    );
    expect(trial.totals.closingDebit).toBe(trial.totals.closingCredit);
    expect(trial.totals.periodDebit).toBe(trial.totals.periodCredit);
  });

  test.afterAll(async ({ request }) => (await adminApi(request)).automaticPosting(false));
});
