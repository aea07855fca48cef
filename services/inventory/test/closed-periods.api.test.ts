import { additionOrders, documentLinesTableOf, documentTableOf, type Envelope } from '@erp/contracts';
import { newId } from '@erp/service-kit';
import { engines } from '../../../tests/support/databases';
import { costingFixture, type CostingFixture } from './support/costing-fixture';

/**
 * Closed periods reach the other services (issue 13, deliverable 5): accounts announces every close, reopening
 * and lock date (`accounts.periods.changed`), inventory keeps the replica, and the document engine refuses to
 * create, change or delete a document dated in a closed year or on or before its branch's lock date (409, in
 * the request's language, nothing written). A redelivered or older event never undoes a newer state.
 */
describe.each(engines())('closed periods in inventory on %s', (engine) => {
  let f: CostingFixture;
  let store: string;
  let item: string;
  let otherBranch: string;
  let otherStore: string;
  let lastYearOrder: string;
  let thisYearOrder: string;
  const year = new Date().getFullYear();
  const last = year - 1;

  beforeAll(async () => {
    f = await costingFixture(engine);
    // the company's first fiscal year becomes last year, so there are two
    const company = (await f.app.api.get('/api/Company').set(f.headers())).body as Record<string, unknown>;
    const changed = await f.app.api
      .put('/api/Company')
      .set(f.headers())
      .send({ ...company, fiscalYearStart: `${last}-01-01`, fiscalYearEnd: `${last}-12-31` });
    expect(changed.status).toBe(200);
    await f.app.flush();
    [store, item] = [await f.store(), await f.item()];
    const other = await f.app.api
      .post('/api/Branches')
      .set(f.headers())
      .send({ code: String(800 + Math.floor(Math.random() * 99)), arabicName: 'فرع آخر' });
    expect(other.status).toBe(201);
    otherBranch = other.body.id as string;
    await f.app.flush();
    otherStore = (await f.create('/api/Stores', { arabicName: 'مخزن الفرع الآخر', branchId: otherBranch }))
      .id;
  }, 60_000);
  afterAll(async () => f?.stop());

  const inventory = () => f.app.embedded.services.inventory!;
  const headersAt = (date: string, extra: Record<string, string> = {}) => ({
    ...f.headers(),
    FiscalYear: date.slice(0, 4),
    ...extra,
  });
  const body = (date: string, storeId = store) => ({
    date,
    storeId,
    lines: [{ itemId: item, unitId: f.units.piece, quantity: '2', unitCost: '3' }],
  });
  const create = (date: string, extra: Record<string, string> = {}, storeId = store) =>
    f.app.api.post('/api/AdditionOrders').set(headersAt(date, extra)).send(body(date, storeId));
  const change = (id: string, date: string, headerDate = date) =>
    f.app.api.put(`/api/AdditionOrders/${id}`).set(headersAt(headerDate)).send(body(date));
  const remove = (id: string, date: string) =>
    f.app.api.delete(`/api/AdditionOrders/${id}`).set(headersAt(date));
  /** Everything a stock document write touches: its rows, its lines, the stock ledger, inventory's outbox. */
  const written = async () => {
    const db = inventory().db;
    const count = async (table: string) => Number((await db(table).count({ n: '*' }))[0]!.n);
    return {
      orders: await count(documentTableOf(additionOrders)),
      lines: await count(documentLinesTableOf(additionOrders)),
      movements: await count('stock_movements'),
      outbox: await count('outbox'),
      revisions: await db(documentTableOf(additionOrders)).orderBy('id').select('id', 'revision', 'date'),
    };
  };
  const accounts = (method: 'post' | 'put', path: string, send?: object) => {
    const req = f.app.api[method](path).set(f.headers());
    return send ? req.send(send) : req;
  };
  const setLockDate = async (branchId: string, lockDate: string | null) => {
    expect((await accounts('put', `/api/BranchLockDates/${branchId}`, { lockDate })).status).toBe(200);
    await f.app.flush();
  };

  it('a closed year takes no documents: no create, change or delete dated in it, nothing written', async () => {
    const before = await create(`${last}-06-15`);
    expect(before.status).toBe(201);
    lastYearOrder = before.body.id as string;
    const now = await create(`${year}-01-20`);
    expect(now.status).toBe(201);
    thisYearOrder = now.body.id as string;

    expect((await accounts('post', '/api/FiscalYearCloses', { year: last })).status).toBe(200);
    await f.app.flush();
    const state = await written();

    const refused = await create(`${last}-07-01`, { Language: 'ar' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('fiscalYear.closed');
    expect(refused.body.detail).toBe(`السنة المالية ${last} مغلقة: لا تقبل قيوداً`);
    const inEnglish = await create(`${last}-12-31`);
    expect(inEnglish.status).toBe(409);
    expect(inEnglish.body.detail).toBe(`Fiscal year ${last} is closed: it takes no entries`);
    // neither changed in place, nor moved out of the closed year, nor moved into it, nor deleted
    expect((await change(lastYearOrder, `${last}-06-15`)).body.code).toBe('fiscalYear.closed');
    expect((await change(lastYearOrder, `${year}-02-01`, `${last}-06-15`)).status).toBe(409);
    const into = await change(thisYearOrder, `${last}-06-20`, `${last}-06-20`);
    expect(into.status).toBe(409);
    expect(into.body.code).toBe('fiscalYear.closed');
    const deleted = await remove(lastYearOrder, `${last}-06-15`);
    expect(deleted.status).toBe(409);
    expect(deleted.body.code).toBe('fiscalYear.closed');
    expect(await written()).toEqual(state);
    // this year still takes documents
    expect((await create(`${year}-01-21`)).status).toBe(201);
  });

  it("a branch's lock date refuses documents dated on or before it; another branch is not affected", async () => {
    const sheet = await f.create('/api/Stocktakings', {
      date: `${year}-01-10`,
      storeId: store,
      lines: [{ itemId: item, unitId: f.units.piece, countedQuantity: '1' }],
    });
    await setLockDate(f.admin.defaultBranchId, `${year}-01-31`);
    const state = await written();
    // a status change is a write too: the count dated in the locked period is not closed
    const closing = await f.app.api.post(`/api/Stocktakings/${sheet.id}/close`).set(f.headers());
    expect(closing.status).toBe(409);
    expect(closing.body.code).toBe('journal.periodLocked');
    const stocktakings = f.app.api.get(`/api/Stocktakings/${sheet.id}`).set(f.headers());
    expect((await stocktakings).body.status).toBe('open');
    const locked = await create(`${year}-01-31`);
    expect(locked.status).toBe(409);
    expect(locked.body).toMatchObject({
      code: 'journal.periodLocked',
      detail: `Entries dated on or before ${year}-01-31 are locked in this branch`,
    });
    expect((await change(thisYearOrder, `${year}-02-10`)).body.code).toBe('journal.periodLocked');
    expect((await remove(thisYearOrder, `${year}-01-20`)).status).toBe(409);
    expect(await written()).toEqual(state);
    expect((await create(`${year}-02-01`)).status).toBe(201);
    const elsewhere = await create(`${year}-01-15`, { BranchId: otherBranch }, otherStore);
    expect(elsewhere.status).toBe(201);
  });

  it('reopening the year and clearing the lock date let documents through again', async () => {
    expect((await accounts('post', `/api/FiscalYearCloses/${last}/reopen`)).status).toBe(200);
    await setLockDate(f.admin.defaultBranchId, null);
    expect((await create(`${last}-07-01`)).status).toBe(201);
    expect((await change(lastYearOrder, `${last}-06-16`)).status).toBe(200);
    expect((await change(thisYearOrder, `${year}-01-25`)).status).toBe(200);
    expect((await remove(lastYearOrder, `${last}-06-16`)).status).toBe(200);
  });

  it('a redelivered or older event does not undo a newer state', async () => {
    const announced = (await f.app.embedded.services
      .accounts!.deps.db('outbox')
      .where({ type: 'accounts.periods.changed' })
      .select('envelope')) as { envelope: string }[];
    const envelopes = announced
      .map((r) => JSON.parse(r.envelope) as Envelope<{ version: number; closedYears: unknown[] }>)
      .sort((a, b) => a.payload.version - b.payload.version);
    // closed, locked, reopened, cleared: each a higher version with the whole state
    expect(envelopes.map((e) => e.payload.version)).toEqual([1, 2, 3, 4]);
    const [closed, , , cleared] = envelopes;
    expect(closed!.payload.closedYears).toEqual([
      { year: last, startDate: `${last}-01-01`, endDate: `${last}-12-31` },
    ]);
    // the close arrives again as a new delivery (a late older event), and the newest again (a redelivery)
    await inventory().consumer!.handle({ ...closed!, id: newId() });
    await inventory().consumer!.handle(cleared!);
    await inventory().consumer!.handle({ ...cleared!, id: newId() });
    expect((await inventory().db('replica_closed_periods').first('version')).version).toBe(4);
    expect((await create(`${last}-08-01`)).status).toBe(201);
    expect((await create(`${year}-01-10`)).status).toBe(201);
  });

  it("'Rebuild the copies' brings a lost replica back: accounts publishes its closed periods again", async () => {
    await setLockDate(f.admin.defaultBranchId, `${year}-01-05`);
    await inventory().db('replica_closed_periods').delete();
    // the replica lost: the lock date is not known here any more
    expect((await create(`${year}-01-04`)).status).toBe(201);
    const res = await f.app.api.post('/api/admin/accounts/replicas/republish').set(f.headers()).send({});
    expect(res.status).toBe(200);
    // the closed periods, and the chart's accounts (sales keeps them for its customers)
    const chart = await f.app.api.get('/api/Accounts').set(f.headers());
    expect(res.body).toEqual({ events: 1 + chart.body.total });
    await f.app.flush();
    expect((await inventory().db('replica_closed_periods').first('version')).version).toBe(6);
    expect((await create(`${year}-01-04`)).body.code).toBe('journal.periodLocked');
  });
});
