import { dec } from '@erp/contracts';
import { engines } from '../../../tests/support/databases';
import { costingFixture, type CostingFixture } from './support/costing-fixture';

/**
 * Issue 11's findings, one test each: every one failed on the ledger before the date-ordered costing rule
 * (docs/architecture.md 'The costing rule'). Each test uses its own item and stores.
 */
describe.each(engines())('stock costing findings on %s', (engine) => {
  let f: CostingFixture;
  let d: (monthDay: string) => string;
  beforeAll(async () => {
    f = await costingFixture(engine);
    d = (monthDay) => `${f.year}-${monthDay}`;
  });
  afterAll(async () => f?.stop());

  const lines = (itemId: string, quantity: string, extra: Record<string, unknown> = {}) => [
    { itemId, unitId: f.units.piece, quantity, ...extra },
  ];
  const add = (storeId: string, itemId: string, date: string, quantity: string, unitCost: string) =>
    f.create('/api/AdditionOrders', { date, storeId, lines: lines(itemId, quantity, { unitCost }) });
  const issue = (storeId: string, itemId: string, date: string, quantity: string) =>
    f.create('/api/ExchangeOrders', { date, storeId, lines: lines(itemId, quantity) });

  it('finding 1: an edited cost re-costs the later issue, so a transfer carries no value created from nothing', async () => {
    const [s1, s2, item] = [await f.store(), await f.store(), await f.item()];
    const addition = await add(s1, item, d('01-10'), '10', '100');
    const issued = await issue(s1, item, d('01-11'), '9');
    expect(issued.totalValue).toBe('900');
    const edit = await f.send('put', `/api/AdditionOrders/${addition.id}`, {
      date: d('01-10'),
      storeId: s1,
      lines: lines(item, '10', { unitCost: '10' }),
    });
    expect(edit.status).toBe(200);
    expect(await f.balance(item, s1)).toEqual({ quantity: '1', value: '10' });
    // the issue was re-costed: its document shows the new value
    const reread = await f.app.api.get(`/api/ExchangeOrders/${issued.id}`).set(f.headers());
    expect(reread.body.lines[0].value).toBe('90');
    expect(reread.body.totalValue).toBe('90');
    await f.create('/api/StorageTransfers', {
      date: d('01-12'),
      storeId: s1,
      toStoreId: s2,
      lines: lines(item, '1'),
    });
    expect(await f.balance(item, s2)).toEqual({ quantity: '1', value: '10' });
    expect(await f.balance(item, s1)).toEqual({ quantity: '0', value: '0' });
  });

  it('finding 2: deleting a receipt leaves no value in an empty store', async () => {
    const [s1, item] = [await f.store(), await f.item()];
    await add(s1, item, d('01-10'), '5', '10');
    const dear = await add(s1, item, d('01-11'), '5', '20');
    await issue(s1, item, d('01-12'), '5');
    expect((await f.send('delete', `/api/AdditionOrders/${dear.id}`)).status).toBe(200);
    expect(await f.balance(item, s1)).toEqual({ quantity: '0', value: '0' });
    await add(s1, item, d('01-13'), '2', '7');
    expect(await f.balance(item, s1)).toEqual({ quantity: '2', value: '14' });
  });

  it('finding 3: a stocktaking sums the lines of one item counted in two units', async () => {
    const [s1, item] = [await f.store(), await f.item()];
    await add(s1, item, d('01-10'), '20', '1');
    const sheet = await f.create('/api/Stocktakings', {
      date: d('01-20'),
      storeId: s1,
      lines: [
        { itemId: item, unitId: f.units.box, countedQuantity: '2' },
        { itemId: item, unitId: f.units.piece, countedQuantity: '5' },
      ],
    });
    expect((await f.send('post', `/api/Stocktakings/${sheet.id}/close`)).status).toBe(200);
    expect((await f.balance(item, s1)).quantity).toBe('17');
  });

  it('finding 4: a back-dated stocktaking posts the count minus the book at its own date', async () => {
    const [s1, item] = [await f.store(), await f.item()];
    await add(s1, item, d('02-01'), '10', '1');
    await add(s1, item, d('03-01'), '5', '1');
    const sheet = await f.create('/api/Stocktakings', {
      date: d('02-15'),
      storeId: s1,
      lines: [{ itemId: item, unitId: f.units.piece, countedQuantity: '10' }],
    });
    expect((await f.send('post', `/api/Stocktakings/${sheet.id}/close`)).status).toBe(200);
    expect((await f.balance(item, s1)).quantity).toBe('15');
  });

  it('finding 5: re-dating a document moves its effect off the old date', async () => {
    const [s1, item] = [await f.store(), await f.item()];
    const doc = await add(s1, item, d('02-01'), '4', '3');
    const redated = await f.send('put', `/api/AdditionOrders/${doc.id}`, {
      date: d('03-01'),
      storeId: s1,
      lines: lines(item, '4', { unitCost: '3' }),
    });
    expect(redated.status).toBe(200);
    expect(await f.valuation(item, s1, d('02-15'))).toEqual({ quantity: '0', value: '0' });
    expect(await f.valuation(item, s1, d('03-01'))).toEqual({ quantity: '4', value: '12' });
  });

  it('finding 6: a back-dated issue is checked against the stock of its own date and every later one', async () => {
    const [s1, item] = [await f.store(), await f.item()];
    await add(s1, item, d('03-01'), '10', '1');
    const early = await f.send('post', '/api/ExchangeOrders', {
      date: d('02-01'),
      storeId: s1,
      lines: lines(item, '3'),
    });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('insufficientBalance');
    await add(s1, item, d('01-15'), '5', '1');
    await issue(s1, item, d('03-02'), '12');
    // 5 on 15 January would cover it that day, but not the issue of 2 March
    const tooMuch = await f.send('post', '/api/ExchangeOrders', {
      date: d('02-01'),
      storeId: s1,
      lines: lines(item, '4'),
    });
    expect(tooMuch.status).toBe(409);
    expect(await f.balance(item, s1)).toEqual({ quantity: '3', value: '3' });
  });

  it('finding 7: amounts are rounded to the branch digits before the zero rules', async () => {
    const [s1, item] = [await f.store(), await f.item()];
    const tiny = await f.send('post', '/api/AdditionOrders', {
      date: d('01-10'),
      storeId: s1,
      lines: lines(item, '0.0001', { unitCost: '5' }),
    });
    expect(tiny.status).toBe(400);
    expect(tiny.body.errors.map((e: { code: string }) => e.code)).toContain('validation.zeroQuantity');
    const cheap = await f.send('post', '/api/AdditionOrders', {
      date: d('01-10'),
      storeId: s1,
      lines: lines(item, '1', { unitCost: '0.0004' }),
    });
    expect(cheap.status).toBe(400);
    expect(cheap.body.errors.map((e: { code: string }) => e.code)).toContain('validation.zeroPrice');
  });

  it('finding 8: an issue rounds half away from zero on the exact share, not on a rounded average', async () => {
    const [s1, item] = [await f.store(), await f.item()];
    await f.external({
      date: d('01-10'),
      lines: [
        {
          itemId: item,
          unitId: f.units.box,
          storeId: s1,
          quantity: '1',
          direction: 'in',
          unitCost: '100.0013',
        },
      ],
    });
    const half = await issue(s1, item, d('01-11'), '3');
    expect(half.lines[0]!.value).toBe('50.0007');
  });

  it('finding 1 (manufacturing): a product costs exactly what its components left at', async () => {
    const [s1, component] = [await f.store(), await f.item()];
    await add(s1, component, d('01-10'), '10', '100');
    const product = (
      await f.create('/api/Items', {
        arabicName: 'منتج',
        barcode: `PR-${Date.now()}`,
        categoryId: f.units.category,
        mainUnitId: f.units.piece,
        salesPrice: '0',
        costPrice: '0',
        isManufacturingItem: true,
        components: [{ itemId: component, unitId: f.units.piece, quantity: '2' }],
        units: [],
        openingBalances: [],
      })
    ).id;
    const order = await f.create('/api/ManufacturingOrders', {
      date: d('01-11'),
      storeId: s1,
      lines: [{ itemId: product, unitId: f.units.piece, quantity: '1' }],
    });
    expect(await f.balance(product, s1)).toEqual({ quantity: '1', value: '200' });
    // the component's receipt is re-priced before the order: the product follows
    const cheaper = await add(s1, component, d('01-05'), '10', '10');
    expect(cheaper.totalValue).toBe('100');
    expect(await f.balance(product, s1)).toEqual({ quantity: '1', value: '110' });
    // the exchange order shows each line once, at its cost as now re-costed
    const exchange = await f.app.api.get(`/api/ManufacturingOrders/${order.id}/exchange`).set(f.headers());
    expect(exchange.body.consumed).toEqual([expect.objectContaining({ quantity: '2', value: '110' })]);
    expect(exchange.body.produced).toEqual([expect.objectContaining({ quantity: '1', value: '110' })]);
    const total = dec((await f.balance(component, s1)).value).plus((await f.balance(product, s1)).value);
    expect(total.toString()).toBe('1100');
  });

  it("finding 10: a store of another branch is refused under this branch's header", async () => {
    const other = await f.app.api
      .post('/api/Branches')
      .set(f.headers())
      .send({ code: String(900 + Math.floor(Math.random() * 99)), arabicName: 'فرع آخر' });
    expect(other.status).toBe(201);
    await f.app.flush();
    const foreign = (await f.create('/api/Stores', { arabicName: 'مخزن بعيد', branchId: other.body.id })).id;
    const item = await f.item();
    const res = await f.send('post', '/api/AdditionOrders', {
      date: d('01-10'),
      storeId: foreign,
      lines: lines(item, '1', { unitCost: '1' }),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ field: 'storeId', code: 'validation.storeOfOtherBranch' }),
    ]);
  });

  it('finding 11: typed amounts are rounded to the branch digits, Arabic digits accepted, one message when refused', async () => {
    const [s1, item] = [await f.store(), await f.item()];
    const digits = Number((await f.branch()).body.decimalDigits);
    const saved = await f.create('/api/AdditionOrders', {
      date: d('01-10'),
      storeId: s1,
      lines: lines(item, '١٢٫٥', { unitCost: '7.123456789' }),
    });
    expect(saved.lines[0]).toEqual(
      expect.objectContaining({
        quantity: '12.5',
        unitCost: dec('7.123456789').toDecimalPlaces(digits).toString(),
      }),
    );
    const bad = await f.send('post', '/api/AdditionOrders', {
      date: d('01-10'),
      storeId: s1,
      lines: lines(item, '12a', { unitCost: '1' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      expect.objectContaining({ field: 'lines.0.quantity', code: 'validation.decimal' }),
    ]);
  });

  it('idempotent creates: the same Idempotency-Key gives the first document, another body a translated 409', async () => {
    const [s1, item] = [await f.store(), await f.item()];
    const body = { date: d('01-10'), storeId: s1, lines: lines(item, '3', { unitCost: '2' }) };
    const key = { 'Idempotency-Key': `add-${item}` };
    const first = await f.send('post', '/api/AdditionOrders', body, key);
    const retry = await f.send('post', '/api/AdditionOrders', body, key);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(await f.balance(item, s1)).toEqual({ quantity: '3', value: '6' });
    const other = await f.send(
      'post',
      '/api/AdditionOrders',
      { ...body, lines: lines(item, '4', { unitCost: '2' }) },
      {
        ...key,
        Language: 'ar',
      },
    );
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('idempotencyKeyReused');
    expect(other.body.detail).toBe('مفتاح هذا الطلب استُخدم من قبل لطلب مختلف');
    // concurrent retries of one create book it once
    const key2 = { 'Idempotency-Key': `add2-${item}` };
    const results = await Promise.all([1, 2, 3].map(() => f.send('post', '/api/AdditionOrders', body, key2)));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(await f.balance(item, s1)).toEqual({ quantity: '6', value: '12' });
  });

  it('finding 9: serial per year cannot be switched off, and policies are locked once a transaction exists', async () => {
    // a branch without transactions may still change its policies
    const fresh = await f.app.api
      .post('/api/Branches')
      .set(f.headers())
      .send({ code: String(800 + Math.floor(Math.random() * 99)), arabicName: 'فرع جديد' });
    expect(fresh.status).toBe(201);
    const freshChange = await f.app.api
      .put(`/api/Branches/${fresh.body.id}`)
      .set(f.headers())
      .send({ ...fresh.body, policies: { ...fresh.body.policies, costPrice: 'lastPurchase' } });
    expect(freshChange.status).toBe(200);

    const [s1, item] = [await f.store(), await f.item()];
    await add(s1, item, d('01-10'), '1', '1');
    await f.app.flush();
    const policy = await f.branch({ policies: { negativeBalance: 'allow' } });
    expect(policy.status).toBe(409);
    expect(policy.body.code).toBe('policiesLocked');
    expect(policy.body.detail).toBe('Policies cannot change once any transaction exists');
    expect((await f.branch()).body.policies.negativeBalance).toBe('block');

    expect((await f.branch({ switches: { serialPerYear: true } })).status).toBe(200);
    const off = await f.branch({ switches: { serialPerYear: false } });
    expect(off.status).toBe(409);
    expect(off.body.code).toBe('serialPerYearIrreversible');
    expect((await f.branch()).body.switches.serialPerYear).toBe(true);
  });
});
