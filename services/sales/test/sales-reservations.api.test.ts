import { engines } from '../../../tests/support/databases';
import { bearer, login, type TestApp } from '../../../tests/support/embedded-app';
import { salesFixture, type SalesFixture } from './support/sales-fixture';

/**
 * Issue 14, the sales documents that promise before they sell: a reservation keeps its goods from other sales
 * (inventory's lasting stock hold, where the branch forbids negative stock) until it is invoiced or stopped;
 * drafted (under-procedure) sales are prepared with their own rights and invoiced by someone with the invoice's;
 * contracts run over a period and are invoiced in parts. The customer's phone is mandatory where the branch's
 * policy says so.
 */
describe.each(engines())('reservations, drafted sales and contracts on %s', (engine) => {
  let f: SalesFixture;
  let app: TestApp;
  const ids: Record<string, string> = {};
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    f = await salesFixture(engine);
    app = f.app;
    Object.assign(ids, f.ids);
    // the policy is set before the branch's first transaction (spec section 4: then it is locked)
    const startUp = await app.api.get('/api/aggregates/StartUp').set(f.as());
    const branch = startUp.body.branches.find((b: { id: string }) => b.id === f.admin.defaultBranchId);
    const saved = await app.api
      .put(`/api/Branches/${f.admin.defaultBranchId}`)
      .set(f.as())
      .send({ ...branch, policies: { ...branch.policies, customerPhone: 'required' } });
    expect(saved.status).toBe(200);
    ids.oud = await f.item('عود', '6281000002014', '100', '60', '10');
    ids.customer = (await f.create('/api/Customers', { arabicName: 'مؤسسة الريان', phone: '0551234777' })).id;
    ids.noPhone = (await f.create('/api/Customers', { arabicName: 'عميل بلا جوال' })).id;
    await app.flush();
  });
  afterAll(async () => f?.stop());

  const line = (quantity: string, extra: object = {}) => ({
    itemId: ids.oud,
    unitId: ids.piece,
    storeId: ids.store,
    quantity,
    price: '100',
    taxCategory: 'S',
    taxRate: '15',
    ...extra,
  });
  const sale = (quantity: string, extra: object = {}) => ({
    date: today,
    customerId: ids.customer,
    paymentType: 'onCredit',
    lines: [line(quantity)],
    ...extra,
  });
  const post = (path: string, body: object, language = 'en') =>
    app.api.post(path).set(f.as(language)).send(body);
  const held = async (documentType: string, documentId: string) => {
    const row = await app.embedded.services
      .inventory!.db('stock_holds')
      .where({ document_type: documentType, document_id: documentId })
      .sum({ q: 'quantity' })
      .first();
    return Number(row?.q ?? 0) / 10_000;
  };
  const onlyAvailable = (n: number) =>
    `Only ${n} available in the store; negative stock is not allowed in this branch`;
  const codes = (body: { errors?: { field: string; code: string }[] }) =>
    Object.fromEntries((body.errors ?? []).map((e) => [e.field, e.code]));

  it('refuses a customer without a phone where the policy asks for one, in Arabic too', async () => {
    const res = await post('/api/SalesInvoices', sale('1', { customerId: ids.noPhone }), 'ar');
    expect(res.status).toBe(400);
    expect(codes(res.body)).toEqual({ customerId: 'validation.customerPhoneRequired' });
    expect(res.body.errors[0].message).toBe('لا يوجد رقم جوال للعميل: سياسة الفرع تُلزم به');
    const written = await app.embedded.services.sales!.db('doc_sales_invoices').count({ n: '*' }).first();
    expect(Number(written?.n)).toBe(0);
  });

  it('keeps reserved goods from other sales until invoiced or stopped', async () => {
    const reservation = await post('/api/Reservations', sale('8'));
    expect(reservation.status).toBe(201);
    expect(reservation.body.status).toBe('active');
    expect(await held('reservations', reservation.body.id)).toBe(8);
    // more than the store has free is refused like an invoice
    const greedy = await post('/api/Reservations', sale('3'));
    expect(greedy.status).toBe(409);
    expect(greedy.body.errors).toEqual([
      expect.objectContaining({ field: 'lines.0.quantity', code: 'validation.availableQuantity' }),
    ]);
    // 10 in the store, 8 reserved: another customer's sale gets 2 at most
    const other = await post('/api/SalesInvoices', sale('3', { then: 'issue' }));
    expect(other.status).toBe(409);
    expect(other.body.errors[0].message).toBe(onlyAvailable(2));

    // the reservation's own invoice takes from what it keeps
    const invoiced = await post(
      '/api/SalesInvoices',
      sale('5', {
        then: 'issue',
        sourceType: 'reservations',
        sourceId: reservation.body.id,
        lines: [line('5', { sourceLineNo: 1 })],
      }),
    );
    expect(invoiced.status).toBe(201);
    expect(invoiced.body.status).toBe('issued');
    expect(await held('reservations', reservation.body.id)).toBe(3);
    await app.flush();
    expect(await f.stockOf(ids.oud!)).toBe('5');
    const read = await app.api.get(`/api/Reservations/${reservation.body.id}`).set(f.as());
    expect(read.body).toMatchObject({ conversionStatus: 'partly', referenced: true });
    expect(read.body.lines[0].remaining).toBe('3');
    expect((await post('/api/SalesInvoices', sale('3', { then: 'issue' }))).status).toBe(409);

    // stopped while partly invoiced: what is left is free, the reservation is locked
    const stopped = await post(`/api/Reservations/${reservation.body.id}/stop`, {});
    expect(stopped.status).toBe(200);
    expect(stopped.body.status).toBe('stopped');
    expect(await held('reservations', reservation.body.id)).toBe(0);
    const changed = await app.api
      .put(`/api/Reservations/${reservation.body.id}`)
      .set(f.as('ar'))
      .send(sale('8'));
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({
      code: 'reservationStopped',
      detail: 'الحجز موقوف ولا يمكن تعديله أو حذفه',
    });
    const late = await post(
      '/api/SalesInvoices',
      sale('1', {
        sourceType: 'reservations',
        sourceId: reservation.body.id,
        lines: [line('1', { sourceLineNo: 1 })],
      }),
    );
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('sourceClosed');
    const sold = await post('/api/SalesInvoices', sale('3', { then: 'issue' }));
    expect(sold.status).toBe(201);
    await app.flush();
    expect(await f.stockOf(ids.oud!)).toBe('2');
  });

  it('keeps a reservation again when its invoice is cancelled, and frees it when it is deleted', async () => {
    const reservation = await post('/api/Reservations', sale('2'));
    expect(reservation.status).toBe(201);
    const invoiced = await post(
      '/api/SalesInvoices',
      sale('2', {
        then: 'issue',
        sourceType: 'reservations',
        sourceId: reservation.body.id,
        lines: [line('2', { sourceLineNo: 1 })],
      }),
    );
    expect(invoiced.status).toBe(201);
    expect(await held('reservations', reservation.body.id)).toBe(0);
    const cancelled = await post(`/api/SalesInvoices/${invoiced.body.id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(await held('reservations', reservation.body.id)).toBe(2);
    await app.flush();
    expect(await f.stockOf(ids.oud!)).toBe('2');
    const removed = await app.api.delete(`/api/Reservations/${reservation.body.id}`).set(f.as());
    expect(removed.status).toBe(200);
    expect(await held('reservations', reservation.body.id)).toBe(0);
  });

  it('prepares drafted sales with the under-procedure rights; the invoice rights invoice them', async () => {
    const user = await post('/api/Users', {
      fullName: 'Sales rep',
      userName: 'rep1',
      password: 'R3p!Secret99',
      confirmPassword: 'R3p!Secret99',
      permissions: [
        'viewUnderProcedureTransaction',
        'addUnderProcedureTransaction',
        'editUnderProcedureTransaction',
      ],
      branches: [f.admin.defaultBranchId],
      maxAllowedDiscount: '0',
    });
    expect(user.status).toBe(201);
    await app.flush();
    const rep = await login(app, 'rep1', 'R3p!Secret99');
    const asRep = { ...bearer(rep.token), BranchId: f.admin.defaultBranchId, Language: 'en' };
    const drafted = await app.api.post('/api/DraftedSales').set(asRep).send(sale('1'));
    expect(drafted.status).toBe(201);
    expect(drafted.body.status).toBe('open');
    expect((await app.api.post('/api/SalesInvoices').set(asRep).send(sale('1'))).status).toBe(403);
    expect((await app.api.get('/api/SalesInvoices').set(asRep)).status).toBe(403);
    // a drafted sale moves nothing; its invoice does
    await app.flush();
    expect(await f.stockOf(ids.oud!)).toBe('2');
    const invoiced = await post(
      '/api/SalesInvoices',
      sale('1', {
        then: 'issue',
        sourceType: 'draftedSales',
        sourceId: drafted.body.id,
        lines: [line('1', { sourceLineNo: 1 })],
      }),
    );
    expect(invoiced.status).toBe(201);
    const edited = await app.api.put(`/api/DraftedSales/${drafted.body.id}`).set(asRep).send(sale('2'));
    expect(edited.status).toBe(409);
    expect(edited.body.code).toBe('referencedTransaction');
    await app.flush();
    expect(await f.stockOf(ids.oud!)).toBe('1');
  });

  it('runs a contract over its period and invoices it in parts', async () => {
    const backwards = await post(
      '/api/SalesContracts',
      sale('1', { startDate: '2026-12-31', endDate: '2026-01-01' }),
      'ar',
    );
    expect(backwards.status).toBe(400);
    expect(codes(backwards.body)).toEqual({ endDate: 'validation.endBeforeStart' });
    expect(backwards.body.errors[0].message).toBe('لا يمكن أن يكون تاريخ النهاية قبل تاريخ البداية');
    const contract = await post(
      '/api/SalesContracts',
      sale('4', { startDate: today, endDate: '2099-12-31' }),
    );
    expect(contract.status).toBe(201);
    expect(contract.body).toMatchObject({ startDate: today, endDate: '2099-12-31', status: 'open' });
    const part = await post(
      '/api/SalesInvoices',
      sale('1', {
        then: 'issue',
        sourceType: 'salesContracts',
        sourceId: contract.body.id,
        lines: [line('1', { sourceLineNo: 1 })],
      }),
    );
    expect(part.status).toBe(201);
    const read = await app.api.get(`/api/SalesContracts/${contract.body.id}`).set(f.as());
    expect(read.body).toMatchObject({ conversionStatus: 'partly', referenced: true });
    expect(read.body.lines[0].remaining).toBe('3');
    // invoiced in part, it is still closed when no more of it will be
    const closed = await post(`/api/SalesContracts/${contract.body.id}/close`, {});
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe('closed');
  });
});
