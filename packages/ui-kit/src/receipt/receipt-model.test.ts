import {
  documentMoneyTotals,
  nextTillSale,
  parseZatcaQr,
  TILL_FIRST_PREVIOUS_HASH,
  type DocumentRecord,
  type TillSaleInput,
} from '@erp/contracts';
import { receiptOf, tillReceiptOf } from './receipt-model';

const company = {
  arabicName: 'مؤسسة الرياض للتجارة',
  englishName: 'Riyadh Trading Est.',
  taxNumber: '310122393500003',
};
const branch = { id: 'b1', arabicName: 'الفرع الرئيسي', englishName: 'Main branch', timezone: 'Asia/Riyadh' };
const names: Record<string, { code: string; arabicName: string; englishName: string }> = {
  juice: { code: '1', arabicName: 'عصير', englishName: 'Juice' },
  cheese: { code: '2', arabicName: 'جبن', englishName: 'Cheese' },
  piece: { code: '1', arabicName: 'حبة', englishName: 'Piece' },
  kilo: { code: '2', arabicName: 'كيلو', englishName: 'Kilo' },
  cash: { code: '1', arabicName: 'نقدي', englishName: 'Cash' },
  card: { code: '2', arabicName: 'بطاقة', englishName: 'Card' },
};
const sale: TillSaleInput['sale'] = {
  date: '2026-11-28',
  referenceNumber: '',
  notes: '',
  customerId: 'walk-in',
  paymentType: 'cash',
  lines: [
    {
      itemId: 'juice',
      unitId: 'piece',
      storeId: 's',
      quantity: '2',
      price: '10',
      taxCategory: 'S',
      taxRate: '15',
    },
    {
      itemId: 'cheese',
      unitId: 'kilo',
      storeId: 's',
      quantity: '0.750',
      price: '40',
      discountType: 'percentage',
      discount: '5',
      taxCategory: 'S',
      taxRate: '15',
    },
  ],
  payments: [
    { paymentMethodId: 'card', amount: '20' },
    { paymentMethodId: 'cash', amount: '35.78' },
  ],
} as TillSaleInput['sale'];

describe('a till sale receipt, from the till own copy', () => {
  it('is the receipt of the invoice the server issues from it: the same number, moment, lines, totals and QR', async () => {
    const made = await nextTillSale(
      { tillId: 't1', code: 'T3', counter: 41, lastHash: TILL_FIRST_PREVIOUS_HASH },
      sale,
      { uuid: '7b0c2f8e-1d2a-4c5e-9f00-1a2b3c4d5e6f', issuedAt: '2026-11-28T09:15:30.000Z' },
    );
    const fromTill = tillReceiptOf(
      { number: made.number, issuedAt: made.input.issuedAt, sale: made.input.sale, change: '4.22' },
      company,
      branch,
      { item: (id) => names[id], unit: (id) => names[id], payment: (id) => names[id] },
    );
    // the invoice as the sales service keeps it once the sale synced (issued in the till's chain)
    const money = documentMoneyTotals('quantity', sale as Parameters<typeof documentMoneyTotals>[1]);
    const record = {
      id: 'inv1',
      code: 'SI-000123',
      status: 'issued',
      referenceNumber: made.number,
      branchId: 'b1',
      lines: sale.lines,
      payments: sale.payments,
      change: '4.22',
      money,
      names,
      issue: {
        uuid: made.input.uuid,
        unit: 'till:t1',
        counter: made.input.counter,
        previousHash: made.input.previousHash,
        hash: made.input.hash,
        issuedAt: made.input.issuedAt,
      },
    } as unknown as DocumentRecord;
    const both = (n: { arabicName: string; englishName: string } | undefined) =>
      n ? `${n.arabicName} / ${n.englishName}` : '';
    const fromServer = receiptOf(record, company, branch, (p) => both(names[String(p.paymentMethodId)]));
    expect(fromTill).toEqual(fromServer);
    expect(fromTill).toMatchObject({
      number: 'T3-000042',
      issuedAt: '2026-11-28 12:15:30',
      taxInclusive: '55.78',
      vat: '7.28',
      change: '4.22',
      lines: [
        { name: 'عصير / Juice', quantity: '2', unit: 'حبة / Piece', price: '10.00', total: '23.00' },
        { name: 'جبن / Cheese', quantity: '0.75', unit: 'كيلو / Kilo', price: '40.00', total: '32.78' },
      ],
      payments: [
        { name: 'بطاقة / Card', amount: '20.00' },
        { name: 'نقدي / Cash', amount: '35.78' },
      ],
    });
    expect(parseZatcaQr(fromTill.qrText!)).toEqual({
      sellerName: 'مؤسسة الرياض للتجارة',
      vatNumber: '310122393500003',
      timestamp: '2026-11-28T09:15:30.000Z',
      total: '55.78',
      vat: '7.28',
    });
  });
});
