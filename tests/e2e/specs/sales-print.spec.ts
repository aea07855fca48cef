import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { test } from '@playwright/test';
import { parseZatcaQr } from '@erp/contracts';
import { DocumentScreen } from '../pages/DocumentScreen';
import { expect, runNames, today } from '../support/inventory';
import { adminApi, adminHeaders } from '../support/master-data';
import { arrangeSaleItem } from '../support/sales';
import { signInAsAdmin } from '../support/session';

interface IssuedInvoice {
  id: string;
  code: string;
  money: { taxInclusive: string; vat: string };
  issue: { uuid: string; issuedAt: string } | null;
}

/**
 * Issue 14, deliverable 6, in Arabic: an invoice issued through the API prints as a bilingual tax invoice whose QR
 * code, read off the screen by an independent decoder (jsQR), holds the seller, the VAT number, the moment of
 * issue and the invoice's totals as the API reads them.
 */
test.describe('sales print', () => {
  test('an issued invoice prints as a tax invoice with its ZATCA QR code', async ({ page }) => {
    test.setTimeout(90_000);
    const n = runNames();
    const api = await adminApi(page.request);
    // the seller: the company's VAT number, the issuing branch's registration and national address
    const company = await api.get<Record<string, unknown> & { arabicName: string }>('/api/Company');
    const vat = '310122393500003';
    const put = await page.request.put('/api/Company', {
      headers: await adminHeaders(page.request),
      data: { ...company, taxNumber: vat },
    });
    expect(put.status(), await put.text()).toBe(200);
    const startUp = await api.get<{ branches: (Record<string, unknown> & { id: string })[] }>(
      '/api/aggregates/StartUp',
    );
    const branch = startUp.branches.find((b) => b.id === api.branchId)!;
    const branchPut = await page.request.put(`/api/Branches/${api.branchId}`, {
      headers: await adminHeaders(page.request),
      data: {
        ...branch,
        commercialRegistrationNumber: '1010010000',
        buildingNumber: '1234',
        streetName: 'طريق الملك فهد',
        district: 'العليا',
        city: 'الرياض',
        postalCode: '12211',
        additionalNumber: '5678',
      },
    });
    expect(branchPut.status(), await branchPut.text()).toBe(200);
    // the invoice template: a text under the print, no signature lines; a backslash is refused in Arabic
    const footer = `شكراً لتعاملكم ${n.tag}`;
    const refused = await page.request.put('/api/Company/PrintTemplates', {
      headers: await adminHeaders(page.request),
      data: { salesInvoices: { footerText: 'C:\\prints' } },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain('لا يُسمح بالشرطة المائلة العكسية');
    const template = await page.request.put('/api/Company/PrintTemplates', {
      headers: await adminHeaders(page.request),
      data: { salesInvoices: { footerText: footer, showSignatures: false } },
    });
    expect(template.status(), await template.text()).toBe(200);

    // the catalog, a buyer with a VAT number and an address, and a cash payment method
    const { category, unit, store, item } = await arrangeSaleItem(api, n);
    const item2 = await api.post('/api/Items', {
      arabicName: n.imported,
      englishName: `Apple juice ${n.tag}`,
      barcode: n.importedBarcode,
      categoryId: category.id,
      mainUnitId: unit.id,
      salesPrice: '12.5',
      costPrice: '7',
      openingBalances: [{ storeId: store.id, quantity: '100', unitCost: '7' }],
    });
    const buyerVat = `3${String(Date.now()).slice(-12)}03`;
    const customer = await api.post('/api/Customers', {
      arabicName: `شركة النور ${n.tag}`,
      englishName: `Al Noor ${n.tag}`,
      taxNumber: buyerVat,
      creditLimit: '100000',
      buildingNumber: '4321',
      streetName: 'شارع التحلية',
      district: 'السليمانية',
      city: 'جدة',
      postalCode: '21432',
      extraNumber: '8765',
    });
    const cash = await api.post('/api/PaymentMethods', { arabicName: `نقدي ${n.tag}`, kind: 'cash' });

    // issued in one call once the sales service has heard of the item and the payment method (by events)
    const invoiceBody = {
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
        {
          itemId: item2.id,
          unitId: unit.id,
          storeId: store.id,
          quantity: '2',
          price: '12.5',
          discountType: 'value',
          discount: '1',
          taxCategory: 'S',
          taxRate: '15',
        },
      ],
      payments: [{ paymentMethodId: cash.id, amount: '100' }],
      then: 'issue',
    };
    let created: { id: string } | null = null;
    await expect(async () => {
      const res = await page.request.post('/api/SalesInvoices', {
        headers: await adminHeaders(page.request),
        data: invoiceBody,
      });
      expect(res.status(), await res.text()).toBe(201);
      created = (await res.json()) as { id: string };
    }).toPass({ timeout: 30_000 });
    const invoice = await api.get<IssuedInvoice>(`/api/SalesInvoices/${created!.id}`);
    expect(invoice.issue).not.toBeNull();

    await signInAsAdmin(page);
    await page.goto(`/invoice-list/edit/${invoice.id}`);
    const docs = new DocumentScreen(page);
    await expect(docs.form).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    const view = docs.printView;
    await expect(view).toBeVisible();
    await expect(view).toHaveAttribute('data-print-layout', 'taxInvoice');
    // every label in Arabic and English side by side, whatever the UI language
    for (const pair of [
      'فاتورة ضريبية | Tax invoice',
      'البائع | Seller',
      'المشتري | Buyer',
      'الرقم الضريبي | VAT number',
      'الإجمالي شامل الضريبة | Total with VAT',
      'ضريبة القيمة المضافة | VAT',
    ])
      await expect(view).toContainText(pair);
    await expect(view.getByTestId('tax-number')).toHaveText(invoice.code);
    await expect(view.getByTestId('tax-uuid')).toHaveText(invoice.issue!.uuid);
    await expect(view.getByTestId('tax-seller-vat')).toHaveText(vat);
    await expect(view.getByTestId('tax-seller-cr')).toHaveText('1010010000');
    await expect(view.getByTestId('tax-seller-address')).toContainText('طريق الملك فهد');
    await expect(view.getByTestId('tax-buyer-vat')).toHaveText(buyerVat);
    await expect(view.getByTestId('tax-buyer-address')).toContainText('جدة');
    await expect(view.getByTestId('tax-total-with-vat')).toHaveText(invoice.money.taxInclusive);
    await expect(view.getByTestId('tax-payments')).toContainText(`نقدي ${n.tag}`);
    await expect(view.getByTestId('print-footer-text')).toHaveText(footer);
    await expect(view.getByTestId('print-signatures')).toHaveCount(0);

    // the QR code as the page shows it, decoded by jsQR and compared with the invoice the API reads
    const qr = view.getByTestId('tax-qr');
    await expect(qr).toBeVisible();
    const png = PNG.sync.read(await qr.screenshot());
    const read = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(read, 'the QR code decodes').not.toBeNull();
    expect(parseZatcaQr(read!.data)).toEqual({
      sellerName: company.arabicName,
      vatNumber: vat,
      timestamp: invoice.issue!.issuedAt,
      total: invoice.money.taxInclusive,
      vat: invoice.money.vat,
    });
    await page.screenshot({ path: 'test-results/print-tax-invoice.png', fullPage: true });
  });
});
