import { salesFixture, type SalesFixture } from '../../services/sales/test/support/sales-fixture';
import { engines } from '../support/databases';

/**
 * Issue 16 item 4, in the embedded mode on each engine: the money flow's idempotency and concurrency proofs.
 * - PROOF_KEYS (1,000) keys, each sent 5 times at once (as a client retrying on a lost answer would): exactly
 *   one invoice per key, every answer the same invoice, stock moved and the ledger booked once per key;
 * - the same key with another body: 409, nothing written;
 * - 64 tills selling one each of the last k units at once, negative stock refused: exactly k sales.
 * Checked from the databases, not from the answers alone.
 */
const KEYS = Number(process.env.PROOF_KEYS ?? 1_000);
const SENDS = 5;
/** Keys in flight at once (each sent SENDS times): 100 requests open at a time. */
const WAVE = 20;
const TILLS = 64;
const LAST = 5;

describe.each(engines())('idempotency and concurrency on %s', (engine) => {
  let f: SalesFixture;
  let item = '';
  let scarce = '';
  let customer = '';

  beforeAll(async () => {
    f = await salesFixture(engine);
    item = await f.item('ماء', '6281000009013', '2', '1', String(KEYS * 2));
    scarce = await f.item('آخر القطع', '6281000009020', '50', '30', String(LAST));
    customer = (await f.create('/api/Customers', { arabicName: 'عميل نقدي', phone: '0551239000' })).id;
    await f.app.flush();
  }, 120_000);
  afterAll(async () => f?.stop());

  const sales = () => f.app.embedded.services.sales!.db;
  /** A cash invoice of one line at `price` (whole units), 15 % VAT, paid in full. */
  const invoice = (itemId: string, quantity: number, price: number) => ({
    date: new Date().toISOString().slice(0, 10),
    customerId: customer,
    paymentType: 'cash',
    lines: [
      {
        itemId,
        unitId: f.ids.piece,
        storeId: f.ids.store,
        quantity: String(quantity),
        price: String(price),
        taxCategory: 'S',
        taxRate: '15',
      },
    ],
    payments: [{ paymentMethodId: f.ids.cash, amount: String((quantity * price * 115) / 100) }],
    then: 'issue',
  });
  const send = (key: string, body: object) =>
    f.app.api
      .post('/api/SalesInvoices')
      .set({ ...f.as(), 'Idempotency-Key': key })
      .send(body);
  const invoicesOf = async (itemId: string) =>
    (await sales()('doc_sales_invoices as d')
      .join('doc_sales_invoices_lines as l', 'l.document_id', 'd.id')
      .where('l.item_id', itemId)
      .select('d.id', 'd.status')) as { id: string; status: string }[];

  it(`${KEYS} keys sent ${SENDS} times at once give exactly ${KEYS} invoices, each booked once`, async () => {
    const started = Date.now();
    const answers = new Map<string, { status: number; id: string; code: string }[]>();
    for (let wave = 0; wave < KEYS; wave += WAVE) {
      const keys = Array.from(
        { length: Math.min(WAVE, KEYS - wave) },
        (_, i) => `proof-${engine}-${wave + i}`,
      );
      const replies = await Promise.all(
        keys.flatMap((key) =>
          Array.from({ length: SENDS }, async () => {
            const res = await send(key, invoice(item, 1, 2));
            return { key, status: res.status, id: String(res.body.id), code: String(res.body.code) };
          }),
        ),
      );
      for (const r of replies) answers.set(r.key, [...(answers.get(r.key) ?? []), r]);
    }
    const elapsed = Date.now() - started;
    // every send answered with the key's one invoice
    const problems = [...answers.values()].filter(
      (rs) => rs.some((r) => r.status !== 201) || new Set(rs.map((r) => r.id)).size !== 1,
    );
    expect(problems.slice(0, 3)).toEqual([]);
    await f.app.flush();
    const docs = await invoicesOf(item);
    expect(docs).toHaveLength(KEYS);
    expect(new Set(docs.map((d) => d.id))).toEqual(new Set([...answers.values()].map((rs) => rs[0]!.id)));
    expect(docs.every((d) => d.status === 'issued')).toBe(true);
    // stock left once per key
    expect(await f.stockOf(item)).toBe(String(KEYS));
    // one journal entry per invoice for its money, one for its cost: none twice
    const entries = (await f.app.embedded.services
      .accounts!.db('journal_entries')
      .where('source_type', 'sales.salesInvoices')
      .whereIn(
        'source_id',
        docs.map((d) => d.id),
      )
      .whereNull('reverses_entry_id')
      .groupBy('source_id')
      .select('source_id')
      .count({ n: '*' })) as { source_id: string; n: unknown }[];
    expect(entries).toHaveLength(KEYS);
    expect(new Set(entries.map((e) => Number(e.n))).size).toBe(1);
    console.log(
      `[proof] ${engine}: ${KEYS} keys × ${SENDS} concurrent sends (${WAVE} keys in flight) in ${elapsed} ms: ` +
        `${KEYS} invoices, ${Number(entries[0]?.n)} entries each`,
    );
  }, 600_000);

  it('the same key with another body is refused with 409 and writes nothing', async () => {
    const first = await send(`other-body-${engine}`, invoice(item, 1, 2));
    expect(first.status).toBe(201);
    const before = (await invoicesOf(item)).length;
    const other = await send(`other-body-${engine}`, invoice(item, 2, 2));
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('idempotencyKeyReused');
    expect((await invoicesOf(item)).length).toBe(before);
  });

  it(`${TILLS} tills selling the last ${LAST} units at once: exactly ${LAST} sales`, async () => {
    const replies = await Promise.all(
      Array.from({ length: TILLS }, (_, i) => send(`last-${engine}-${i}`, invoice(scarce, 1, 50))),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(LAST);
    expect(statuses.filter((s) => s === 409)).toHaveLength(TILLS - LAST);
    for (const r of replies.filter((x) => x.status === 409))
      expect(r.body.errors?.[0]?.code).toBe('validation.availableQuantity');
    await f.app.flush();
    expect(await invoicesOf(scarce)).toHaveLength(LAST);
    expect(await f.stockOf(scarce)).toBe('0');
  });
});
