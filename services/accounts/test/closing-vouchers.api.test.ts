import { engines } from '../../../tests/support/databases';
import {
  ADMIN_PASSWORD,
  bearer,
  login,
  startTestApp,
  type TestApp,
} from '../../../tests/support/embedded-app';

type Account = { id: string; code: string };

/**
 * Closing vouchers (spec sections 4 and 5; issue 13, deliverable 2) through the gateway: a closing voucher needs
 * a customer (sales' customer, known to accounts through its replica); while one exists, no other voucher of its
 * fiscal year is created, changed, moved out, posted, un-posted or deleted; the closing voucher itself stays
 * editable, and deleting it opens the year again.
 */
describe.each(engines())('closing vouchers on %s', (engine) => {
  let app: TestApp;
  let headers: Record<string, string>;
  let customerId: string;
  const code = new Map<string, string>();
  const year = new Date().getFullYear();
  const id = (c: string) => code.get(c)!;
  const lines = (amount: string) => [
    { accountId: id('1111'), debit: amount },
    { accountId: id('31'), credit: amount },
  ];

  beforeAll(async () => {
    app = await startTestApp(engine);
    await app.flush();
    const who = await login(app, 'admin', ADMIN_PASSWORD);
    headers = {
      ...bearer(who.token),
      BranchId: who.defaultBranchId,
      Language: 'en',
      FiscalYear: String(year),
    };
    const accounts = (await app.api.get('/api/Accounts/tree').set(headers)).body.items as Account[];
    for (const a of accounts) code.set(a.code, a.id);
    const customer = await app.api
      .post('/api/Customers')
      .set(headers)
      .send({ arabicName: 'عميل الإقفال', englishName: 'Closing customer' });
    expect(customer.status).toBe(201);
    customerId = customer.body.id as string;
    // accounts hears of the customer through sales' event
    await app.flush();
  });
  afterAll(async () => app?.stop());

  const save = (body: Record<string, unknown>, language = 'en', voucherId?: string) =>
    (voucherId ? app.api.put(`/api/Vouchers/${voucherId}`) : app.api.post('/api/Vouchers'))
      .set({ ...headers, Language: language })
      .send(body);
  const count = async () => (await app.api.get('/api/Vouchers').set(headers)).body.total as number;

  let ordinary: string;
  let posted: string;
  let closing: string;

  it('needs a customer, one accounts knows', async () => {
    ordinary = (await save({ date: `${year}-02-01`, lines: lines('10') })).body.id;
    posted = (await save({ date: `${year}-02-02`, lines: lines('20') })).body.id;
    expect((await app.api.post(`/api/Vouchers/${posted}/post`).set(headers)).status).toBe(200);
    const before = await count();
    const without = await save({ date: `${year}-12-31`, isClosing: true, lines: lines('5') }, 'ar');
    expect(without.status).toBe(400);
    expect(without.body.errors).toEqual([
      expect.objectContaining({ field: 'customerId', message: 'قيد الإقفال يحتاج إلى عميل' }),
    ]);
    const unknown = await save({
      date: `${year}-12-31`,
      isClosing: true,
      customerId: '00000000-0000-4000-8000-00000000beef',
      lines: lines('5'),
    });
    expect(unknown.body.errors).toEqual([
      expect.objectContaining({ field: 'customerId', code: 'validation.reference' }),
    ]);
    expect(await count()).toBe(before);
    const made = await save({ date: `${year}-12-31`, isClosing: true, customerId, lines: lines('5') });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ isClosing: true, customerId });
    expect(made.body.names[customerId]).toMatchObject({ arabicName: 'عميل الإقفال' });
    closing = made.body.id;
  });

  it('keeps the rest of its year as it is: no new voucher, change, post, unpost or delete', async () => {
    const refused = (res: { status: number; body: Record<string, unknown> }) => {
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('closingVoucherYear');
    };
    const before = await count();
    const created = await save({ date: `${year}-06-01`, lines: lines('1') }, 'ar');
    refused(created);
    expect(created.body.detail).toMatch(new RegExp(`^السنة المالية ${year} فيها قيد إقفال`));
    refused(await save({ date: `${year}-02-01`, lines: lines('11') }, 'en', ordinary));
    refused(await app.api.post(`/api/Vouchers/${ordinary}/post`).set(headers));
    refused(await app.api.post(`/api/Vouchers/${posted}/unpost`).set(headers));
    refused(await app.api.delete(`/api/Vouchers/${ordinary}`).set(headers));
    // a second closing voucher in the year is a change of the year too
    refused(await save({ date: `${year}-12-30`, isClosing: true, customerId, lines: lines('1') }));
    expect(await count()).toBe(before);
  });

  it('lets the closing voucher itself change and post; deleting it opens the year', async () => {
    const changed = await save(
      { date: `${year}-12-31`, isClosing: true, customerId, lines: lines('6') },
      'en',
      closing,
    );
    expect(changed.status).toBe(200);
    expect((await app.api.post(`/api/Vouchers/${closing}/post`).set(headers)).status).toBe(200);
    expect((await app.api.post(`/api/Vouchers/${closing}/unpost`).set(headers)).status).toBe(200);
    expect((await app.api.delete(`/api/Vouchers/${closing}`).set(headers)).status).toBe(200);
    expect((await save({ date: `${year}-02-01`, lines: lines('11') }, 'en', ordinary)).status).toBe(200);
    expect((await app.api.post(`/api/Vouchers/${ordinary}/post`).set(headers)).status).toBe(200);
  });
});
