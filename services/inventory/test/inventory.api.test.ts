import ExcelJS from 'exceljs';
import { dec, fromStored, type Envelope } from '@erp/contracts';
import { newId } from '@erp/service-kit';
import { engines } from '../../../tests/support/databases';
import {
  ADMIN_PASSWORD,
  bearer,
  login,
  startTestApp,
  type TestApp,
} from '../../../tests/support/embedded-app';

/**
 * The inventory service through the gateway (issue 4): catalog rules, the stock ledger's weighted-average
 * cost, stock documents and their rules, other services' document events replayed and out of order, reports
 * and the items' Excel migration. After every scenario the balances must equal the sum of the movements.
 */
describe.each(engines())('inventory on %s', (engine) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof login>>;
  const year = new Date().getFullYear();
  const day = `${year}-03-01`;
  const ids = { parent: '', category: '', piece: '', carton: '', storeA: '', storeB: '', item: '', box: '' };

  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await login(app, 'admin', ADMIN_PASSWORD);
    await app.flush();
  });
  afterAll(async () => app?.stop());

  const as = (language = 'en') => ({
    ...bearer(admin.token),
    BranchId: admin.defaultBranchId,
    FiscalYear: String(year),
    Language: language,
  });
  const db = () => app.embedded.services.inventory!.db;

  async function create(path: string, body: Record<string, unknown>, status = 201) {
    const res = await app.api.post(path).set(as()).send(body);
    if (res.status !== status) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  async function balance(itemId: string, storeId: string) {
    const row = await db()('stock_balances').where({ item_id: itemId, store_id: storeId }).first();
    return {
      quantity: fromStored(row?.quantity ?? 0).toString(),
      value: fromStored(row?.value ?? 0).toString(),
    };
  }

  /** The ledger's invariant: every balance is the sum of its movements, quantity and value. */
  async function expectBalancesAreSums() {
    const sums = await db()('stock_movements')
      .groupBy('tenant_id', 'item_id', 'store_id')
      .select('tenant_id', 'item_id', 'store_id')
      .sum({ q: 'quantity', v: 'value' });
    const balances = await db()('stock_balances').select(
      'tenant_id',
      'item_id',
      'store_id',
      'quantity',
      'value',
    );
    const key = (r: Record<string, unknown>) => `${r.tenant_id}/${r.item_id}/${r.store_id}`;
    const bySum = new Map(sums.map((r: Record<string, unknown>) => [key(r), r]));
    expect(balances.length).toBe(sums.length);
    for (const b of balances) {
      const s = bySum.get(key(b))!;
      expect(fromStored(b.quantity).toString()).toBe(fromStored(s.q as number).toString());
      expect(fromStored(b.value).toString()).toBe(fromStored(s.v as number).toString());
    }
  }

  /** The transactions list as the whole ledger, grouped, says it is (the report pages the documents first). */
  async function expectedTransactions(storeId?: string) {
    const q = db()('stock_movements as m')
      .join('stock_documents as d', (j) =>
        j
          .on('d.tenant_id', '=', 'm.tenant_id')
          .andOn('d.source_service', '=', 'm.source_service')
          .andOn('d.document_type', '=', 'm.document_type')
          .andOn('d.document_id', '=', 'm.document_id')
          .andOn('d.revision', '=', 'm.revision'),
      )
      .where('m.reversal', false)
      .andWhere('d.deleted', false);
    if (storeId) q.andWhere('m.store_id', storeId);
    const moved = (await q.select('m.document_id', 'd.code', 'd.date', 'm.quantity', 'm.value')) as {
      document_id: string;
      code: string;
      date: string;
      quantity: number;
      value: number;
    }[];
    const byDocument = new Map<string, typeof moved>();
    for (const m of moved) byDocument.set(m.document_id, [...(byDocument.get(m.document_id) ?? []), m]);
    const positive = (list: typeof moved, pick: (m: (typeof moved)[number]) => number) =>
      fromStored(list.reduce((t, m) => t + Math.max(0, pick(m)), 0));
    const desc = (a: string, b: string) => (a === b ? 0 : a < b ? 1 : -1);
    return [...byDocument.values()]
      .map((list) => ({
        documentId: list[0]!.document_id,
        documentCode: String(list[0]!.code),
        date: String(list[0]!.date),
        lines: list.length,
        quantityIn: positive(list, (m) => Number(m.quantity)).toString(),
        quantityOut: positive(list, (m) => -Number(m.quantity)).toString(),
        // a transfer's value once, not its two legs netted
        value: [positive(list, (m) => Number(m.value)), positive(list, (m) => -Number(m.value))]
          .reduce((x, y) => (x.greaterThan(y) ? x : y))
          .toString(),
      }))
      .sort(
        (x, y) =>
          desc(x.date, y.date) || desc(x.documentCode, y.documentCode) || desc(x.documentId, y.documentId),
      );
  }

  it('keeps the catalog rules: parent categories, unique barcodes, unit rates above one', async () => {
    ids.parent = (await create('/api/ItemCategories', { arabicName: 'أغذية' })).id;
    ids.category = (await create('/api/ItemCategories', { arabicName: 'معلبات', parentId: ids.parent })).id;
    const loop = await app.api
      .put(`/api/ItemCategories/${ids.parent}`)
      .set(as())
      .send({ arabicName: 'أغذية', parentId: ids.category });
    expect(loop.status).toBe(400);
    expect(loop.body.errors[0].code).toBe('validation.ownParent');
    ids.piece = (await create('/api/Units', { arabicName: 'حبة' })).id;
    ids.carton = (await create('/api/Units', { arabicName: 'كرتون' })).id;
    ids.storeA = (
      await create('/api/Stores', { arabicName: 'المخزن الرئيسي', branchId: admin.defaultBranchId })
    ).id;
    ids.storeB = (
      await create('/api/Stores', { arabicName: 'مخزن الفرع', branchId: admin.defaultBranchId })
    ).id;
    const item = {
      arabicName: 'تونة',
      barcode: '6281000000017',
      categoryId: ids.category,
      mainUnitId: ids.piece,
      salesPrice: '8',
      minSalesPrice: '6',
      maxSalesPrice: '10',
      costPrice: '5',
      minimumLimit: '5',
      reorderLimit: '30',
      units: [{ unitId: ids.carton, conversionRate: '12', barcode: '6281000000024', salesPrice: '90' }],
      openingBalances: [{ storeId: ids.storeA, quantity: '10', unitCost: '5' }],
    };
    const parentUsed = await app.api
      .post('/api/Items')
      .set(as())
      .send({ ...item, categoryId: ids.parent });
    expect(parentUsed.status).toBe(400);
    expect(parentUsed.body.errors.map((e: { code: string }) => e.code)).toContain(
      'validation.parentCategory',
    );
    const badRate = await app.api
      .post('/api/Items')
      .set(as())
      .send({ ...item, units: [{ unitId: ids.carton, conversionRate: '1', barcode: '' }] });
    expect(badRate.status).toBe(400);
    const prices = await app.api
      .post('/api/Items')
      .set(as())
      .send({ ...item, minSalesPrice: '9' });
    expect(prices.body.errors.map((e: { code: string }) => e.code)).toContain('validation.minBelowSales');
    const created = await create('/api/Items', item);
    ids.item = created.id;
    expect(created.units).toEqual([
      expect.objectContaining({ unitId: ids.carton, conversionRate: '12', barcode: '6281000000024' }),
    ]);
    const taken = await app.api
      .post('/api/Items')
      .set(as())
      .send({ ...item, arabicName: 'أخرى', barcode: '6281000000024', units: [], openingBalances: [] });
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0]).toEqual(
      expect.objectContaining({ field: 'barcode', code: 'valueAlreadyUsed' }),
    );
    // the opening balance is the item's own stock document
    expect(await balance(ids.item, ids.storeA)).toEqual({ quantity: '10', value: '50' });
    const byCarton = await app.api.get('/api/Items/barcode/6281000000024').set(as());
    expect(byCarton.status).toBe(200);
    expect(byCarton.body).toEqual(
      expect.objectContaining({ unitId: ids.carton, conversionRate: '12', salesPrice: '90' }),
    );
    expect((await app.api.get('/api/Items/barcode/0000').set(as())).status).toBe(404);
    // the whole record as the item's own endpoint returns it, by the main barcode, a sub-unit's or a scale code
    const record = (await app.api.get(`/api/Items/${ids.item}`).set(as())).body;
    expect(byCarton.body.item).toEqual(record);
    const byMain = await app.api.get('/api/Items/barcode/6281000000017').set(as());
    expect(byMain.body).toEqual({ item: record, unitId: ids.piece, conversionRate: '1', salesPrice: '8' });
    const scaled = await create('/api/Items', {
      ...item,
      arabicName: 'جبن بالوزن',
      barcode: '6281000000031',
      isBalanceItem: true,
      scaleCode: '24680',
      units: [],
      openingBalances: [],
    });
    const byScale = await app.api.get('/api/Items/barcode/24680').set(as());
    expect(byScale.body).toEqual(expect.objectContaining({ unitId: ids.piece, conversionRate: '1' }));
    expect(byScale.body.item.id).toBe(scaled.id);
    expect((await app.api.delete(`/api/Items/${scaled.id}`).set(as())).status).toBe(200);
    // another tenant's rows (main and sub-unit barcodes) are not found
    const row = await db()('md_items').where({ id: ids.item }).first();
    const other = {
      ...row,
      id: newId(),
      tenant_id: newId(),
      code: '900',
      barcode: 'OTHER-1',
    };
    await db()('md_items').insert(other);
    const line = await db()('md_items_units').where({ parent_id: ids.item }).first();
    await db()('md_items_units').insert({
      ...line,
      tenant_id: other.tenant_id,
      parent_id: other.id,
      barcode: 'OTHER-2',
    });
    for (const code of ['OTHER-1', 'OTHER-2'])
      expect((await app.api.get(`/api/Items/barcode/${code}`).set(as())).status).toBe(404);
    await db()('md_items_units').where({ tenant_id: other.tenant_id }).delete();
    await db()('md_items').where({ tenant_id: other.tenant_id }).delete();
    // the list's search: a part of a name, code or barcode, in any case (long terms use the search index)
    for (const term of ['تونة', 'ونة', 'تو', '000001', '6281'])
      expect(
        (await app.api.get('/api/Items').query({ search: term }).set(as())).body.items.map(
          (r: { id: string }) => r.id,
        ),
      ).toEqual([ids.item]);
    expect((await app.api.get('/api/Items').query({ search: '6281%' }).set(as())).body.total).toBe(0);
    await app.api
      .put(`/api/Items/${ids.item}`)
      .set(as())
      .send({ ...item, englishName: 'Canned Tuna' });
    expect((await app.api.get('/api/Items').query({ search: 'nned tu' }).set(as())).body.total).toBe(1);
    // a store holding stock cannot be deleted (spec section 5)
    expect((await app.api.delete(`/api/Stores/${ids.storeA}`).set(as())).status).toBe(409);
  });

  it('costs issues at the weighted average of their store, to the last fils', async () => {
    await create('/api/AdditionOrders', {
      date: day,
      storeId: ids.storeA,
      lines: [{ itemId: ids.item, unitId: ids.piece, quantity: '10', unitCost: '7' }],
    });
    expect(await balance(ids.item, ids.storeA)).toEqual({ quantity: '20', value: '120' });
    const issue = await create('/api/ExchangeOrders', {
      date: day,
      storeId: ids.storeA,
      lines: [{ itemId: ids.item, unitId: ids.piece, quantity: '5' }],
    });
    expect(issue.lines[0].value).toBe('30');
    expect(issue.totalValue).toBe('30');
    // one carton of twelve at 96: 15 pieces worth 90, plus 12 worth 96 → 27 worth 186 (6.888… each)
    await create('/api/AdditionOrders', {
      date: day,
      storeId: ids.storeA,
      lines: [{ itemId: ids.item, unitId: ids.carton, quantity: '1', unitCost: '96' }],
    });
    const some = await create('/api/ExchangeOrders', {
      date: day,
      storeId: ids.storeA,
      lines: [{ itemId: ids.item, unitId: ids.piece, quantity: '7' }],
    });
    expect(some.lines[0].value).toBe(dec(186).times(7).dividedBy(27).toDecimalPlaces(4).toString());
    expect((await balance(ids.item, ids.storeA)).quantity).toBe('20');
    await expectBalancesAreSums();
  });

  it('transfers keep the total value; same stores and negative stock are refused with the spec messages', async () => {
    const before = await balance(ids.item, ids.storeA);
    const same = await app.api
      .post('/api/StorageTransfers')
      .set(as('ar'))
      .send({
        date: day,
        storeId: ids.storeA,
        toStoreId: ids.storeA,
        lines: [{ itemId: ids.item, unitId: ids.piece, quantity: '1' }],
      });
    expect(same.status).toBe(400);
    expect(same.body.errors.map((e: { code: string }) => e.code)).toContain('validation.sameStores');
    const transfer = await create('/api/StorageTransfers', {
      date: day,
      storeId: ids.storeA,
      toStoreId: ids.storeB,
      lines: [{ itemId: ids.item, unitId: ids.piece, quantity: '8' }],
    });
    const a = await balance(ids.item, ids.storeA);
    const b = await balance(ids.item, ids.storeB);
    expect(dec(a.value).plus(b.value).toString()).toBe(before.value);
    expect(b.quantity).toBe('8');
    expect(transfer.lines[0].value).toBe(b.value);
    const tooMuch = await app.api
      .post('/api/ShortageAdjustments')
      .set(as('ar'))
      .send({
        date: day,
        storeId: ids.storeB,
        lines: [{ itemId: ids.item, unitId: ids.piece, quantity: '9' }],
      });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.detail).toBe('الكمية أكبر من رصيد المخزن؛ الرصيد السالب غير مسموح في هذا الفرع');
    expect(await balance(ids.item, ids.storeB)).toEqual(b);
    // taking back goods already moved on is refused the same way
    const back = await app.api.delete(`/api/StorageTransfers/${transfer.id}`).set(as());
    expect(back.status).toBe(200);
    expect(await balance(ids.item, ids.storeB)).toEqual({ quantity: '0', value: '0' });
    const repeated = await app.api
      .post('/api/DamageAdjustments')
      .set(as())
      .send({
        date: day,
        storeId: ids.storeA,
        lines: [
          { itemId: ids.item, unitId: ids.piece, quantity: '1' },
          { itemId: ids.item, unitId: ids.piece, quantity: '2' },
        ],
      });
    expect(repeated.body.errors.map((e: { code: string }) => e.code)).toContain('validation.itemAddedBefore');
    const zero = await app.api
      .post('/api/DamageAdjustments')
      .set(as())
      .send({
        date: day,
        storeId: ids.storeA,
        lines: [{ itemId: ids.item, unitId: ids.piece, quantity: '0' }],
      });
    expect(zero.body.errors.map((e: { code: string }) => e.code)).toContain('validation.zeroQuantity');
    const otherYear = await app.api
      .post('/api/DamageAdjustments')
      .set(as('ar'))
      .send({
        date: `${year - 1}-12-31`,
        storeId: ids.storeA,
        lines: [{ itemId: ids.item, unitId: ids.piece, quantity: '1' }],
      });
    expect(otherYear.status).toBe(400);
    expect(otherYear.body.errors[0].code).toBe('youDontHavePermToThisYear');
    await expectBalancesAreSums();
  });

  it('closes a stocktaking into adjustments; a closed one cannot change', async () => {
    const held = await balance(ids.item, ids.storeA);
    const sheet = await create('/api/Stocktakings', {
      date: day,
      storeId: ids.storeA,
      lines: [{ itemId: ids.item, unitId: ids.piece, countedQuantity: '17' }],
    });
    expect(await balance(ids.item, ids.storeA)).toEqual(held);
    const closed = await app.api.post(`/api/Stocktakings/${sheet.id}/close`).set(as());
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe('closed');
    expect((await balance(ids.item, ids.storeA)).quantity).toBe('17');
    expect((await app.api.delete(`/api/Stocktakings/${sheet.id}`).set(as())).status).toBe(409);
    const edit = await app.api
      .put(`/api/Stocktakings/${sheet.id}`)
      .set(as())
      .send({
        date: day,
        storeId: ids.storeA,
        lines: [{ itemId: ids.item, unitId: ids.piece, countedQuantity: '1' }],
      });
    expect(edit.status).toBe(409);
    expect(edit.body.detail).toBe('The document is closed and cannot be changed or deleted');
    await expectBalancesAreSums();
  });

  it('manufactures at the cost of the components consumed', async () => {
    ids.box = (
      await create('/api/Items', {
        arabicName: 'سلة تونة',
        barcode: 'BOX-1',
        categoryId: ids.category,
        mainUnitId: ids.piece,
        isManufacturingItem: true,
        components: [{ itemId: ids.item, unitId: ids.piece, quantity: '3' }],
      })
    ).id;
    const tuna = await balance(ids.item, ids.storeA);
    const order = await create('/api/ManufacturingOrders', {
      date: day,
      storeId: ids.storeA,
      lines: [{ itemId: ids.box, unitId: ids.piece, quantity: '2' }],
    });
    const after = await balance(ids.item, ids.storeA);
    const box = await balance(ids.box, ids.storeA);
    expect(dec(tuna.quantity).minus(after.quantity).toString()).toBe('6');
    expect(box.quantity).toBe('2');
    expect(dec(box.value).plus(after.value).toString()).toBe(tuna.value);
    expect(order.lines[0].value).toBe(box.value);
    // its exchange order (/view/{id}): the components issued and the product received, at the booked cost
    const exchange = await app.api.get(`/api/ManufacturingOrders/${order.id}/exchange`).set(as());
    expect(exchange.status).toBe(200);
    expect(exchange.body.consumed).toEqual([
      expect.objectContaining({ itemId: ids.item, quantity: '6', value: box.value, unitId: ids.piece }),
    ]);
    expect(exchange.body.produced).toEqual([
      expect.objectContaining({ itemId: ids.box, quantity: '2', value: box.value }),
    ]);
    expect(exchange.body.totalValue).toBe(box.value);
    await expectBalancesAreSums();
  });

  it('books other services’ documents once, in revision order, whatever the delivery', async () => {
    const consumer = app.embedded.services.inventory!.consumer!;
    const documentId = newId();
    const { tenant_id: tenantId } = await db()('md_items').where({ id: ids.item }).first('tenant_id');
    const event = (revision: number, quantity: string, deleted = false): Envelope => ({
      id: newId(),
      type: 'purchases.stockDocument.changed',
      version: 1,
      tenantId: String(tenantId),
      branchId: admin.defaultBranchId,
      occurredAt: new Date().toISOString(),
      aggregateId: documentId,
      correlationId: newId(),
      causationId: null,
      payload: {
        documentType: 'purchaseInvoices',
        documentId,
        code: '1',
        revision,
        date: day,
        deleted,
        lines: deleted
          ? []
          : [
              {
                itemId: ids.item,
                unitId: ids.carton,
                storeId: ids.storeB,
                quantity,
                direction: 'in',
                unitCost: '120',
              },
            ],
      },
    });
    const second = event(2, '3');
    await consumer.handle(second);
    await consumer.handle(event(1, '1')); // overtaken: stale
    await consumer.handle(second); // redelivered: the inbox drops it
    expect(await balance(ids.item, ids.storeB)).toEqual({ quantity: '36', value: '360' });
    await consumer.handle(event(3, '0', true));
    expect(await balance(ids.item, ids.storeB)).toEqual({ quantity: '0', value: '0' });
    await expectBalancesAreSums();
  });

  it('reports balances, the movement card, limits and every stock transaction', async () => {
    const report = await app.api.get(`/api/ItemsReports/StockBalance?storeId=${ids.storeA}`).set(as());
    expect(report.status).toBe(200);
    const held = await balance(ids.item, ids.storeA);
    expect(report.body.items.find((r: { itemId: string }) => r.itemId === ids.item)).toEqual(
      expect.objectContaining({ quantity: held.quantity, value: held.value }),
    );
    // its search (a part of the code, a name or the barcode, in any case; long terms through the items' search
    // index on SQLite) finds exactly the rows that hold the term, now and at a date, with their totals
    for (const at of ['', `&date=${year}-12-31`]) {
      const all = (
        await app.api.get(`/api/ItemsReports/StockBalance?pageSize=500&nonZero=false${at}`).set(as())
      ).body as { items: Record<string, string>[]; total: number };
      for (const term of ['تونة', 'ونة', 'تو', '6281', '000001', 'NNED TU', 'no such item']) {
        const holds = (r: Record<string, string>) =>
          [r.code, r.arabicName, r.englishName, r.barcode].some((t) =>
            String(t).toLowerCase().includes(term.toLowerCase()),
          );
        const found = await app.api
          .get(`/api/ItemsReports/StockBalance?pageSize=500&nonZero=false${at}`)
          .query({ search: term })
          .set(as());
        expect(found.status).toBe(200);
        const key = (r: Record<string, string>) => `${r.itemId} ${r.storeId} ${r.quantity} ${r.value}`;
        expect(found.body.items.map(key).sort()).toEqual(all.items.filter(holds).map(key).sort());
        expect(found.body.total).toBe(all.items.filter(holds).length);
      }
    }
    const atOpening = await app.api
      .get(`/api/ItemsReports/StockBalance?storeId=${ids.storeA}&date=${year - 1}-01-01`)
      .set(as());
    expect(atOpening.body.items).toEqual([]);
    const card = await app.api
      .get(`/api/ItemsReports/ItemMovements?itemId=${ids.item}&storeId=${ids.storeA}&pageSize=15&page=2`)
      .set(as());
    expect(card.status).toBe(200);
    expect(card.body.closingQuantity).toBe(held.quantity);
    const all = await app.api
      .get(`/api/ItemsReports/ItemMovements?itemId=${ids.item}&storeId=${ids.storeA}&pageSize=500`)
      .set(as());
    expect(all.body.rows.at(-1).balance).toBe(held.quantity);
    expect(all.body.rows.at(-1).balanceValue).toBe(held.value);
    const limits = await app.api.get('/api/ItemsReports/BelowLimits?limit=reorder').set(as());
    expect(limits.body).toEqual(expect.objectContaining({ total: expect.any(Number) }));
    expect(limits.body.items.map((r: { itemId: string }) => r.itemId)).toContain(ids.item);
    const orders = await app.api.get('/api/StockTransactions?pageSize=100').set(as());
    expect(orders.body.items.map((r: { documentType: string }) => r.documentType)).toEqual(
      expect.arrayContaining([
        'additionOrders',
        'exchangeOrders',
        'stocktakings',
        'manufacturingOrders',
        'itemOpeningBalances',
      ]),
    );
    const listed = (body: { items: Record<string, unknown>[] }) =>
      body.items.map((r) => ({
        documentId: r.documentId,
        documentCode: r.documentCode,
        date: r.date,
        lines: r.lines,
        quantityIn: r.quantityIn,
        quantityOut: r.quantityOut,
        value: r.value,
      }));
    const everything = await expectedTransactions();
    expect(orders.body.total).toBe(everything.length);
    expect(listed(orders.body)).toEqual(everything);
    const second = await app.api.get('/api/StockTransactions?pageSize=15&page=2').set(as());
    expect(listed(second.body)).toEqual(everything.slice(15, 30));
    const inA = await app.api.get(`/api/StockTransactions?pageSize=100&storeId=${ids.storeA}`).set(as());
    const expectedInA = await expectedTransactions(ids.storeA);
    expect(expectedInA.length).toBeGreaterThan(0);
    expect(inA.body.total).toBe(expectedInA.length);
    expect(listed(inA.body)).toEqual(expectedInA);
    const additions = await app.api
      .get('/api/StockTransactions?pageSize=100&documentType=additionOrders')
      .set(as());
    expect(listed(additions.body)).toEqual(
      everything.filter((r) =>
        (orders.body.items as { documentId: string; documentType: string }[]).some(
          (o) => o.documentId === r.documentId && o.documentType === 'additionOrders',
        ),
      ),
    );
  });

  it('exports items and imports a file, reporting the unrecognised rows', async () => {
    const exported = await app.api
      .get('/api/data-migration/Items')
      .set(as())
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(exported.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.body as Parameters<typeof book.xlsx.load>[0]);
    const codes = book.worksheets[0]!.getColumn(4).values.map(String);
    expect(codes).toContain('6281000000017');
    const csv = [
      'arabicName,barcode,category,mainUnit,salesPrice,costPrice',
      `سكر,SUG-1,معلبات,حبة,4.5,3`,
      `ملح,,معلبات,صندوق,2,1`,
    ].join('\n');
    const res = await app.api
      .post('/api/data-migration/Items')
      .set(as('ar'))
      .attach('file', Buffer.from(csv), 'items.csv');
    // the import runs as a background job: the answer is the job, its report is fetched from it
    expect(res.status).toBe(202);
    let job = res.body;
    while (job.status === 'queued' || job.status === 'running') {
      await new Promise((r) => setTimeout(r, 20));
      job = (await app.api.get(`/api/inventory/jobs/${job.id}`).set(as('ar'))).body;
    }
    expect(job).toEqual(
      expect.objectContaining({ status: 'succeeded', result: { imported: 1, rejected: 1 } }),
    );
    expect(job.rejected).toEqual([
      { row: 3, reasons: expect.arrayContaining([expect.stringContaining('مطلوب')]) },
    ]);
    const found = await app.api.get('/api/Items/barcode/SUG-1').set(as());
    expect(found.body.item.arabicName).toBe('سكر');
    const tooBig = await app.api
      .post('/api/data-migration/Items')
      .set(as())
      .attach('file', Buffer.alloc(1024 * 1024 + 1), 'big.csv');
    expect(tooBig.status).toBe(400);
  });
});
