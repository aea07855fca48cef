import { engines } from '../../../tests/support/databases';
import {
  ADMIN_PASSWORD,
  bearer,
  login,
  startTestApp,
  type TestApp,
} from '../../../tests/support/embedded-app';

type Account = { id: string; code: string };
type Line = { accountId: string; costCenterId?: string; debit?: string; credit?: string };

/**
 * Separating previous balances (spec section 4; issue 13, deliverable 5) through the gateway: the password is
 * confirmed by identity (the spec's wrong-password text; the confirmation is for this user and this action only,
 * and short-lived), then every account's balance before the date is taken to zero by one entry per branch
 * dated the day before, so the trial balance from the date opens at zero while the ledger still balances and
 * keeps the trail. Undoing reverses it; a closed period refuses it; nothing is written by a refusal.
 */
describe.each(engines())('separating previous balances on %s', (engine) => {
  let app: TestApp;
  let headers: Record<string, string>;
  let userId: string;
  const code = new Map<string, string>();
  const year = new Date().getFullYear();
  const id = (c: string) => code.get(c)!;
  const CASH = '1111';
  const CAPITAL = '31';
  const SALES = '41';
  const RENT = '562';

  beforeAll(async () => {
    app = await startTestApp(engine);
    await app.flush();
    const who = await login(app, 'admin', ADMIN_PASSWORD);
    userId = who.userId as string;
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

  const db = () => app.embedded.services.accounts!.deps.db;
  const tokens = () => app.embedded.services.accounts!.deps.tokens;
  const entries = async () => Number((await db()('journal_entries').count({ n: '*' }))[0]!.n);
  async function voucher(date: string, lines: Line[]) {
    const res = await app.api.post('/api/Vouchers').set(headers).send({ date, lines });
    expect(res.status).toBe(201);
    expect((await app.api.post(`/api/Vouchers/${res.body.id}/post`).set(headers)).status).toBe(200);
  }
  const confirm = (password: string, language = 'en') =>
    app.api
      .post('/api/Users/confirm-password')
      .set({ ...headers, Language: language })
      .send({ password, purpose: 'separatePreviousBalances' });
  const separate = (date: string, confirmation: string, language = 'en') =>
    app.api
      .post('/api/PreviousBalances/separate')
      .set({ ...headers, Language: language })
      .send({ date, confirmation });
  const trialBalance = async (dateFrom: string, dateTo: string) => {
    const res = await app.api
      .get('/api/AccountsReports/TrialBalance')
      .query({ dateFrom, dateTo, nonZero: 'false', level: '6' })
      .set(headers);
    expect(res.status).toBe(200);
    return res.body as { items: Record<string, string>[]; totals: Record<string, string> };
  };
  const row = (tb: { items: Record<string, string>[] }, c: string) =>
    tb.items.find((r) => r.accountId === id(c))!;

  it('books some history', async () => {
    await voucher(`${year}-01-10`, [
      { accountId: id(CASH), debit: '5000.12' },
      { accountId: id(CAPITAL), credit: '5000.12' },
    ]);
    await voucher(`${year}-02-03`, [
      { accountId: id(CASH), debit: '750.5' },
      { accountId: id(SALES), credit: '750.5' },
    ]);
    await voucher(`${year}-02-20`, [
      { accountId: id(RENT), debit: '120' },
      { accountId: id(CASH), credit: '120' },
    ]);
    // after the separation date: stays as it is
    await voucher(`${year}-03-05`, [
      { accountId: id(CASH), debit: '10' },
      { accountId: id(SALES), credit: '10' },
    ]);
  });

  it("answers a wrong password with the spec's text, in the request's language, and writes nothing", async () => {
    const before = await entries();
    const wrong = await confirm('not-the-password', 'ar');
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([
      expect.objectContaining({
        field: 'password',
        code: 'confirmation.passwordWrong',
        message: 'كلمة المرور خاطئة',
      }),
    ]);
    expect((await confirm('not-the-password')).body.errors[0].message).toBe('Wrong password');
    expect(await entries()).toBe(before);
  });

  it('refuses a separation without a confirmation of this user for this action', async () => {
    const before = await entries();
    const access = headers.Authorization!.replace('Bearer ', '');
    const { tenantId } = tokens().verify(access) as { tenantId: string };
    const forOther = tokens().signConfirmation({
      userId: 'someone-else',
      tenantId,
      purpose: 'separatePreviousBalances',
    }).token;
    const forOtherPurpose = tokens().signConfirmation({ userId, tenantId, purpose: 'other' }).token;
    const expired = tokens().signConfirmation(
      { userId, tenantId, purpose: 'separatePreviousBalances' },
      -1,
    ).token;
    for (const confirmation of [access, forOther, forOtherPurpose, expired, 'garbage']) {
      const res = await separate(`${year}-03-01`, confirmation);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('confirmation.required');
    }
    expect(await entries()).toBe(before);
  });

  let separationId: string;
  it('takes every balance before the date to zero: the trial balance from the date opens at zero', async () => {
    const ok = await confirm(ADMIN_PASSWORD);
    expect(ok.status).toBe(200);
    const res = await separate(`${year}-03-01`, ok.body.confirmation as string);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ date: `${year}-03-01`, branches: 1, lines: 4, undone: false });
    separationId = res.body.id as string;
    const after = await trialBalance(`${year}-03-01`, `${year}-12-31`);
    for (const t of [after.totals.openingDebit, after.totals.openingCredit]) expect(t).toBe('0');
    expect(row(after, CASH)).toMatchObject({ openingDebit: '0', periodDebit: '10', closingDebit: '10' });
    expect(row(after, SALES)).toMatchObject({ openingCredit: '0', closingCredit: '10' });
    // the year as a whole still balances, and shows the separation as movements of the day before
    const whole = await trialBalance(`${year}-01-01`, `${year}-12-31`);
    expect(whole.totals.closingDebit).toBe(whole.totals.closingCredit);
    expect(row(whole, CASH)).toMatchObject({ periodDebit: '5760.62', periodCredit: '5750.62' });
    // the income statement still shows the year's result: the separation is not an income or an expense
    const income = await app.api
      .get('/api/AccountsReports/IncomeStatement')
      .query({ dateFrom: `${year}-01-01`, dateTo: `${year}-12-31`, level: '6' })
      .set(headers);
    expect(income.body.netIncome).toBe('640.5');
    const [sums] = await db()('journal_lines').sum({ d: 'debit', c: 'credit' });
    expect(Number(sums!.d)).toBe(Number(sums!.c));
    // the journal's chain still verifies
    const verify = await app.api.get('/api/Journal/verify').set(headers);
    expect(verify.body.ok).toBe(true);
  });

  it('refuses a second separation at the same date: nothing is left to separate', async () => {
    const before = await entries();
    const ok = await confirm(ADMIN_PASSWORD);
    const again = await separate(`${year}-03-01`, ok.body.confirmation as string);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(`There are no previous balances before ${year}-03-01 to separate`);
    expect(await entries()).toBe(before);
  });

  it('lists the separation, and undoing it brings the balances back', async () => {
    const list = await app.api.get('/api/PreviousBalances/separations').set(headers);
    expect(list.body).toEqual([expect.objectContaining({ id: separationId, lines: 4, undone: false })]);
    const undo = await app.api.post(`/api/PreviousBalances/separations/${separationId}/undo`).set(headers);
    expect(undo.status).toBe(200);
    expect(undo.body).toEqual({ id: separationId, reversed: 1 });
    const after = await trialBalance(`${year}-03-01`, `${year}-12-31`);
    expect(row(after, CASH)).toMatchObject({ openingDebit: '5630.62' });
    expect(row(after, CAPITAL)).toMatchObject({ openingCredit: '5000.12' });
    const twice = await app.api.post(`/api/PreviousBalances/separations/${separationId}/undo`).set(headers);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('separation.alreadyUndone');
    const listed = await app.api.get('/api/PreviousBalances/separations').set(headers);
    expect(listed.body).toEqual([expect.objectContaining({ id: separationId, undone: true })]);
  });

  it('is refused where the day before is locked, and writes nothing', async () => {
    const branchId = headers.BranchId!;
    expect(
      (
        await app.api
          .put(`/api/BranchLockDates/${branchId}`)
          .set(headers)
          .send({ lockDate: `${year}-02-28` })
      ).status,
    ).toBe(200);
    await app.flush();
    const before = await entries();
    const ok = await confirm(ADMIN_PASSWORD);
    const res = await separate(`${year}-03-01`, ok.body.confirmation as string);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('journal.periodLocked');
    expect(await entries()).toBe(before);
  });
});
