import { engines } from '../../../tests/support/databases';
import { LedgerSeeder } from '../../../tests/bench/ledger-seed';
import { costingFixture, type CostingFixture } from './support/costing-fixture';
import { mdec, pairOf, replay, stateAt, type ModelDoc } from './support/costing-model';

/**
 * A back-dated change ahead of a long history (issue 11), on each engine: the later lines are read in the
 * re-costing's compact form (tail.ts) and their corrections booked in bulk, and the cost-correction events
 * come in parts that each fit an outbox row (MySQL's TEXT: a part of 1,000 corrections did not, and the save
 * failed with a 500). The result must equal the independent model's replay at every date.
 */
describe.each(engines())('re-costing a long history on %s', (engine) => {
  let f: CostingFixture;
  beforeAll(async () => {
    f = await costingFixture(engine);
  });
  afterAll(async () => f?.stop());

  /** The cost-correction events a document's change put in the outbox, and all their rows. */
  async function correctionEvents(documentId: string) {
    const rows = (await f
      .db()('outbox')
      .where({ type: 'inventory.stock.costCorrected' })
      .select('envelope')) as { envelope: string }[];
    const parts = rows
      .map(
        (r) =>
          JSON.parse(r.envelope) as {
            payload: { documentId: string; corrections: { documentId: string; value: string }[] };
          },
      )
      .filter((e) => e.payload.documentId === documentId);
    return { rows, parts };
  }

  it('re-costs 600 later lines like the model, its corrections in events that fit the outbox', async () => {
    const [store, item] = [await f.store(), await f.item()];
    const tenantId = String((await f.db()('md_items').first('tenant_id')).tenant_id);
    const seeder = new LedgerSeeder(f.db(), tenantId, 0n);
    const docs: ModelDoc[] = [];
    const day = (k: number) =>
      new Date(Date.UTC(f.year, 0, 3) + Math.floor(k / 4) * 86_400_000).toISOString().slice(0, 10);
    const SCALE = 10_000n;
    for (let k = 0; k < 600; k++) {
      const buying = k % 3 === 0;
      const quantity = BigInt(1 + (k % 4));
      const cost = BigInt(7 + ((k * 13) % 11));
      const date = day(k);
      await seeder.document(buying ? 'purchases' : 'sales', store, date, [
        {
          itemId: item,
          quantity: (buying ? quantity * 3n : quantity) * SCALE,
          value: buying ? quantity * 3n * cost * SCALE : null,
        },
      ]);
      docs.push({
        id: `seed${k}`,
        type: buying ? 'addition' : 'issue',
        date,
        entry: '',
        store,
        lines: [
          {
            item,
            unit: 'piece',
            quantity: String(buying ? quantity * 3n : quantity),
            ...(buying ? { unitCost: String(cost) } : {}),
          },
        ],
      });
    }
    await seeder.writeBalances();
    // the seeder's entries are its document ids, in the order written
    const entries = (await f
      .db()('stock_documents')
      .where({ tenant_id: tenantId })
      .whereIn('source_service', ['purchases', 'sales'])
      .orderBy('code')
      .select('code', 'entry')) as { code: string; entry: string }[];
    for (const e of entries) docs[Number(e.code) - 1]!.entry = e.entry;

    const corrections = async () =>
      Number(
        (
          (await f.db()('stock_movements').where({ kind: 'correction' }).count({ n: '*' })) as { n: number }[]
        )[0]!.n,
      );
    const before = await corrections();
    const early = `${f.year}-01-02`;
    const saved = await f.create('/api/AdditionOrders', {
      date: early,
      storeId: store,
      lines: [{ itemId: item, unitId: f.units.piece, quantity: '5', unitCost: '1.37' }],
    });
    const booked = await f.db()('stock_documents').where({ document_id: saved.id }).first('entry');
    docs.push({
      id: saved.id,
      type: 'addition',
      date: early,
      entry: String(booked.entry),
      store,
      lines: [{ item, unit: 'piece', quantity: '5', unitCost: '1.37' }],
    });
    const corrected = (await corrections()) - before;
    expect(corrected).toBeGreaterThan(200);

    const model = replay(docs);
    const pair = pairOf(item, store);
    const last = model.final.get(pair)!;
    expect(await f.balance(item, store)).toEqual({
      quantity: last.quantity.toString(),
      value: last.value.toString(),
    });
    for (const k of [0, 37, 151, 299, 598]) {
      const expected = stateAt(model, pair, day(k));
      const got = await f.valuation(item, store, day(k));
      expect({
        date: day(k),
        quantity: mdec(got.quantity).toString(),
        value: mdec(got.value).toString(),
      }).toEqual({
        date: day(k),
        quantity: expected.quantity.toString(),
        value: expected.value.toString(),
      });
    }

    // the corrections reached the outbox in parts, each row within the column, adding up to what was booked
    const { rows, parts } = await correctionEvents(saved.id);
    expect(parts.length).toBeGreaterThan(1);
    for (const r of rows) expect(Buffer.byteLength(r.envelope)).toBeLessThan(65_535);
    const inEvents = parts.flatMap((p) => p.payload.corrections);
    expect(inEvents).toHaveLength(corrected);
    const [sum] = (await f
      .db()('stock_movements')
      .where({ kind: 'correction', item_id: item, store_id: store })
      .sum({ v: 'value' })) as { v: unknown }[];
    expect(inEvents.reduce((t, c) => t.plus(c.value), mdec(0)).toString()).toBe(
      mdec(String(sum!.v)).dividedBy(10_000).toString(),
    );
  });

  it("sums a document's re-costed lines per store and date for accounts; the stock ledger keeps each line's", async () => {
    const [store, a, b] = [await f.store(), await f.item(), await f.item()];
    const tenantId = String((await f.db()('md_items').first('tenant_id')).tenant_id);
    const seeder = new LedgerSeeder(f.db(), tenantId, 0n);
    const SCALE = 10_000n;
    const march = `${f.year}-03-01`;
    await seeder.document('purchases', store, `${f.year}-02-01`, [
      { itemId: a, quantity: 10n * SCALE, value: 100n * SCALE },
      { itemId: b, quantity: 10n * SCALE, value: 300n * SCALE },
    ]);
    // later sales of both items: 4 documents of two lines
    for (let k = 0; k < 4; k++)
      await seeder.document('sales', store, march, [
        { itemId: a, quantity: 1n * SCALE, value: null },
        { itemId: b, quantity: 2n * SCALE, value: null },
      ]);
    await seeder.writeBalances();
    const saved = await f.create('/api/AdditionOrders', {
      date: `${f.year}-01-15`,
      storeId: store,
      lines: [
        { itemId: a, unitId: f.units.piece, quantity: '10', unitCost: '30' },
        { itemId: b, unitId: f.units.piece, quantity: '10', unitCost: '10' },
      ],
    });
    // item a now costs (100 + 300) / 20 = 20 (was 10), item b (300 + 100) / 20 = 20 (was 30)
    const lines = (await f
      .db()('stock_movements')
      .where({ kind: 'correction', source_service: 'sales', store_id: store })
      .whereIn('item_id', [a, b])
      .select('document_id', 'item_id', 'value')) as {
      document_id: string;
      item_id: string;
      value: unknown;
    }[];
    expect(lines).toHaveLength(8);
    const inEvents = (await correctionEvents(saved.id)).parts.flatMap((e) => e.payload.corrections);
    // one per sale: a's line −10 (1 more at 10 each), b's +20 (2 less at 10 each)
    expect(inEvents).toHaveLength(4);
    for (const c of inEvents) {
      const own = lines.filter((l) => l.document_id === c.documentId);
      expect(own).toHaveLength(2);
      const sum = own.reduce((t, l) => t.plus(mdec(String(l.value))), mdec(0)).dividedBy(10_000);
      expect(mdec(c.value).toString()).toBe(sum.toString());
      expect(c.value).toBe('10');
    }
  });
});
