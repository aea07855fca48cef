import request from 'supertest';
import {
  Permission as P,
  defineDocument,
  invoiceTotals,
  moneyHeaderFields,
  moneyLineFields,
  type DocumentRecord,
} from '@erp/contracts';
import { engines, testDatabases, type TestDatabases } from '../../../tests/support/databases';
import {
  InProcessBus,
  closedPeriodsMigration,
  createTokenService,
  documentEngineRoutes,
  documentKitMigration,
  idempotencyKitMigration,
  replicaMigration,
  replicaSettingsMigration,
  replicaTables,
  startService,
  tenantScope,
  type Migration,
  type RunningService,
} from '../src';

/**
 * A document that carries money (issue 14, deliverable 2), declared here as the sales service would: lines of
 * item, unit, quantity, price, discount and tax; a document discount; the lifecycle drafted, held (hung), issued
 * and cancelled by name; issued ones locked. The engine checks the money rules with the others and keeps the
 * totals from the one arithmetic (invoice-totals.ts); a create with an Idempotency-Key runs once.
 */
const testInvoices = defineDocument({
  name: 'testInvoices',
  service: 'sales',
  route: '/invoice-list',
  apiPath: '/api/TestInvoices',
  permissions: { view: P.viewTransactions, add: P.addSalesTransactions, edit: P.editSalesTransactions },
  header: [...moneyHeaderFields],
  storeFields: [],
  lines: [
    { name: 'itemId', kind: 'text', required: true, max: 36 },
    { name: 'unitId', kind: 'text', required: true, max: 36 },
    { name: 'quantity', kind: 'decimal', required: true, minValue: 0 },
    ...moneyLineFields,
  ],
  lineKey: ['itemId', 'unitId'],
  quantityField: 'quantity',
  priceField: 'price',
  money: true,
  payments: { method: { name: 'paymentMethodId', kind: 'text', max: 36 } },
  statuses: {
    values: ['drafted', 'held', 'issued', 'cancelled'],
    locked: ['issued', 'cancelled'],
  },
  transitions: [
    { action: 'hold', from: ['drafted'], to: 'held' },
    { action: 'retrieve', from: ['held'], to: 'drafted' },
    { action: 'issue', from: ['drafted', 'held'], to: 'issued' },
    { action: 'cancel', from: ['drafted', 'held'], to: 'cancelled' },
  ],
  menu: { group: 'sales', icon: 'pi pi-shopping-cart' },
});

/** The type's tables, as a service's frozen migration would make them: the money columns beside the usual. */
const testInvoicesMigration: Migration = {
  name: 'test_0001_test_invoices',
  async up(knex) {
    await knex.schema.createTable('doc_test_invoices', (t) => {
      t.string('id', 36).primary();
      t.string('tenant_id', 36).notNullable();
      t.string('branch_id', 36).nullable();
      t.string('code', 20).notNullable();
      t.integer('year').notNullable();
      t.bigInteger('seq').notNullable();
      t.string('date', 10).notNullable();
      t.string('status', 20).notNullable();
      t.string('reference_number', 40).notNullable();
      t.text('notes').notNullable();
      t.string('discount_type', 20).nullable();
      t.bigInteger('discount').nullable();
      t.integer('revision').notNullable();
      t.bigInteger('total_quantity').notNullable();
      t.bigInteger('total_value').notNullable();
      for (const c of ['line_net', 'discount', 'tax_exclusive', 'vat', 'tax_inclusive', 'paid', 'change'])
        t.bigInteger(`money_${c}`).notNullable().defaultTo(0);
      t.string('paid_status', 10).notNullable().defaultTo('not');
      t.string('created_by', 36).nullable();
      t.string('created_at', 30).notNullable();
      t.string('updated_at', 30).notNullable();
      t.unique(['tenant_id', 'code']);
    });
    await knex.schema.createTable('doc_test_invoices_lines', (t) => {
      t.string('tenant_id', 36).notNullable();
      t.string('document_id', 36).notNullable();
      t.integer('line_no').notNullable();
      t.string('item_id', 36).nullable();
      t.string('unit_id', 36).nullable();
      t.bigInteger('quantity').nullable();
      t.bigInteger('price').nullable();
      t.string('discount_type', 20).nullable();
      t.bigInteger('discount').nullable();
      t.string('tax_category', 2).nullable();
      t.bigInteger('tax_rate').nullable();
      t.bigInteger('value').notNullable();
      t.primary(['tenant_id', 'document_id', 'line_no']);
    });
    await knex.schema.createTable('doc_test_invoices_payments', (t) => {
      t.string('tenant_id', 36).notNullable();
      t.string('document_id', 36).notNullable();
      t.integer('line_no').notNullable();
      t.string('payment_method_id', 36).notNullable();
      t.bigInteger('amount').notNullable();
      t.primary(['tenant_id', 'document_id', 'line_no']);
    });
  },
};

const TENANT = '00000000-0000-4000-8000-0000000000e1';
const BRANCH = '00000000-0000-4000-8000-0000000000e2';
type Line = Record<string, string>;
const line = (itemId: string, quantity: string, price: string, extra: Line = {}): Line => ({
  itemId,
  unitId: 'piece',
  quantity,
  price,
  taxCategory: 'S',
  taxRate: '15',
  ...extra,
});

describe.each(engines())('a document that carries money through the engine on %s', (engine) => {
  let dbs: TestDatabases;
  let service: RunningService;
  let token: string;

  beforeAll(async () => {
    dbs = testDatabases(engine);
    const tokens = createTokenService('x'.repeat(32));
    service = await startService(
      {
        name: 'sales',
        migrations: [
          replicaMigration,
          replicaSettingsMigration,
          documentKitMigration,
          idempotencyKitMigration,
          closedPeriodsMigration,
          testInvoicesMigration,
        ],
        routes: (deps) =>
          documentEngineRoutes(deps, [testInvoices], {
            // the service's copy of the payment methods: here, a method's id is its kind
            paymentKinds: async (_s, ids) => new Map(ids.map((id) => [id, id])),
          }),
      },
      { db: dbs.config('sales_money'), bus: new InProcessBus(), tokens, relayPollMs: 60_000 },
    );
    // a branch that shows three decimals: the tax arithmetic stays in the currency's two
    await tenantScope(service.db, TENANT).insert(replicaTables.branches, {
      id: BRANCH,
      code: '1',
      arabic_name: 'الفرع',
      english_name: 'Branch',
      is_master: false,
      decimal_digits: 3,
      settings: JSON.stringify({}),
      as_of: '2026-01-01T00:00:00.000Z',
    });
    token = tokens.sign({
      userId: 'u1',
      tenantId: TENANT,
      userName: 'admin',
      isAdmin: true,
      permissions: new Set(),
      branches: [],
      subscriptionEnd: '2099-12-31',
      subscriptionActive: true,
      tokenVersion: 0,
    }).token;
  });
  afterAll(async () => {
    await service?.stop();
    await dbs?.cleanup();
  });

  const year = new Date().getFullYear();
  const headers = (language = 'en') => ({
    Authorization: `Bearer ${token}`,
    BranchId: BRANCH,
    FiscalYear: String(year),
    Language: language,
  });
  const api = () => request(service.app);
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
