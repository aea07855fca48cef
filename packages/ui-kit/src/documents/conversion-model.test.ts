import { quotations, salesInvoices, salesOrders, salesReturns, type DocumentRecord } from '@erp/contracts';
import {
  canConvert,
  conversionPath,
  conversionSource,
  conversionTargets,
  convertedValues,
} from './conversion-model';

const record = (over: Partial<DocumentRecord> = {}): DocumentRecord =>
  ({
    id: 'q1',
    code: '7',
    date: '2026-03-01',
    status: 'open',
    revision: 1,
    referenced: false,
    customerId: 'c1',
    paymentType: 'onCredit',
    discountType: 'percentage',
    discount: '5',
    lines: [
      { lineNo: 2, itemId: 'i2', unitId: 'u', storeId: 's', quantity: '4', price: '3', remaining: '0' },
      {
        lineNo: 1,
        itemId: 'i1',
        unitId: 'u',
        storeId: 's',
        quantity: '10',
        price: '10',
        remaining: '4',
        taxCategory: 'S',
        taxRate: '15',
      },
    ],
    ...over,
  }) as DocumentRecord;

describe('conversion on the screens', () => {
  it('names the types a document converts into', () => {
    expect(conversionTargets(quotations).map((d) => d.name)).toEqual(['salesOrders', 'salesInvoices']);
    expect(conversionTargets(salesInvoices).map((d) => d.name)).toEqual(['salesReturns']);
    expect(conversionTargets(salesReturns)).toEqual([]);
  });

  it('converts an open quotation with something left, an issued invoice only', () => {
    expect(canConvert(quotations, salesInvoices, record())).toBe(true);
    expect(canConvert(quotations, salesInvoices, record({ status: 'closed' }))).toBe(false);
    expect(canConvert(quotations, salesInvoices, record({ conversionStatus: 'wholly' }))).toBe(false);
    expect(canConvert(salesInvoices, salesReturns, record({ status: 'drafted' }))).toBe(false);
    expect(canConvert(salesInvoices, salesReturns, record({ status: 'issued' }))).toBe(true);
    expect(canConvert(salesInvoices, salesReturns, record({ status: 'cancelled' }))).toBe(false);
  });

  it('reads the source from the new page’s address, for a type it converts from only', () => {
    const path = conversionPath(salesInvoices, quotations, 'q1');
    expect(path).toBe('/invoice-list/new?from=quotations%3Aq1');
    expect(conversionSource(salesInvoices, path.slice(path.indexOf('?')))?.source.name).toBe('quotations');
    expect(conversionSource(salesReturns, '?from=quotations%3Aq1')).toBeNull();
    expect(conversionSource(salesOrders, '?x=1')).toBeNull();
  });

  it('starts the new document with the header and what each line has left, naming its source line', () => {
    const values = convertedValues(salesInvoices, quotations, record(), '2026-03-02');
    expect(values).toMatchObject({
      date: '2026-03-02',
      customerId: 'c1',
      paymentType: 'onCredit',
      discountType: 'percentage',
      discount: '5',
      payments: [],
      sourceType: 'quotations',
      sourceId: 'q1',
    });
    expect(values.lines).toEqual([
      expect.objectContaining({ itemId: 'i1', quantity: '4', price: '10', taxRate: '15', sourceLineNo: 1 }),
    ]);
  });
});
