import { zatcaQrText, type DocumentRecord, type PosCatalogItem, type PosLookups } from '@erp/contracts';
import { emptyIndex, indexItems } from './barcode-index';
import { quickItemsOf } from './quick-items';
import {
  anythingReturnable,
  isReceiptQr,
  pickAll,
  pickQuantity,
  receiptQueryOf,
  refundMethodsOf,
  returnInputOf,
  returnLinesOf,
} from './till-return';
import { quotationInputOf } from './use-till-quotation';
import { emptyCart } from './cart';

const line = (lineNo: number, over: Record<string, unknown> = {}) => ({
  lineNo,
  itemId: `item${lineNo}`,
  unitId: 'piece',
  storeId: 'store',
  quantity: '4',
  remaining: '4',
  price: '10',
  taxCategory: 'S',
  taxRate: '15',
  ...over,
});

const original = (over: Partial<DocumentRecord> = {}): DocumentRecord => ({
  id: 'inv1',
  code: '000007',
  date: '2026-11-28',
  status: 'issued',
  revision: 1,
  referenced: false,
  referenceNumber: 'T1-000042',
  customerId: 'cust',
  paymentType: 'cash',
  lines: [
    line(1),
    line(2, { quantity: '2', remaining: '0' }),
    line(3, { quantity: '1.5', remaining: '0.5' }),
  ],
  payments: [
    { paymentMethodId: 'cash', amount: '20' },
    { paymentMethodId: 'card', amount: '40' },
  ],
  ...over,
});

const lookups: PosLookups = {
  units: [],
  customers: [],
  paymentMethods: [
    { id: 'cash', code: '1', arabicName: 'نقدي', englishName: 'Cash', kind: 'cash' },
    { id: 'card', code: '2', arabicName: 'بطاقة', englishName: 'Card', kind: 'card' },
    { id: 'drawer2', code: '3', arabicName: 'نقدي 2', englishName: 'Cash 2', kind: 'cash' },
  ],
};

describe("the till's return (issue 15 deliverable 8)", () => {
  it("tells a receipt's QR text from its number", () => {
    const qr = zatcaQrText({
      sellerName: 'شركة',
      vatNumber: '300000000000003',
      timestamp: '2026-11-28T10:00:00.000Z',
      total: '11.50',
      vat: '1.50',
    });
    expect(receiptQueryOf(` ${qr} `)).toEqual({ qr });
    expect(receiptQueryOf('T1-000042')).toEqual({ number: 'T1-000042' });
    expect(receiptQueryOf('000007')).toEqual({ number: '000007' });
    // a misread QR is still asked as a QR: the server answers 400, never another invoice
    expect(receiptQueryOf('AQ1+/xyz==garbled')).toEqual({ qr: 'AQ1+/xyz==garbled' });
    expect(receiptQueryOf('   ')).toBeNull();
    // scanned into the scan field: a QR opens the return, a barcode (even a 14-digit one) stays a barcode
    expect(isReceiptQr(qr)).toBe(true);
    expect(isReceiptQr('62810000040181')).toBe(false);
    expect(isReceiptQr('A'.repeat(60))).toBe(false);
  });

  it('shows each line with what is left, and knows when nothing is', () => {
    const rows = returnLinesOf(original());
    expect(rows.map((r) => [r.lineNo, r.sold, r.remaining])).toEqual([
      [1, '4', '4'],
      [2, '2', '0'],
      [3, '1.5', '0.5'],
    ]);
    expect(anythingReturnable(rows)).toBe(true);
    expect(anythingReturnable(returnLinesOf(original({ lines: [line(1, { remaining: '0' })] })))).toBe(false);
    // taken beyond (a user allowed to exceed): shown as nothing left, never negative
    expect(returnLinesOf(original({ lines: [line(1, { remaining: '-1' })] }))[0]!.remaining).toBe('0');
  });

  it('picks no more than a line has left, and numbers only', () => {
    const [first, , third] = returnLinesOf(original());
    let out = pickQuantity({}, first!, '2');
    expect(out).toEqual({ pick: { 1: '2' } });
    expect(pickQuantity({}, first!, '4.0001')).toEqual({ refused: 'aboveRemaining' });
    expect(pickQuantity({}, third!, '0.5')).toEqual({ pick: { 3: '0.5' } });
    expect(pickQuantity({}, third!, '1')).toEqual({ refused: 'aboveRemaining' });
    expect(pickQuantity({}, first!, '-1')).toEqual({ refused: 'invalidNumber' });
    expect(pickQuantity({}, first!, '1e2')).toEqual({ refused: 'invalidNumber' });
    // zero (or empty) takes the line off the return
    out = pickQuantity({ 1: '2' }, first!, '');
    expect(out).toEqual({ pick: {} });
    expect(pickAll(returnLinesOf(original()))).toEqual({ 1: '4', 3: '0.5' });
  });

  it("refunds by the original's methods first (the larger first), then the drawer's cash", () => {
    expect(refundMethodsOf(original(), lookups).map((m) => m.id)).toEqual(['card', 'cash', 'drawer2']);
    expect(refundMethodsOf(original({ payments: [] }), lookups).map((m) => m.id)).toEqual([
      'cash',
      'drawer2',
    ]);
  });

  it('makes the credit note against the original, at its prices, refunded in full', () => {
    const out = returnInputOf(original(), { 1: '1', 3: '0.5' }, 'goodsReturned', 'card', '2026-11-28');
    if (!('input' in out)) throw new Error('refused');
    expect(out.input).toMatchObject({
      sourceType: 'salesInvoices',
      sourceId: 'inv1',
      reason: 'goodsReturned',
      customerId: 'cust',
      paymentType: 'cash',
      referenceNumber: 'T1-000042',
      lines: [
        { sourceLineNo: 1, itemId: 'item1', quantity: '1', price: '10', taxCategory: 'S', taxRate: '15' },
        { sourceLineNo: 3, itemId: 'item3', quantity: '0.5', price: '10' },
      ],
    });
    // 1.5 × 10 = 15, VAT 2.25
    expect(out.refund).toBe('17.25');
    expect(out.input.payments).toEqual([{ paymentMethodId: 'card', amount: '17.25' }]);
  });

  it("carries the original's discounts: a percentage as it was, a value by its share", () => {
    const doc = original({
      lines: [
        line(1, { discountType: 'value', discount: '4' }),
        line(2, { discountType: 'percentage', discount: '10' }),
      ],
      discountType: 'value',
      discount: '7.2',
    });
    const out = returnInputOf(doc, { 1: '1', 2: '2' }, 'other', 'cash', '2026-11-28');
    if (!('input' in out)) throw new Error('refused');
    const lines = out.input.lines as Record<string, unknown>[];
    expect(lines[0]).toMatchObject({ discountType: 'value', discount: '1' });
    expect(lines[1]).toMatchObject({ discountType: 'percentage', discount: '10' });
    // the original's net 36 + 36 = 72 carried 7.2 off; this return's 9 + 18 = 27 carries 2.7
    expect(out.input).toMatchObject({ discountType: 'value', discount: '2.7' });
    expect(out.refund).toBe('27.95');
  });

  it('refuses a return with nothing picked, an unknown reason or no refund method; on credit pays nothing back', () => {
    expect(returnInputOf(original(), {}, 'goodsReturned', 'cash', 'd')).toEqual({ refused: 'nothingPicked' });
    expect(returnInputOf(original(), { 1: '1' }, 'whim', 'cash', 'd')).toEqual({ refused: 'chooseReason' });
    expect(returnInputOf(original(), { 1: '1' }, 'goodsReturned', '', 'd')).toEqual({
      refused: 'chooseRefundMethod',
    });
    const credit = returnInputOf(original({ paymentType: 'onCredit' }), { 1: '1' }, 'priceChange', '', 'd');
    expect(credit).toMatchObject({ input: { paymentType: 'onCredit', payments: [] }, refund: '11.50' });
  });
});

