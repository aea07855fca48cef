import { invoiceTotals } from '@erp/contracts';
import { documentPayload, documentValuesFromRecord, validateDocument } from './document-model';
import { moneyTotalsOf, paymentBalance } from './money-model';
import { testInvoices } from '../../../service-kit/test/support/money-documents';

const record = {
  id: 'i1',
  code: '1',
  date: '2026-03-01',
  status: 'drafted',
  revision: 1,
  referenced: false,
  referenceNumber: '',
  notes: '',
  discountType: 'value',
  discount: '1',
  sourceType: 'testQuotations',
  sourceId: 'q1',
  lines: [
    {
      lineNo: 1,
      itemId: 'a',
      unitId: 'piece',
      quantity: '3',
      price: '0.335',
      discountType: null,
      discount: null,
      taxCategory: 'S',
      taxRate: '15',
      sourceLineNo: 2,
      value: '0',
    },
  ],
  payments: [{ paymentMethodId: 'cash', amount: '5' }],
};

describe('the money parts of the document form', () => {
  it('round-trips a money document: payments, its source and each line’s source line', () => {
    const values = documentValuesFromRecord(testInvoices, record);
    const body = documentPayload(testInvoices, values);
    expect(body).toMatchObject({
      discountType: 'value',
      discount: '1',
      sourceType: 'testQuotations',
      sourceId: 'q1',
      payments: [{ paymentMethodId: 'cash', amount: '5' }],
    });
    expect((body.lines as Record<string, unknown>[])[0]).toMatchObject({ itemId: 'a', sourceLineNo: 2 });
  });

  it('shows the totals the service will keep, and what the payments leave or give back', () => {
    const values = documentValuesFromRecord(testInvoices, record);
    const totals = moneyTotalsOf(testInvoices, {
      ...values,
      lines: values.lines as Record<string, unknown>[],
    });
    expect(totals).toEqual(
      invoiceTotals({
        lines: [{ quantity: '3', price: '0.335', taxCategory: 'S', taxRate: '15' }],
        discount: { kind: 'value', value: '1' },
      }),
    );
    expect(paymentBalance(testInvoices, values, '0.01')).toEqual({ paid: '5.00', left: '-4.99' });
    // a discount above the lines: no totals yet rather than wrong ones
    expect(
      moneyTotalsOf(testInvoices, {
        ...values,
        discount: '100',
        lines: values.lines as Record<string, unknown>[],
      }),
    ).toBeNull();
  });

  it("refuses a payment method twice in the form, with the service's words", () => {
    const values = documentValuesFromRecord(testInvoices, {
      ...record,
      payments: [
        { paymentMethodId: 'cash', amount: '1' },
        { paymentMethodId: 'cash', amount: '2' },
      ],
    });
    const errors = validateDocument(testInvoices, values, 'en', null);
    expect(errors['payments.1.paymentMethodId']).toBe('A payment method cannot repeat in one document');
  });
});
