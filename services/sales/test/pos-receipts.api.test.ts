import { randomUUID } from 'node:crypto';
import { nextTillSale, zatcaQrText, type TillSaleInput } from '@erp/contracts';
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
});
