import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { test } from '@playwright/test';
import { nextTillSale, parseZatcaQr, type TillSaleInput } from '@erp/contracts';
import { DocumentScreen } from '../pages/DocumentScreen';
import { expect, runNames, today } from '../support/inventory';
import { adminApi, adminHeaders } from '../support/master-data';
import { arrangeSaleItem, ensureAdminShift } from '../support/sales';
import { signInAsAdmin } from '../support/session';

interface IssuedInvoice {
  id: string;
  code: string;
  money: { taxInclusive: string; vat: string };
  issue: { issuedAt: string } | null;
}

/**
 * Issue 15, deliverable 6, in Arabic: a till's sale, synced through the point of sale's route, prints as an 80 mm
 * receipt carrying the till's receipt number; printed as a picture (what a thermal printer driven directly gets),
 * the picture is 576 dots wide and its QR code, read off the picture by an independent decoder (jsQR), holds the
 * seller, the VAT number, the moment of issue and the totals the API reads.
 */
test.describe('sales receipt', () => {
  test('a till sale prints as an 80 mm receipt and as its picture with the tax QR', async ({ page }) => {
    test.setTimeout(120_000);
    const n = runNames();
    const api = await adminApi(page.request);
    const company = await api.get<Record<string, unknown> & { arabicName: string; taxNumber?: string }>(
      '/api/Company',
    );
    const vat = company.taxNumber || '310122393500003';
    if (!company.taxNumber) {
      const headers = await adminHeaders(page.request);
      const put = await page.request.put('/api/Company', { headers, data: { ...company, taxNumber: vat } });
      expect(put.status(), await put.text()).toBe(200);
    }
    const { unit, store, item } = await arrangeSaleItem(api, n);
    const customer = await api.post('/api/Customers', { arabicName: `عميل ${n.tag}`, creditLimit: '100000' });
    const cash = await api.post('/api/PaymentMethods', { arabicName: `نقدي ${n.tag}`, kind: 'cash' });
    // a till's sale is issued in its cashier's open shift
    await ensureAdminShift(api, n);
    const till = await api.post<{ id: string; code: string; counter: number; lastHash: string }>(
      '/api/PointOfSale/Tills',
      { name: `كاشير ${n.tag}` },
    );
    const sale: TillSaleInput['sale'] = {
      date: today(),
      referenceNumber: '',
      notes: '',
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
      payments: [{ paymentMethodId: cash.id, amount: '50' }],
    };
    const made = await nextTillSale(
      { tillId: till.id, code: till.code, counter: till.counter, lastHash: till.lastHash },
      sale,
      {
        uuid: randomUUID(),
        issuedAt: new Date().toISOString(),
      },
    );
    // sent once the sales service has heard of the item and the payment method (by events)
    let invoiceId = '';
    await expect(async () => {
      const res = await page.request.post('/api/PointOfSale/Sales', {
        headers: { ...(await adminHeaders(page.request)), 'Idempotency-Key': made.input.uuid },
        data: made.input,
      });
      const body = (await res.json()) as { status: string; invoiceId: string | null };
      expect(res.status()).toBe(200);
      expect(body.status).toBe('issued');
      invoiceId = body.invoiceId!;
    }).toPass({ timeout: 30_000 });
    const invoice = await api.get<IssuedInvoice>(`/api/SalesInvoices/${invoiceId}`);

    // the browser's print dialog is counted, not opened
    await page.addInitScript(() => {
      const w = window as unknown as { print: () => void; printed: number };
      w.printed = 0;
      w.print = () => {
        w.printed += 1;
      };
    });
    await signInAsAdmin(page);
    await page.goto(`/invoice-list/edit/${invoice.id}`);
    const docs = new DocumentScreen(page);
    await expect(docs.form).toBeVisible();
    await page.getByTestId('doc-receipt').click();
    const dialog = page.getByTestId('receipt-dialog');
    const receipt = dialog.getByTestId('receipt');
    await expect(receipt).toBeVisible();
    await expect(receipt.getByTestId('receipt-number')).toHaveText(made.number);
    await expect(receipt.getByTestId('receipt-total')).toHaveText(invoice.money.taxInclusive);
    for (const text of ['فاتورة ضريبية مبسطة', 'Simplified tax invoice', n.item, `نقدي ${n.tag}`, vat])
      await expect(receipt).toContainText(text);
    await dialog.getByTestId('receipt-print').click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    // the picture a directly driven printer gets: 576 dots wide, its QR read off the picture itself
    await dialog.getByTestId('receipt-picture-print').click();
    const picture = dialog.getByTestId('receipt-picture');
    await expect(picture).toBeVisible();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(2);
    const src = (await picture.getAttribute('src'))!;
    expect(src.startsWith('data:image/png;base64,')).toBe(true);
    const bytes = Buffer.from(src.slice('data:image/png;base64,'.length), 'base64');
    writeFileSync('test-results/receipt-80mm.png', bytes);
    const png = PNG.sync.read(bytes);
    expect(png.width).toBe(576);
    const read = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(read, 'the QR code decodes off the picture').not.toBeNull();
    expect(parseZatcaQr(read!.data)).toEqual({
      sellerName: company.arabicName,
      vatNumber: vat,
      timestamp: invoice.issue!.issuedAt,
      total: invoice.money.taxInclusive,
      vat: invoice.money.vat,
    });
  });
});
