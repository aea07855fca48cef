import { vatBoxes } from '@erp/contracts';
import { engines } from '../../../tests/support/databases';
import {
  ADMIN_PASSWORD,
  bearer,
  login,
  startTestApp,
  type TestApp,
} from '../../../tests/support/embedded-app';

type Account = { id: string; code: string };
type Line = { accountId: string; debit?: string; credit?: string; vatBox?: string };
type Row = { key: string; box: string; boxNumber: number; rate: string; amount: string; vat: string };

/** A seeded generator (mulberry32): the same vouchers every run. */
function generator(seed: number) {
  let a = seed >>> 0;
  return (n: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}
const cents = (c: bigint) => {
  const s = (c < 0n ? -c : c).toString().padStart(3, '0');
  const text = `${s.slice(0, -2)}.${s.slice(-2)}`.replace(/\.?0+$/, '');
  return `${c < 0n ? '-' : ''}${text === '' ? '0' : text}`;
};

/**
 * The VAT summary (issue 13, deliverable 7) through the gateway: vouchers whose lines name a box of the Saudi
 * VAT return add up in that box (its amount on the sales or purchases line, its VAT on the VAT account), returns
 * come off, VAT booked without a box is reported beside, and the net VAT due equals the VAT accounts' movement.
 * Checked against an independent model over random vouchers (fixed seed), on both engines.
 */
describe.each(engines())('the VAT summary on %s', (engine) => {
  let app: TestApp;
  let headers: Record<string, string>;
  const code = new Map<string, string>();
  const year = new Date().getFullYear();
  const id = (c: string) => code.get(c)!;
  const CASH = '1111';
  const SALES = '41';
  const RENT = '562';
  const VAT_OUT = '212';
  const VAT_IN = '115';

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
  });
  afterAll(async () => app?.stop());

  async function voucher(date: string, lines: Line[], post = true) {
    const res = await app.api.post('/api/Vouchers').set(headers).send({ date, lines });
    expect(res.status).toBe(201);
    if (post) expect((await app.api.post(`/api/Vouchers/${res.body.id}/post`).set(headers)).status).toBe(200);
    return res.body.id as string;
  }
  const summary = async (dateFrom: string, dateTo: string) => {
    const res = await app.api.get('/api/AccountsReports/VatSummary').query({ dateFrom, dateTo }).set(headers);
    expect(res.status).toBe(200);
    return res.body as { items: Row[]; netVatDue: string } & Record<string, string>;
  };
  const box = (rows: Row[], name: string) => rows.find((r) => r.key === name)!;

  it('refuses a VAT line in a box of the other side, with the message in the language asked', async () => {
    const res = await app.api
      .post('/api/Vouchers')
      .set({ ...headers, Language: 'ar' })
      .send({
        date: `${year}-04-01`,
        lines: [
          { accountId: id(VAT_OUT), debit: '15', vatBox: 'standardRatedPurchases' },
          { accountId: id(CASH), credit: '15' },
        ],
      });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      expect.objectContaining({
        field: 'lines.0.vatBox',
        message: 'ضريبة المخرجات في خانة مبيعات، وضريبة المدخلات في خانة مشتريات',
      }),
    ]);
  });

  it('adds each box up: sales less returns, purchases, VAT without a box beside, the net due', async () => {
    await voucher(`${year}-04-02`, [
      { accountId: id(CASH), debit: '1150' },
      { accountId: id(SALES), credit: '1000', vatBox: 'standardRatedSales' },
      { accountId: id(VAT_OUT), credit: '150', vatBox: 'standardRatedSales' },
    ]);
    await voucher(`${year}-04-03`, [
      { accountId: id(CASH), debit: '500' },
      { accountId: id(SALES), credit: '500', vatBox: 'exports' },
    ]);
    await voucher(`${year}-04-04`, [
      { accountId: id(RENT), debit: '200', vatBox: 'standardRatedPurchases' },
      { accountId: id(VAT_IN), debit: '30', vatBox: 'standardRatedPurchases' },
      { accountId: id(CASH), credit: '230' },
    ]);
    // a return of part of the first sale, a correction of output VAT without a box
    await voucher(`${year}-04-05`, [
      { accountId: id(SALES), debit: '100', vatBox: 'standardRatedSales' },
      { accountId: id(VAT_OUT), debit: '15', vatBox: 'standardRatedSales' },
      { accountId: id(CASH), credit: '115' },
    ]);
    await voucher(`${year}-04-06`, [
      { accountId: id(VAT_OUT), debit: '5' },
      { accountId: id(CASH), credit: '5' },
    ]);
    // not posted, and posted outside the period: neither counts
    await voucher(
      `${year}-04-07`,
      [
        { accountId: id(CASH), debit: '115' },
        { accountId: id(SALES), credit: '100', vatBox: 'standardRatedSales' },
        { accountId: id(VAT_OUT), credit: '15', vatBox: 'standardRatedSales' },
      ],
      false,
    );
    await voucher(`${year}-05-01`, [
      { accountId: id(CASH), debit: '115' },
      { accountId: id(SALES), credit: '100', vatBox: 'standardRatedSales' },
      { accountId: id(VAT_OUT), credit: '15', vatBox: 'standardRatedSales' },
    ]);

    const s = await summary(`${year}-04-01`, `${year}-04-30`);
    // every box of the return, in its order, even empty
    expect(s.items.map((r) => r.boxNumber)).toEqual(vatBoxes.map((b) => b.box));
    expect(box(s.items, 'standardRatedSales')).toMatchObject({ rate: '15', amount: '900', vat: '135' });
    expect(box(s.items, 'exports')).toMatchObject({ rate: '0', amount: '500', vat: '0' });
    expect(box(s.items, 'standardRatedPurchases')).toMatchObject({ amount: '200', vat: '30' });
    expect(box(s.items, 'exemptPurchases')).toMatchObject({ amount: '0', vat: '0' });
    expect(s).toMatchObject({
      salesAmount: '1400',
      salesVat: '135',
      purchasesAmount: '200',
      purchasesVat: '30',
      otherOutputVat: '-5',
      otherInputVat: '0',
      netVatDue: '100',
    });
    // the net due is what the VAT accounts moved in the period (output credit less input debit)
    const tb = await app.api
      .get('/api/AccountsReports/TrialBalance')
      .query({ dateFrom: `${year}-04-01`, dateTo: `${year}-04-30`, nonZero: 'false', level: '6' })
      .set(headers);
    const moved = (c: string) => {
      const r = (tb.body.items as Record<string, string>[]).find((x) => x.accountId === id(c))!;
      return Number(r.periodCredit) - Number(r.periodDebit);
    };
    expect(moved(VAT_OUT) + moved(VAT_IN)).toBe(100);
    // the tags are part of the journal's hash: changing one in SQL breaks the chain
    expect((await app.api.get('/api/Journal/verify').set(headers)).body.ok).toBe(true);
    const db = app.embedded.services.accounts!.deps.db;
    const tagged = await db('journal_lines').whereNotNull('tax_tag').first('entry_id', 'line_no', 'tax_tag');
    await db('journal_lines')
      .where({ entry_id: tagged.entry_id, line_no: tagged.line_no })
      .update({ tax_tag: 'exemptSales|base|0' });
    const broken = await app.api.get('/api/Journal/verify').set(headers);
    expect(broken.body.ok).toBe(false);
    expect(broken.body.chains[0].broken).toMatchObject({
      entryId: tagged.entry_id,
      reason: 'journal.contentChanged',
    });
    await db('journal_lines')
      .where({ entry_id: tagged.entry_id, line_no: tagged.line_no })
      .update({ tax_tag: tagged.tax_tag });
  });

  it('matches an independent model over random sales, purchases and returns in every box', async () => {
    const next = generator(20261127);
    const month = `${year}-07`;
    const expected = new Map<string, { amount: bigint; vat: bigint }>();
    for (const b of vatBoxes) expected.set(b.name, { amount: 0n, vat: 0n });
    for (let n = 0; n < 40; n++) {
      const b = vatBoxes[next(vatBoxes.length)]!;
      const base = BigInt(1 + next(500_000)); // cents
      const vat = (base * BigInt(b.rate) + 50n) / 100n; // half up, to the cent
      const isReturn = next(4) === 0;
      const posted = next(10) !== 0;
      const sign = isReturn ? -1n : 1n;
      const output = b.direction === 'output';
      // a sale credits sales and output VAT, a purchase debits the expense and input VAT; a return the other way
      const credited = output !== isReturn;
      const tagged = (amount: bigint) => (credited ? { credit: cents(amount) } : { debit: cents(amount) });
      const cash = (amount: bigint) => (credited ? { debit: cents(amount) } : { credit: cents(amount) });
      const lines: Line[] = [
        { accountId: id(output ? SALES : RENT), vatBox: b.name, ...tagged(base) },
        ...(vat > 0n ? [{ accountId: id(output ? VAT_OUT : VAT_IN), vatBox: b.name, ...tagged(vat) }] : []),
        { accountId: id(CASH), ...cash(base + vat) },
      ];
      await voucher(`${month}-${String(1 + next(28)).padStart(2, '0')}`, lines, posted);
      if (!posted) continue;
      const e = expected.get(b.name)!;
      e.amount += sign * base;
      e.vat += sign * vat;
    }
    const s = await summary(`${month}-01`, `${month}-31`);
    for (const b of vatBoxes) {
      const e = expected.get(b.name)!;
      expect([b.name, box(s.items, b.name)]).toEqual([
        b.name,
        expect.objectContaining({ amount: cents(e.amount), vat: cents(e.vat) }),
      ]);
    }
    const sum = (direction: string, f: 'amount' | 'vat') =>
      vatBoxes.filter((b) => b.direction === direction).reduce((t, b) => t + expected.get(b.name)![f], 0n);
    expect(s.netVatDue).toBe(cents(sum('output', 'vat') - sum('input', 'vat')));
  });
});