const item = (id: string, over: Partial<PosCatalogItem> = {}): PosCatalogItem => ({
  id,
  code: id,
  arabicName: id,
  englishName: id,
  deleted: false,
  isActive: true,
  barcode: '',
  isBalanceItem: false,
  scaleCode: '',
  quickItem: true,
  mainUnitId: 'piece',
  salesPrice: '1',
  minSalesPrice: null,
  taxCategory: 'S',
  taxRate: '15',
  units: [],
  ...over,
});

describe("the till's quick items", () => {
  it('are the flagged, active items with a main unit, in code order, at most the grid', () => {
    const index = indexItems(emptyIndex(), [
      item('10'),
      item('9'),
      item('2', { quickItem: false }),
      item('3', { isActive: false }),
      item('4', { mainUnitId: null }),
      item('1'),
    ]);
    expect(quickItemsOf(index).map((i) => i.id)).toEqual(['1', '9', '10']);
    expect(quickItemsOf(index, 2).map((i) => i.id)).toEqual(['1', '9']);
    // unflagged later (the catalogue feed's new version): off the grid
    indexItems(index, [item('9', { quickItem: false })]);
    expect(quickItemsOf(index).map((i) => i.id)).toEqual(['1', '10']);
    // an item kept by an older till, before the flag existed, is no quick item
    const old = item('5') as Partial<PosCatalogItem>;
    delete old.quickItem;
    indexItems(index, [old as PosCatalogItem]);
    expect(quickItemsOf(index).map((i) => i.id)).toEqual(['1', '10']);
  });
});

describe("the till's quotation", () => {
  it("is the cart's lines and customer, without payments", () => {
    const cart = {
      ...emptyCart('cust'),
      lines: [
        {
          key: 'a',
          itemId: 'x',
          unitId: 'piece',
          arabicName: 'x',
          englishName: 'x',
          quantity: '2',
          price: '5',
          discount: '0',
          taxCategory: 'S' as const,
          taxRate: '15',
          weighed: false,
        },
      ],
      payments: [{ paymentMethodId: 'cash', kind: 'cash', amount: '100' }],
    };
    const input = quotationInputOf(cart, 'store', '2026-11-28');
    expect(input).not.toHaveProperty('payments');
    expect(input).toMatchObject({
      customerId: 'cust',
      paymentType: 'cash',
      date: '2026-11-28',
      lines: [{ itemId: 'x', unitId: 'piece', storeId: 'store', quantity: '2', price: '5' }],
    });
  });
});
