import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { createElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { parseZatcaQr, type DocumentRecord } from '@erp/contracts';
import { TaxInvoiceSheet } from './TaxInvoicePrint';
import { localDateTime } from './tax-invoice-model';

// a .ts test (jest's testMatch): the print drawn with createElement, on the server, waiting for its QR image

const company = {
  arabicName: 'مؤسسة الرياض للتجارة',
  englishName: 'Riyadh Trading Est.',
  logoUrl: '',
  taxNumber: '310122393500003',
  commercialRegisterNumber: '',
};
const branch = {
  id: 'b1',
  arabicName: 'الفرع الرئيسي',
  englishName: 'Main branch',
  commercialRegistrationNumber: '1010010000',
  buildingNumber: '1234',
  streetName: 'طريق الملك فهد',
  district: 'العليا',
  city: 'الرياض',
  postalCode: '12211',
  additionalNumber: '5678',
  timezone: 'Asia/Riyadh',
};
const buyer = {
  arabicName: 'شركة النور',
  englishName: 'Al Noor Co.',
  taxNumber: '300000000000003',
  buildingNumber: '4321',
  streetName: 'شارع التحلية',
  district: 'السليمانية',
  city: 'الرياض',
  postalCode: '12245',
  extraNumber: '8765',
  country: 'SA',
};

/** An issued invoice as GET /api/SalesInvoices/:id reads it: 3 × 10 and 2 × 20 less 4, 15 %, paid in cash. */
const invoice: DocumentRecord = {
  id: 'inv-1',
  code: 'SI-000017',
  date: '2026-11-27',
  status: 'issued',
  revision: 2,
  referenced: false,
  branchId: 'b1',
  notes: 'شكراً لتعاملكم',
  customerId: 'c1',
  paymentType: 'cash',
  lines: [
    { lineNo: 1, itemId: 'i1', unitId: 'u1', quantity: '3', price: '10', taxCategory: 'S', taxRate: '15' },
    {
      lineNo: 2,
      itemId: 'i2',
      unitId: 'u1',
      quantity: '2',
      price: '20',
      discountType: 'value',
      discount: '4',
      taxCategory: 'S',
      taxRate: '15',
    },
  ],
  money: {
    lines: [
      { gross: '30.00', discount: '0.00', net: '30.00', vat: '4.50', total: '34.50' },
      { gross: '40.00', discount: '4.00', net: '36.00', vat: '5.40', total: '41.40' },
    ],
    categories: [{ category: 'S', rate: '15', taxable: '66.00', vat: '9.90', discount: '0.00' }],
    lineNet: '66.00',
    discount: '0.00',
    taxExclusive: '66.00',
    vat: '9.90',
    taxInclusive: '75.90',
  },
  payments: [{ paymentMethodId: 'pm1', amount: '80' }],
  paid: '75.90',
  change: '4.10',
  paidStatus: 'paid',
  issue: {
    uuid: '3cf5ee18-ee25-44ea-a444-2c37ba7f28be',
    unit: 'branch:b1',
    counter: 17,
    previousHash: '5feceb66ffc86f38d952786c6d696c79c2dbc239dd4e91b46729d73a27fb57e9',
    hash: 'a'.repeat(64),
    issuedAt: '2026-11-27T21:15:30.123Z',
  },
  names: {
    c1: { code: 'C-1', arabicName: 'شركة النور', englishName: 'Al Noor Co.' },
    i1: { code: 'I-1', arabicName: 'تونة', englishName: 'Tuna' },
    i2: { code: 'I-2', arabicName: 'أرز', englishName: 'Rice' },
    u1: { code: 'U-1', arabicName: 'حبة', englishName: 'Piece' },
  },
};

const blocks = { showNotes: true, showSignatures: true, headerText: '', footerText: '' };

async function render(record: DocumentRecord, sourceCode: string | null = null): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    createElement(TaxInvoiceSheet, {
      record,
      company,
      branch,
      buyer,
      sourceCode,
      paymentName: (p) => (p.paymentMethodId === 'pm1' ? 'نقدي' : ''),
      dir: 'rtl',
      blocks,
    }),
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

/** The QR image the print shows, read by an independent decoder (jsQR) from its PNG. */
function decodeQr(html: string): string | null {
  const src = /<img[^>]*data-testid="tax-qr"[^>]*>/
    .exec(html)?.[0]
    .match(/src="data:image\/png;base64,([^"]+)"/)?.[1];
  if (!src) return null;
  const png = PNG.sync.read(Buffer.from(src, 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'");

describe('the tax invoice print', () => {
  it('shows a QR code that decodes (jsQR) to tags 1–5 of the invoice: seller, VAT number, moment, totals', async () => {
    const html = await render(invoice);
    const read = decodeQr(html);
    expect(read).not.toBeNull();
    expect(parseZatcaQr(read!)).toEqual({
      sellerName: company.arabicName,
      vatNumber: company.taxNumber,
      timestamp: '2026-11-27T21:15:30.123Z',
      total: '75.90',
      vat: '9.90',
    });
  });

  it('labels every block in Arabic and English and names seller, buyer, number, moment and UUID', async () => {
    const shown = text(await render(invoice));
    for (const pair of [
      'فاتورة ضريبية | Tax invoice',
      'البائع | Seller',
      'المشتري | Buyer',
      'الرقم الضريبي | VAT number',
      'رقم الفاتورة | Invoice number',
      'الإجمالي شامل الضريبة | Total with VAT',
      'الإجمالي غير شامل الضريبة | Total without VAT',
      'الضريبة حسب الفئة | VAT by category',
      'المدفوعات | Payments',
    ])
      expect(shown).toContain(pair);
    expect(shown).toContain('SI-000017');
    expect(shown).toContain(invoice.issue && (invoice.issue as { uuid: string }).uuid);
    // 21:15 UTC is past midnight in Riyadh (UTC+3): the next day
    expect(shown).toContain('2026-11-28 00:15:30');
    expect(shown).toContain('1010010000');
    expect(shown).toContain('1234، طريق الملك فهد، العليا، الرياض، 12211، 5678');
    expect(shown).toContain('300000000000003');
    expect(shown).toContain('تونة / Tuna');
    expect(shown).toContain('75.90');
    expect(shown).toContain('نقدي');
    expect(shown).not.toContain('إشعار دائن');
  });

  it('prints a return as a credit note naming its original invoice and the reason', async () => {
    const creditNote = { ...invoice, code: 'SR-000003', reason: 'goodsReturned', sourceId: 'inv-1' };
    const shown = text(await render(creditNote, 'SI-000017'));
    expect(shown).toContain('إشعار دائن | Credit note');
    expect(shown).toContain('الفاتورة الأصلية | Original invoiceSI-000017');
    expect(shown).toContain('Goods returned');
  });

  it('shows moments in the branch time zone', () => {
    expect(localDateTime('2026-03-01T09:00:00Z')).toBe('2026-03-01 12:00:00');
    expect(localDateTime('2026-03-01T09:00:00Z', 'Europe/Berlin')).toBe('2026-03-01 10:00:00');
  });
});
