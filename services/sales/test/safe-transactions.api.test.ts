import { engines } from '../../../tests/support/databases';
import { bearer, login, type TestApp } from '../../../tests/support/embedded-app';
import { salesFixture, type SalesFixture } from './support/sales-fixture';

/**
 * Issue 15, deliverable 5: cashiers' shifts (the spec's safe transactions) through the gateway. A shift opens on
 * a safe with an opening balance, one a user at a time; closing counts the drawer against the user's issued
 * invoices and returns of the shift (cash net of change, other payments, cash paid back), fixes the spec's
 * figures, and the deficit or surplus lands in the ledger (accounts, by event) with the trial balance balanced.
 */
describe.each(engines())('safe transactions on %s', (engine) => {
  let f: SalesFixture;
  let app: TestApp;
  const ids: Record<string, string> = {};
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    f = await salesFixture(engine);
    ({ app } = f);
    Object.assign(ids, f.ids);
    ids.safe = (
      await f.create('/api/Safes', { arabicName: 'خزينة الكاشير', branchId: f.admin.defaultBranchId })
    ).id;
    ids.rice = await f.item('أرز', '6281000009014', '20', '12', '50');
    ids.customer = (await f.create('/api/Customers', { arabicName: 'عميل نقدي', phone: '0551234900' })).id;
    await app.flush();
  });
  afterAll(async () => f?.stop());

  const line = (quantity: string) => ({
    itemId: ids.rice,
    unitId: ids.piece,
    storeId: ids.store,
    quantity,
    price: '20',
    taxCategory: 'S',
    taxRate: '15',
  });
  const sell = async (quantity: string, payments: { paymentMethodId: string; amount: string }[]) => {
    const res = await app.api
      .post('/api/SalesInvoices')
      .set(f.as())
      .send({
        date: today,
        customerId: ids.customer,
        paymentType: 'cash',
        lines: [line(quantity)],
        payments,
        then: 'issue',
      });
    expect([res.status, res.body.status, res.body.errors]).toEqual([201, 'issued', undefined]);
    return res.body as { id: string };
  };
  const open = (openingBalance: string, language = 'en', safeId = ids.safe) =>
    app.api.post('/api/SafeTransactions').set(f.as(language)).send({ safeId, openingBalance });
  const close = (id: string, actualBalance: string) =>
    app.api.post(`/api/SafeTransactions/${id}/close`).set(f.as()).send({ actualBalance });
  const trialBalanced = async () => {
    const res = await app.api
      .get('/api/AccountsReports/TrialBalance')
      .query({ nonZero: 'false' })
      .set(f.as());
    expect(res.status).toBe(200);
    const t = res.body.totals as Record<string, string>;
    expect(t.closingDebit).toBe(t.closingCredit);
    expect(t.periodDebit).toBe(t.periodCredit);
  };

  it('opens a shift, one a user; counts the drawer from the shift documents; books the deficit', async () => {
    const safes = await app.api.get('/api/SafeTransactions/safes').set(f.as());
    expect(safes.body).toEqual([expect.objectContaining({ id: ids.safe, arabicName: 'خزينة الكاشير' })]);
    expect((await open('10', 'en', 'no-such-safe')).status).toBe(404);
    const opened = await open('100.50');
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({ status: 'open', openingBalance: '100.5', actualBalance: null });
    expect(opened.body.names[ids.safe!]).toMatchObject({ arabicName: 'خزينة الكاشير' });
    const id = opened.body.id as string;
    const again = await open('5', 'ar');
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('لديك وردية مفتوحة بالفعل: أغلقها قبل فتح وردية أخرى');

    // 2 × 20 + 15 % = 46, paid 50 in cash (4 change); 1 × 20 + 15 % = 23 by card
    const first = await sell('2', [{ paymentMethodId: ids.cash!, amount: '50' }]);
    await sell('1', [{ paymentMethodId: ids.card!, amount: '23' }]);
    // one back from the first, 23 paid back in cash
    const ret = await app.api
      .post('/api/SalesReturns')
      .set(f.as())
      .send({
        date: today,
        customerId: ids.customer,
        paymentType: 'cash',
        reason: 'goodsReturned',
        sourceType: 'salesInvoices',
        sourceId: first.id,
        lines: [{ ...line('1'), sourceLineNo: 1 }],
        payments: [{ paymentMethodId: ids.cash!, amount: '23' }],
        then: 'issue',
      });
    expect([ret.status, ret.body.status]).toEqual([201, 'issued']);

    const current = await app.api.get('/api/SafeTransactions/current').set(f.as());
    expect(current.body.shift).toMatchObject({
      id,
      status: 'open',
      netSales: '46',
      cash: '46',
      otherPayment: '23',
      returns: '23',
      cashReturns: '23',
      invoices: 2,
      returnDocuments: 1,
      expectedCash: '123.5',
    });

    // counted 120: 3.50 short
    const closed = await close(id, '120');
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({
      status: 'closed',
      actualBalance: '120',
      expectedCash: '123.5',
      deficit: '3.5',
      netSales: '46',
      cash: '46',
      otherPayment: '23',
      returns: '23',
    });
    expect(closed.body.closeDate).toEqual(expect.any(String));
    // closing again with the same count: the same; with another: refused, nothing changes
    expect((await close(id, '120')).body).toEqual(closed.body);
    const changed = await close(id, '123.5');
    expect(changed.status).toBe(409);
    // a sale after the close is not the closed shift's
    await sell('1', [{ paymentMethodId: ids.cash!, amount: '23' }]);
    expect((await app.api.get(`/api/SafeTransactions/${id}`).set(f.as())).body).toEqual(closed.body);

    await app.flush();
    expect(await f.ledgerOf(['safeTransactions'], id)).toEqual({ shortage: '3.50', cash: '-3.50' });
    // the event again books nothing more
    await app.flush();
    expect(await f.ledgerOf(['safeTransactions'], id)).toEqual({ shortage: '3.50', cash: '-3.50' });
    await trialBalanced();
  });

  it('books a surplus to the overflow account and lists shifts by status', async () => {
    const opened = await open('0');
    expect(opened.status).toBe(201);
    const id = opened.body.id as string;
    const closed = await close(id, '7.25');
    expect(closed.body).toMatchObject({ status: 'closed', expectedCash: '0', deficit: '-7.25' });
    await app.flush();
    expect(await f.ledgerOf(['safeTransactions'], id)).toEqual({ cash: '7.25', overflow: '-7.25' });
    await trialBalanced();
    const list = await app.api.get('/api/SafeTransactions').query({ status: 'closed' }).set(f.as());
    expect(list.status).toBe(200);
    expect(list.body.map((s: { id: string }) => s.id)).toContain(id);
    expect(list.body.every((s: { status: string }) => s.status === 'closed')).toBe(true);
    expect((await app.api.get('/api/SafeTransactions/current').set(f.as())).body).toEqual({ shift: null });
    expect((await close(id, 'abc')).status).toBe(400);
  });

  it("lets a cashier with the point of sale's rights open their own shift, not list or close shifts", async () => {
    const user = await app.api
      .post('/api/Users')
      .set(f.as())
      .send({
        fullName: 'Cashier',
        userName: 'cashier1',
        password: 'Cash!Secret9x',
        confirmPassword: 'Cash!Secret9x',
        permissions: ['addSalesTransactions'],
        branches: [f.admin.defaultBranchId],
      });
    expect(user.status).toBe(201);
    await app.flush();
    const cashier = await login(app, 'cashier1', 'Cash!Secret9x');
    const as = { ...bearer(cashier.token), BranchId: f.admin.defaultBranchId, Language: 'en' };
    expect((await app.api.get('/api/SafeTransactions/safes').set(as)).body).toHaveLength(1);
    const opened = await app.api
      .post('/api/SafeTransactions')
      .set(as)
      .send({ safeId: ids.safe, openingBalance: '50' });
    expect(opened.status).toBe(201);
    expect(opened.body.userId).toBe(cashier.userId);
    // the admin's shift and the cashier's stand side by side: one open shift a user, not a safe
    const mine = await open('1');
    expect(mine.status).toBe(201);
    expect((await app.api.get('/api/SafeTransactions/current').set(as)).body.shift.id).toBe(opened.body.id);
    expect((await app.api.get('/api/SafeTransactions').set(as)).status).toBe(403);
    expect(
      (
        await app.api
          .post(`/api/SafeTransactions/${opened.body.id}/close`)
          .set(as)
          .send({ actualBalance: '50' })
      ).status,
    ).toBe(403);
    // a supervisor (here the admin) closes the cashier's shift: even, nothing to book
    const closed = await close(opened.body.id, '50');
    expect(closed.body).toMatchObject({ status: 'closed', deficit: '0', closedBy: f.admin.userId });
    await app.flush();
    expect(await f.ledgerOf(['safeTransactions'], opened.body.id)).toEqual({});
    expect((await close(mine.body.id, '1')).status).toBe(200);
    // two opens at once by one user: one shift
    const both = await Promise.all([open('1'), open('2')]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const won = both.find((r) => r.status === 201)!;
    expect((await close(won.body.id, won.body.openingBalance)).status).toBe(200);
  });
});
