import { engines } from '../../../tests/support/databases';
import {
  ADMIN_PASSWORD,
  bearer,
  login,
  startTestApp,
  type TestApp,
} from '../../../tests/support/embedded-app';

type Account = { id: string; code: string; parentId: string | null };
type Line = { accountId: string; debit?: string; credit?: string };

/**
 * Fiscal-year close (issue 13, deliverable 5) through the gateway: the closing entry moves each income-statement
 * account's year into retained earnings, balance-sheet balances carry into the next year untouched, a closed
 * year takes no entries (no save, post or unpost dated in it), years close in order, a reopening reverses the
 * close, and a branch's lock date refuses postings on or before it.
 */
describe.each(engines())('fiscal years on %s', (engine) => {
  let app: TestApp;
  let headers: Record<string, string>;
  let branchId: string;
  const code = new Map<string, string>();
  const year = new Date().getFullYear();
  const last = year - 1;

  beforeAll(async () => {
    app = await startTestApp(engine);
    await app.flush();
    const who = await login(app, 'admin', ADMIN_PASSWORD);
    branchId = who.defaultBranchId;
    headers = { ...bearer(who.token), BranchId: branchId, Language: 'en', FiscalYear: String(year) };
    // the company's first fiscal year becomes last year, so there are two
    const company = (await app.api.get('/api/Company').set(headers)).body as Record<string, unknown>;
    const changed = await app.api
      .put('/api/Company')
      .set(headers)
      .send({ ...company, fiscalYearStart: `${last}-01-01`, fiscalYearEnd: `${last}-12-31` });
    expect(changed.status).toBe(200);
    await app.flush();
    const accounts = (await app.api.get('/api/Accounts/tree').set(headers)).body.items as Account[];
    for (const a of accounts) code.set(a.code, a.id);
  });
  afterAll(async () => app?.stop());

  const db = () => app.embedded.services.accounts!.deps.db;
  const id = (c: string) => code.get(c)!;
  const CASH = '1111';
  const SALES = '41';
  const RENT = '562';
  const RETAINED = '33';
  const CAPITAL = '31';

  async function voucher(date: string, lines: Line[], post = true) {
    const fy = date.slice(0, 4);
    const res = await app.api
      .post('/api/Vouchers')
      .set({ ...headers, FiscalYear: fy })
      .send({ date, lines });
    expect(res.status).toBe(201);
    if (post)
      expect(
        (await app.api.post(`/api/Vouchers/${res.body.id}/post`).set({ ...headers, FiscalYear: fy })).status,
      ).toBe(200);
    return res.body.id as string;
  }
  /** An account's net (debit − credit, in units) over entries dated in [from, to]. */
  async function net(account: string, from: string, to: string): Promise<number> {
    const [row] = await db()('journal_lines as l')
      .join('journal_entries as e', 'e.id', 'l.entry_id')
      .where('l.account_id', id(account))
      .andWhere('e.date', '>=', from)
      .andWhere('e.date', '<=', to)
      .sum({ d: 'l.debit', c: 'l.credit' });
    return (Number(row!.d ?? 0) - Number(row!.c ?? 0)) / 10_000;
  }
  const everything = async () => {
    const [row] = await db()('journal_lines').sum({ d: 'debit', c: 'credit' });
    return [Number(row!.d), Number(row!.c)];
  };
  const entries = async () => Number((await db()('journal_entries').count({ n: '*' }))[0]!.n);
  const close = (y: number, language = 'en') =>
    app.api
      .post('/api/FiscalYearCloses')
      .set({ ...headers, Language: language })
      .send({ year: y });

  let unpostedLastYear: string;
  let postedLastYear: string;

  it('books last year and this year, and refuses to close this year while last year is open', async () => {
    await voucher(`${last}-01-10`, [
      { accountId: id(CASH), debit: '5000' },
      { accountId: id(CAPITAL), credit: '5000' },
    ]);
    postedLastYear = await voucher(`${last}-03-01`, [
      { accountId: id(CASH), debit: '1000.5' },
      { accountId: id(SALES), credit: '1000.5' },
    ]);
    await voucher(`${last}-06-30`, [
      { accountId: id(RENT), debit: '300.25' },
      { accountId: id(CASH), credit: '300.25' },
    ]);
    unpostedLastYear = await voucher(
      `${last}-12-31`,
      [
        { accountId: id(RENT), debit: '1' },
        { accountId: id(CASH), credit: '1' },
      ],
      false,
    );
    await voucher(`${year}-01-05`, [
      { accountId: id(CASH), debit: '40' },
      { accountId: id(SALES), credit: '40' },
    ]);
    const res = await close(year);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('fiscalYear.earlierOpen');
    expect(res.body.detail).toBe(`Close fiscal year ${last} first`);
  });

  it('closes last year: income-statement accounts into retained earnings, balance-sheet ones unchanged', async () => {
    const before = { cash: await net(CASH, '0000', '9999'), capital: await net(CAPITAL, '0000', '9999') };
    const res = await close(last);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ year: last, startDate: `${last}-01-01`, endDate: `${last}-12-31` });
    expect(res.body.entries).toEqual([expect.objectContaining({ branchId, lines: 3, netIncome: '700.25' })]);
    const y = [`${last}-01-01`, `${last}-12-31`] as const;
    expect(await net(SALES, ...y)).toBe(0);
    expect(await net(RENT, ...y)).toBe(0);
    expect(await net(RETAINED, ...y)).toBe(-700.25);
    // this year's opening balances: everything dated before it, the close included
    const opening = [`0000-01-01`, `${last}-12-31`] as const;
    expect(await net(CASH, ...opening)).toBe(5700.25);
    expect(await net(CAPITAL, ...opening)).toBe(-5000);
    expect(await net(SALES, ...opening)).toBe(0);
    expect(await net(CASH, '0000', '9999')).toBe(before.cash);
    expect(await net(CAPITAL, '0000', '9999')).toBe(before.capital);
    // the income statement still shows the year's result; the balance sheet has it in retained earnings
    const report = (path: string, query: Record<string, string>) =>
      app.api
        .get(`/api/AccountsReports/${path}`)
        .query({ level: '6', ...query })
        .set({ ...headers, FiscalYear: String(last) });
    const income = await report('IncomeStatement', { dateFrom: `${last}-01-01`, dateTo: `${last}-12-31` });
    expect(income.status).toBe(200);
    expect(income.body.netIncome).toBe('700.25');
    const sheet = await report('BalanceSheet', { date: `${last}-12-31` });
    expect(sheet.body.netIncome).toBe('0');
    expect(sheet.body.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ accountId: id(RETAINED), credit: '700.25' })]),
    );
    // this year's own figures are untouched
    expect(await net(SALES, `${year}-01-01`, `${year}-12-31`)).toBe(-40);
    const [debit, credit] = await everything();
    expect(debit).toBe(credit);
    const list = (await app.api.get('/api/FiscalYearCloses').set(headers)).body as {
      year: number;
      status: string;
      retainedEarningsAccountId: string | null;
    }[];
    expect(list).toEqual([
      expect.objectContaining({ year: last, status: 'closed', retainedEarningsAccountId: id(RETAINED) }),
      expect.objectContaining({ year, status: 'open', retainedEarningsAccountId: null }),
    ]);
  });

  it('a closed year takes no entries: no save, post or unpost dated in it, in the request language', async () => {
    const count = await entries();
    const saved = await app.api
      .post('/api/Vouchers')
      .set({ ...headers, FiscalYear: String(last), Language: 'ar' })
      .send({
        date: `${last}-05-05`,
        lines: [
          { accountId: id(CASH), debit: '1' },
          { accountId: id(SALES), credit: '1' },
        ],
      });
    expect(saved.status).toBe(400);
    expect(saved.body.errors).toEqual([
      expect.objectContaining({
        field: 'date',
        code: 'fiscalYear.closed',
        message: `السنة المالية ${last} مغلقة: لا تقبل قيوداً`,
      }),
    ]);
    const posted = await app.api
      .post(`/api/Vouchers/${unpostedLastYear}/post`)
      .set({ ...headers, FiscalYear: String(last) });
    expect(posted.status).toBe(409);
    expect(posted.body.code).toBe('fiscalYear.closed');
    const unposted = await app.api
      .post(`/api/Vouchers/${postedLastYear}/unpost`)
      .set({ ...headers, FiscalYear: String(last) });
    expect(unposted.status).toBe(409);
    expect(await entries()).toBe(count);
    const again = await close(last);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('fiscalYear.alreadyClosed');
  });

  it('reopening (admins) reverses the close; two concurrent closes then book it exactly once', async () => {
    const reopened = await app.api.post(`/api/FiscalYearCloses/${last}/reopen`).set(headers);
    expect(reopened.status).toBe(200);
    expect(reopened.body).toEqual({ year: last, reversed: 1 });
    const y = [`${last}-01-01`, `${last}-12-31`] as const;
    expect(await net(SALES, ...y)).toBe(-1000.5);
    expect(await net(RETAINED, ...y)).toBe(0);
    const notClosed = await app.api.post(`/api/FiscalYearCloses/${last}/reopen`).set(headers);
    expect(notClosed.status).toBe(409);
    // the year takes entries again: the waiting voucher posts
    expect(
      (
        await app.api
          .post(`/api/Vouchers/${unpostedLastYear}/post`)
          .set({ ...headers, FiscalYear: String(last) })
      ).status,
    ).toBe(200);
    const results = await Promise.all([close(last), close(last)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await net(SALES, ...y)).toBe(0);
    expect(await net(RENT, ...y)).toBe(0);
    expect(await net(RETAINED, ...y)).toBe(-699.25);
    const [debit, credit] = await everything();
    expect(debit).toBe(credit);
  });

  it("refuses postings on or before a branch's lock date, and takes them again once it is cleared", async () => {
    const lockDate = `${year}-01-31`;
    // saved before the lock: its post is what the lock refuses
    const id1 = await voucher(
      `${year}-01-31`,
      [
        { accountId: id(CASH), debit: '2' },
        { accountId: id(SALES), credit: '2' },
      ],
      false,
    );
    const set = await app.api.put(`/api/BranchLockDates/${branchId}`).set(headers).send({ lockDate });
    expect(set.status).toBe(200);
    expect((await app.api.get('/api/BranchLockDates').set(headers)).body).toEqual([{ branchId, lockDate }]);
    const refused = await app.api.post(`/api/Vouchers/${id1}/post`).set({ ...headers, Language: 'en' });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(`Entries dated on or before ${lockDate} are locked in this branch`);
    await voucher(`${year}-02-01`, [
      { accountId: id(CASH), debit: '3' },
      { accountId: id(SALES), credit: '3' },
    ]);
    await app.api.put(`/api/BranchLockDates/${branchId}`).set(headers).send({ lockDate: null });
    expect((await app.api.post(`/api/Vouchers/${id1}/post`).set(headers)).status).toBe(200);
  });
});
