import { invoiceTotals, type DocumentRecord } from '@erp/contracts';
import { engines } from '../../../tests/support/databases';
import { moneyLine as line, startMoneyDocuments, type MoneyDocuments } from './support/money-documents';

/**
 * A document that carries money (issue 14, deliverable 2) through the engine, on the test types of
 * `support/money-documents.ts`: the engine checks the money rules with the others and keeps the totals of the one
 * arithmetic (invoice-totals.ts); the lifecycle is declared by name; a create with an Idempotency-Key runs once;
 * several payments settle the total.
 */
type Line = ReturnType<typeof line>;

describe.each(engines())('a document that carries money through the engine on %s', (engine) => {
  let app: MoneyDocuments;
  beforeAll(async () => {
    app = await startMoneyDocuments(engine);
  });
  afterAll(async () => app?.stop());
  const year = new Date().getFullYear();
  const headers = (language = 'en') => app.headers(language);
  const api = () => app.api();
  const body = (lines: Line[], extra: Record<string, string> = {}) => ({
    date: `${year}-03-01`,
    lines,
    ...extra,
  });
  const count = async () => (await api().get('/api/TestInvoices').set(headers())).body.total as number;

  it('keeps the totals of the one arithmetic: per line, per category and the whole, in two decimals', async () => {
    const lines = [
      line('a', '3', '0.335'),
      line('b', '1', '10', { discountType: 'percentage', discount: '12.5' }),
      line('c', '2', '7.5', { taxCategory: 'Z', taxRate: '0' }),
    ];
    const res = await api()
      .post('/api/TestInvoices')
      .set(headers())
      .send(body(lines, { discountType: 'value', discount: '1' }));
    expect(res.status).toBe(201);
    const record = res.body as DocumentRecord & { money: ReturnType<typeof invoiceTotals> };
    expect(record.status).toBe('drafted');
    // the price keeps its decimals (0.335) in a three-decimal branch: nothing is rounded before the arithmetic
    expect(record.lines.map((l) => l.price)).toEqual(['0.335', '10', '7.5']);
    expect(record.money).toEqual(
      invoiceTotals({
        lines: [
          { quantity: '3', price: '0.335', taxCategory: 'S', taxRate: '15' },
          {
            quantity: '1',
            price: '10',
            discount: { kind: 'percentage', value: '12.5' },
            taxCategory: 'S',
            taxRate: '15',
          },
          { quantity: '2', price: '7.5', taxCategory: 'Z', taxRate: '0' },
        ],
        discount: { kind: 'value', value: '1' },
      }),
    );
    expect(record.money).toMatchObject({ taxExclusive: '23.76', vat: '1.41', taxInclusive: '25.17' });
    // the list shows the kept totals
    const list = await api().get('/api/TestInvoices').set(headers());
    expect(list.body.items[0].money).toMatchObject({ lineNet: '24.76', vat: '1.41', taxInclusive: '25.17' });
  });

  it("refuses a discount over 100 %, one above its amount and a wrong tax rate, in the request's language", async () => {
    const before = await count();
    const over = await api()
      .post('/api/TestInvoices')
      .set(headers('ar'))
      .send(body([line('a', '1', '10', { discountType: 'percentage', discount: '100.5' })]));
    expect(over.status).toBe(400);
    expect(over.body.errors).toEqual([
      expect.objectContaining({ field: 'lines.0.discount', message: 'نسبة الخصم بين 0 و100 بالمئة' }),
    ]);
    const above = await api()
      .post('/api/TestInvoices')
      .set(headers())
      .send(body([line('a', '1', '10')], { discountType: 'value', discount: '11.6' }));
    expect(above.body.errors).toEqual([
      expect.objectContaining({ field: 'discount', code: 'validation.discountAboveTotal' }),
    ]);
    const rates = await api()
      .post('/api/TestInvoices')
      .set(headers())
      .send(
        body([
          line('a', '1', '10', { taxRate: '0' }),
          line('b', '1', '5', { taxCategory: 'E', taxRate: '15' }),
        ]),
      );
    expect(rates.body.errors).toEqual([
      expect.objectContaining({ field: 'lines.0.taxRate', code: 'validation.standardRateRequired' }),
      expect.objectContaining({ field: 'lines.1.taxRate', code: 'validation.zeroRateRequired' }),
    ]);
    expect(await count()).toBe(before);
  });

  it('moves through drafted, held and issued by name; an issued one is locked', async () => {
    const created = (
      await api()
        .post('/api/TestInvoices')
        .set(headers())
        .send(body([line('a', '2', '50')]))
    ).body as DocumentRecord;
    const step = (action: string) => api().post(`/api/TestInvoices/${created.id}/${action}`).set(headers());
    expect((await step('hold')).body).toMatchObject({ status: 'held' });
    expect((await step('retrieve')).body).toMatchObject({ status: 'drafted' });
    expect((await step('hold')).body).toMatchObject({ status: 'held' });
    const issued = await step('issue');
    expect(issued.body).toMatchObject({ status: 'issued', money: { taxInclusive: '115.00' } });
    expect((await step('cancel')).status).toBe(409);
    const edit = await api()
      .put(`/api/TestInvoices/${created.id}`)
      .set(headers())
      .send(body([line('a', '3', '50')]));
    expect(edit.status).toBe(409);
    expect((await api().delete(`/api/TestInvoices/${created.id}`).set(headers())).status).toBe(409);
  });

  it('creates once per Idempotency-Key; the same key with another body is 409', async () => {
    const before = await count();
    const send = (lines: Line[]) =>
      api()
        .post('/api/TestInvoices')
        .set({ ...headers(), 'Idempotency-Key': 'till-1-sale-42' })
        .send(body(lines));
    const [a, b] = await Promise.all([send([line('a', '1', '9.99')]), send([line('a', '1', '9.99')])]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).toBe(b.body.id);
    expect(await count()).toBe(before + 1);
    const other = await send([line('a', '2', '9.99')]);
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('idempotencyKeyReused');
    expect(await count()).toBe(before + 1);
  });

  it('takes several payments: cash tendered above the total gives change; the paid status follows', async () => {
    const lines = [line('a', '1', '100')]; // 115.00 with VAT
    const pay = async (payments: { paymentMethodId: string; amount: string }[], language = 'en') =>
      api()
        .post('/api/TestInvoices')
        .set(headers(language))
        .send({ ...body(lines), payments });
    const split = await pay([
      { paymentMethodId: 'card', amount: '50' },
      { paymentMethodId: 'cash', amount: '100' },
    ]);
    expect(split.status).toBe(201);
    expect(split.body).toMatchObject({ paid: '115.00', change: '35.00', paidStatus: 'fully' });
    expect(split.body.payments).toEqual([
      { paymentMethodId: 'card', amount: '50' },
      { paymentMethodId: 'cash', amount: '100' },
    ]);
    expect((await pay([{ paymentMethodId: 'card', amount: '15' }])).body).toMatchObject({
      paid: '15.00',
      change: '0.00',
      paidStatus: 'partly',
    });
    expect((await pay([])).body).toMatchObject({ paid: '0.00', paidStatus: 'not' });
    // the list shows the status too
    const list = await api().get('/api/TestInvoices').set(headers());
    expect(list.body.items.map((r: DocumentRecord) => r.paidStatus).sort()).toContain('partly');

    const before = await count();
    const card = await pay([{ paymentMethodId: 'card', amount: '115.01' }], 'ar');
    expect(card.status).toBe(400);
    expect(card.body.errors).toEqual([
      expect.objectContaining({
        field: 'payments',
        message: 'لا يمكن أن يزيد المدفوع على الإجمالي إلا بالنقد مع إرجاع الباقي',
      }),
    ]);
    const twice = await pay([
      { paymentMethodId: 'cash', amount: '50' },
      { paymentMethodId: 'cash', amount: '65' },
    ]);
    expect(twice.body.errors).toEqual([
      expect.objectContaining({
        field: 'payments.1.paymentMethodId',
        code: 'validation.paymentMethodRepeated',
      }),
    ]);
    expect(await count()).toBe(before);
  });
});
