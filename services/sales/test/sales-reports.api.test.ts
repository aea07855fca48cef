import { engines } from '../../../tests/support/databases';
import {
  ADMIN_PASSWORD,
  bearer,
  login,
  startTestApp,
  type TestApp,
} from '../../../tests/support/embedded-app';

/**
 * Issue 14 deliverable 7, the sales reports and dashboard through the gateway on issued documents: returns
 * reduce the by-item, by-customer and by-agent figures; quantities are in main units (a carton is 12 pieces);
 * the agent's commission follows its stages; a cancelled invoice counts nowhere; the customer's statement and
 * the aged receivables follow the customer's grace days.
 */
describe.each(engines())('sales reports on %s', (engine) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof login>>;
  const ids: Record<string, string> = {};
  const codes: Record<string, string> = {};
  const today = new Date().toISOString().slice(0, 10);
  const later = (days: number) => {
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  };

  const as = (language = 'en') => ({
    ...bearer(admin.token),
    BranchId: admin.defaultBranchId,
    Language: language,
  });
  async function create(path: string, body: object) {
    const res = await app.api.post(path).set(as()).send(body);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: string; code: string } & Record<string, unknown>;
  }
  const line = (itemId: string, quantity: string, price: string, extra: object = {}) => ({
    itemId,
    unitId: ids.piece,
    storeId: ids.store,
    quantity,
    price,
    taxCategory: 'S',
    taxRate: '15',
    ...extra,
  });
  const report = async (path: string, query: Record<string, string> = {}) => {
    const res = await app.api.get(`/api/SalesReports/${path}`).query(query).set(as());
    expect(res.status).toBe(200);
    return res.body as { items: Record<string, unknown>[]; totals: Record<string, unknown> } & Record<
      string,
      unknown
    >;
  };

  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await login(app, 'admin', ADMIN_PASSWORD);
    await app.flush();
    ids.category = (await create('/api/ItemCategories', { arabicName: 'مواد غذائية' })).id;
    ids.piece = (await create('/api/Units', { arabicName: 'حبة' })).id;
    ids.carton = (await create('/api/Units', { arabicName: 'كرتون' })).id;
    ids.store = (await create('/api/Stores', { arabicName: 'مخزن', branchId: admin.defaultBranchId })).id;
    ids.tuna = (
      await create('/api/Items', {
        arabicName: 'تونة',
        barcode: '6281000002014',
        categoryId: ids.category,
        mainUnitId: ids.piece,
        salesPrice: '10',
        costPrice: '5',
        units: [{ unitId: ids.carton, conversionRate: '12', barcode: '', salesPrice: '110' }],
        openingBalances: [{ storeId: ids.store, quantity: '100', unitCost: '5' }],
      })
    ).id;
    ids.rice = (
      await create('/api/Items', {
        arabicName: 'أرز',
        barcode: '6281000002021',
        categoryId: ids.category,
        mainUnitId: ids.piece,
        salesPrice: '20',
        costPrice: '12',
        openingBalances: [{ storeId: ids.store, quantity: '50', unitCost: '12' }],
      })
    ).id;
    ids.cash = (await create('/api/PaymentMethods', { arabicName: 'نقدي', kind: 'cash' })).id;
    ids.agent = (
      await create('/api/Agents', {
        arabicName: 'مندوب الشمال',
        commissionChannel: 'sale',
        maxCommission: '1000',
        commissionRanges: [
          { fromAmount: '0', toAmount: '100', commissionType: 'percentage', commission: '10' },
          { fromAmount: '100', toAmount: '100000', commissionType: 'percentage', commission: '5' },
        ],
      })
    ).id;
    ids.a = (
      await create('/api/Customers', { arabicName: 'شركة الأفق', creditLimit: '100000', allowanceDays: 10 })
    ).id;
    ids.b = (await create('/api/Customers', { arabicName: 'مؤسسة البدر', creditLimit: '100000' })).id;
    await app.flush();

    // A on credit through the agent: 2 pieces and a carton of tuna, 130 + VAT 19.50
    const first = await create('/api/SalesInvoices', {
      date: today,
      customerId: ids.a,
      agentId: ids.agent,
      paymentType: 'onCredit',
      lines: [line(ids.tuna, '2', '10'), line(ids.tuna, '1', '110', { unitId: ids.carton })],
      then: 'issue',
    });
    ids.first = first.id;
    codes.first = first.code;
    // B pays cash in full: 3 rice, 60 + VAT 9
    await create('/api/SalesInvoices', {
      date: today,
      customerId: ids.b,
      paymentType: 'cash',
      lines: [line(ids.rice, '3', '20')],
      payments: [{ paymentMethodId: ids.cash, amount: '69' }],
      then: 'issue',
    });
    // issued, then cancelled: it counts nowhere
    const cancelled = await create('/api/SalesInvoices', {
      date: today,
      customerId: ids.b,
      paymentType: 'cash',
      lines: [line(ids.rice, '5', '20')],
      payments: [{ paymentMethodId: ids.cash, amount: '115' }],
      then: 'issue',
    });
    expect((await app.api.post(`/api/SalesInvoices/${cancelled.id}/cancel`).set(as())).status).toBe(200);
    // A returns one piece: 10 + VAT 1.50
    await create('/api/SalesReturns', {
      date: today,
      customerId: ids.a,
      agentId: ids.agent,
      paymentType: 'onCredit',
      reason: 'goodsReturned',
      sourceType: 'salesInvoices',
      sourceId: ids.first,
      lines: [{ ...line(ids.tuna, '1', '10'), sourceLineNo: 1 }],
      then: 'issue',
    });
    await app.flush();
  });
  afterAll(async () => app?.stop());

  it('sales by item: net of returns, in main units, from the summary and from the lines alike', async () => {
    const all = await report('ByItem', { dateFrom: today, dateTo: today });
    const tuna = {
      itemId: ids.tuna,
      unitId: ids.piece,
      soldQuantity: '14',
      returnedQuantity: '1',
      quantity: '13',
      sales: '130',
      returns: '10',
      net: '120',
      vat: '18',
      total: '138',
    };
    expect(all.items).toEqual([
      tuna,
      expect.objectContaining({ itemId: ids.rice, quantity: '3', net: '60', vat: '9', total: '69' }),
    ]);
    expect(all.totals).toMatchObject({ net: '180', vat: '27', total: '207', returns: '10' });
    expect((all.names as Record<string, { arabicName: string }>)[ids.tuna!]?.arabicName).toBe('تونة');
    // a customer's: read from the lines, the same figures
    expect((await report('ByItem', { customerId: ids.a! })).items).toEqual([tuna]);
    expect((await report('ByItem', { dateFrom: later(1) })).items).toEqual([]);
    // a period of years, months and edge days (one summary read each, summed): the same figures; and no end
    expect((await report('ByItem', { dateFrom: later(-400), dateTo: later(40) })).items).toEqual(all.items);
    expect((await report('ByItem', {})).items).toEqual(all.items);
    // the year to date and the year up to yesterday: read as the year less what follows (summaryParts), so
    // today's sales are counted in the first and taken away again in the second
    const yearStart = `${today.slice(0, 4)}-01-01`;
    expect((await report('ByItem', { dateFrom: yearStart, dateTo: today })).items).toEqual(all.items);
    if (today !== yearStart)
      expect((await report('ByItem', { dateFrom: yearStart, dateTo: later(-1) })).items).toEqual([]);
  });

  it('by invoice, returns, by customer and by agent with its commission', async () => {
    const invoices = await report('ByInvoice');
    expect(invoices.total).toBe(2);
    expect(invoices.totals).toMatchObject({ total: '218.5', paid: '69', remaining: '149.5' });
    expect((await report('ByInvoice', { itemId: ids.tuna! })).items).toEqual([
      expect.objectContaining({ documentId: ids.first, code: codes.first, remaining: '149.5' }),
    ]);
    const returns = await report('Returns');
    expect(returns.items).toEqual([expect.objectContaining({ invoiceCode: codes.first, total: '11.5' })]);
    const customers = await report('ByCustomer');
    expect(customers.items).toEqual([
      expect.objectContaining({
        customerId: ids.a,
        invoices: 1,
        sales: '130',
        returns: '10',
        net: '120',
        total: '138',
      }),
      expect.objectContaining({ customerId: ids.b, invoices: 1, net: '60', total: '69' }),
    ]);
    const agents = await report('ByAgent');
    // 10 % of the first 100, 5 % of the next 20
    expect(agents.items).toEqual([
      expect.objectContaining({ agentId: ids.agent, net: '120', commissionBase: '120', commission: '11' }),
    ]);
  });

  it("a customer's statement and the aged receivables after its grace days", async () => {
    const statement = await report('CustomerStatement', { customerId: ids.a! });
    expect(statement.items.map((r) => [r.movement, r.debit, r.credit, r.balance])).toEqual([
      ['opening', '0', '0', '0'],
      ['invoice', '149.5', '0', '149.5'],
      ['return', '0', '11.5', '138'],
    ]);
    expect(statement).toMatchObject({ opening: '0', closing: '138' });
    expect((await report('AgedReceivables')).items).toEqual([
      expect.objectContaining({ customerId: ids.a, graceDays: 10, current: '138', total: '138' }),
    ]);
    // 25 days on, 15 past the grace days
    expect((await report('AgedReceivables', { date: later(25) })).items).toEqual([
      expect.objectContaining({ customerId: ids.a, current: '0', days1to30: '138', total: '138' }),
    ]);
    expect((await report('AgedReceivables', { date: later(120) })).items[0]).toMatchObject({ over90: '138' });
  });

  it("the dashboard's figures in one call; a bad parameter is refused", async () => {
    const res = await app.api.get('/api/SalesDashboard').query({ date: today }).set(as());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      invoices: 2,
      total: '218.5',
      returns: '11.5',
      netTotal: '207',
      byPaymentMethod: [{ paymentMethodId: ids.cash, amount: '69' }],
      byBranch: [{ branchId: admin.defaultBranchId, invoices: 2, total: '218.5' }],
    });
    expect(res.body.topItems[0]).toMatchObject({
      itemId: ids.tuna,
      unitId: ids.piece,
      quantity: '14',
      net: '130',
    });
    expect(res.body.byHour.reduce((n: number, h: { invoices: number }) => n + h.invoices, 0)).toBe(2);
    expect(res.body.names[ids.cash!].arabicName).toBe('نقدي');
    const bad = await app.api.get('/api/SalesReports/ByItem').query({ dateFrom: 'yesterday' }).set(as());
    expect(bad.status).toBe(400);
  });
});
