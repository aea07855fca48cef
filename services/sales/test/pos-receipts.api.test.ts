import { randomUUID } from 'node:crypto';
import { dec, nextTillSale, zatcaQrText, type TillSaleInput } from '@erp/contracts';
import { engines } from '../../../tests/support/databases';
import {
  ADMIN_PASSWORD,
  bearer,
  login,
  startTestApp,
  type TestApp,
} from '../../../tests/support/embedded-app';

/**
 * Issue 15 deliverable 8, the server's side of a return at the till: the original invoice found by the receipt's
 * number (a till's, or the back office's code) or by the text of its tax QR code, with what each line has left to
 * return; a return converted from it takes its lines down; what is not an issued invoice of the caller's is not
 * found.
 */
describe.each(engines())('point-of-sale receipts on %s', (engine) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof login>>;
  const ids: Record<string, string> = {};
  const today = new Date().toISOString().slice(0, 10);
  const as = () => ({ ...bearer(admin.token), BranchId: admin.defaultBranchId, Language: 'en' });
  async function create(path: string, body: object) {
    const res = await app.api.post(path).set(as()).send(body);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: string; code: string } & Record<string, unknown>;
  }
  const find = (query: Record<string, string>) =>
    app.api.get('/api/PointOfSale/Receipts').query(query).set(as());

  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await login(app, 'admin', ADMIN_PASSWORD);
    await app.flush();
    ids.category = (await create('/api/ItemCategories', { arabicName: 'مواد غذائية' })).id;
    ids.piece = (await create('/api/Units', { arabicName: 'حبة' })).id;
    ids.store = (await create('/api/Stores', { arabicName: 'مخزن', branchId: admin.defaultBranchId })).id;
    ids.item = (
      await create('/api/Items', {
        arabicName: 'عصير',
        barcode: '6281000004018',
        categoryId: ids.category,
        mainUnitId: ids.piece,
        salesPrice: '10',
        costPrice: '5',
        openingBalances: [{ storeId: ids.store, quantity: '1000', unitCost: '5' }],
      })
    ).id;
    ids.cash = (await create('/api/PaymentMethods', { arabicName: 'نقدي', kind: 'cash' })).id;
    ids.customer = (await create('/api/Customers', { arabicName: 'عميل نقدي', creditLimit: '100000' })).id;
    ids.safe = (
      await create('/api/Safes', { arabicName: 'خزينة الكاشير', branchId: admin.defaultBranchId })
    ).id;
    await app.flush();
    // a till sells in its cashier's open shift
    await create('/api/SafeTransactions', { safeId: ids.safe, openingBalance: '0' });
  }, 120_000);
  afterAll(async () => app?.stop());

  it('finds a till receipt by its number and by its QR code, and a return takes its lines down', async () => {
    const till = await create('/api/PointOfSale/Tills', { name: 'الكاشير' });
    const sale: TillSaleInput['sale'] = {
      date: today,
      referenceNumber: '',
      notes: '',
      customerId: ids.customer,
      paymentType: 'cash',
      lines: [
        {
          itemId: ids.item,
          unitId: ids.piece,
          storeId: ids.store,
          quantity: '4',
          price: '10',
          taxCategory: 'S',
          taxRate: '15',
        },
      ],
      payments: [{ paymentMethodId: ids.cash, amount: '46' }],
    };
    const made = await nextTillSale(
      { tillId: till.id, code: String(till.code), counter: 0, lastHash: String(till.lastHash) },
      sale,
      { uuid: randomUUID(), issuedAt: new Date().toISOString() },
    );
    const synced = await app.api.post('/api/PointOfSale/Sales').set(as()).send(made.input);
    expect(synced.body.status).toBe('issued');

    const byNumber = await find({ number: made.number });
    expect(byNumber.status).toBe(200);
    expect(byNumber.body).toMatchObject({
      id: synced.body.invoiceId,
      referenceNumber: made.number,
      status: 'issued',
    });
    expect(byNumber.body.lines[0]).toMatchObject({ lineNo: 1, quantity: '4', remaining: '4' });

    const company = (await app.api.get('/api/Company').set(as())).body as { arabicName: string };
    const qr = zatcaQrText({
      sellerName: company.arabicName,
      vatNumber: '300000000000003',
      timestamp: made.input.issuedAt,
      total: byNumber.body.money.taxInclusive,
      vat: byNumber.body.money.vat,
    });
    const byQr = await find({ qr });
    expect(byQr.status).toBe(200);
    expect(byQr.body.id).toBe(synced.body.invoiceId);

    // one piece back, a coded reason, against the original
    await create('/api/SalesReturns', {
      date: today,
      customerId: ids.customer,
      paymentType: 'cash',
      reason: 'goodsReturned',
      sourceType: 'salesInvoices',
      sourceId: synced.body.invoiceId,
      lines: [{ ...sale.lines[0], quantity: '1', sourceLineNo: 1 }],
      payments: [{ paymentMethodId: ids.cash, amount: '11.5' }],
      then: 'issue',
    });
    expect((await find({ number: made.number })).body.lines[0].remaining).toBe('3');
  });

  it('finds a back-office invoice by its code; nothing else, and says why', async () => {
    const invoice = await create('/api/SalesInvoices', {
      date: today,
      customerId: ids.customer,
      paymentType: 'cash',
      lines: [
        {
          itemId: ids.item,
          unitId: ids.piece,
          storeId: ids.store,
          quantity: '1',
          price: '10',
          taxCategory: 'S',
          taxRate: '15',
        },
      ],
      payments: [{ paymentMethodId: ids.cash, amount: '11.5' }],
      then: 'issue',
    });
    expect((await find({ number: invoice.code })).body.id).toBe(invoice.id);
    // a drafted invoice is no receipt
    const drafted = await create('/api/SalesInvoices', {
      date: today,
      customerId: ids.customer,
      paymentType: 'cash',
      lines: [
        {
          itemId: ids.item,
          unitId: ids.piece,
          storeId: ids.store,
          quantity: '1',
          price: '10',
          taxCategory: 'S',
          taxRate: '15',
        },
      ],
      payments: [],
    });
    expect((await find({ number: drafted.code })).status).toBe(404);
    expect((await find({ number: 'T999-000001' })).status).toBe(404);
    const none = await find({});
    expect(none.status).toBe(400);
    expect(none.body.errors[0].field).toBe('number');
    expect((await find({ qr: 'not a tax QR' })).status).toBe(400);
    const unauthenticated = await app.api.get('/api/PointOfSale/Receipts').query({ number: invoice.code });
    expect(unauthenticated.status).toBe(401);
  });

  it('lets a cashier return at the till no more than is left, with a coded reason, exactly once', async () => {
    const user = await app.api
      .post('/api/Users')
      .set(as())
      .send({
        fullName: 'Cashier',
        userName: `returns${engine}`,
        password: 'Cash!Secret9x',
        confirmPassword: 'Cash!Secret9x',
        permissions: ['addSalesTransactions', 'addReturnSalesTransactions'],
        branches: [admin.defaultBranchId],
      });
    expect(user.status).toBe(201);
    await app.flush();
    const cashier = await login(app, `returns${engine}`, 'Cash!Secret9x');
    const asCashier = { ...bearer(cashier.token), BranchId: admin.defaultBranchId, Language: 'en' };
    const line = {
      itemId: ids.item,
      unitId: ids.piece,
      storeId: ids.store,
      quantity: '4',
      price: '10',
      // given by whoever sold it: the cashier, whose own limit is 0 %, may still take it back at that discount
      discountType: 'percentage',
      discount: '10',
      taxCategory: 'S',
      taxRate: '15',
    };
    const invoice = await create('/api/SalesInvoices', {
      date: today,
      customerId: ids.customer,
      paymentType: 'cash',
      lines: [line],
      payments: [{ paymentMethodId: ids.cash, amount: '41.4' }],
      then: 'issue',
    });
    const found = await app.api
      .get('/api/PointOfSale/Receipts')
      .query({ number: invoice.code })
      .set(asCashier);
    expect(found.status).toBe(200);
    const ret = (quantity: string, key: string, reason = 'goodsReturned') =>
      app.api
        .post('/api/SalesReturns')
        .set({ ...asCashier, 'Idempotency-Key': key })
        .send({
          date: today,
          customerId: ids.customer,
          paymentType: 'cash',
          reason,
          sourceType: 'salesInvoices',
          sourceId: invoice.id,
          lines: [{ ...line, quantity, sourceLineNo: 1 }],
          // 9 a piece after the discount, 10.35 with VAT
          payments: [{ paymentMethodId: ids.cash, amount: dec(quantity).times('10.35').toFixed(2) }],
          then: 'issue',
        });
    // a reason outside the coded list is refused, nothing written
    const badReason = await ret('1', randomUUID(), 'whim');
    expect(badReason.status).toBe(400);
    expect(badReason.body.errors.map((e: { field: string }) => e.field)).toContain('reason');
    const key = randomUUID();
    const first = await ret('3', key);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 'issued', reason: 'goodsReturned', sourceId: invoice.id });
    // the till resends after a lost answer: the same credit note, not a second one
    const again = await ret('3', key);
    expect(again.body.id).toBe(first.body.id);
    // more than is left (1), without the right to exceed the original: refused with what is left
    const above = await ret('2', randomUUID());
    expect(above.status).toBe(400);
    expect(above.body.errors[0]).toMatchObject({
      field: 'lines.0.quantity',
      code: 'validation.aboveRemaining',
    });
    expect((await ret('1', randomUUID())).status).toBe(201);
    const after = await app.api
      .get('/api/PointOfSale/Receipts')
      .query({ number: invoice.code })
      .set(asCashier);
    expect(after.body.lines[0].remaining).toBe('0');
    expect(after.body.conversions).toHaveLength(2);
  });

  it("carries the items flagged as quick items to the till's catalogue", async () => {
    const quick = await create('/api/Items', {
      arabicName: 'خبز',
      barcode: '6281000004025',
      categoryId: ids.category,
      mainUnitId: ids.piece,
      salesPrice: '1',
      showInPos: true,
    });
    await app.flush();
    const page = await app.api.get('/api/PointOfSale/Catalog').query({ limit: 5000 }).set(as());
    const items = page.body.items as { id: string; quickItem: boolean }[];
    expect(items.find((i) => i.id === quick.id)?.quickItem).toBe(true);
    expect(items.find((i) => i.id === ids.item)?.quickItem).toBe(false);
    expect((await app.api.get(`/api/Items/${quick.id}`).set(as())).body.showInPos).toBe(true);
  });
});
