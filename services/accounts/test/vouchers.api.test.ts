import { engines } from '../../../tests/support/databases';
import {
  ADMIN_PASSWORD,
  PROVIDER_KEY,
  bearer,
  login,
  startTestApp,
  type TestApp,
} from '../../../tests/support/embedded-app';

type Account = { id: string; code: string; parentId: string | null };
type Line = { accountId: string; debit?: string; credit?: string; costCenterId?: string; note?: string };

/**
 * Journal vouchers (issue 13, deliverable 2) through the gateway: each of the spec's rules refused with its
 * translated message and nothing written; posting appends one balanced entry, unposting books its reversal; a
 * posted voucher is neither changed nor deleted; its accounts are "in use" for the chart.
 */
describe.each(engines())('journal vouchers on %s', (engine) => {
  let app: TestApp;
  let headers: Record<string, string>;
  let leaves: Account[];
  let parent: Account;
  const year = new Date().getFullYear();
  const date = `${year}-01-15`;

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
    const parents = new Set(accounts.map((a) => a.parentId));
    leaves = accounts.filter((a) => !parents.has(a.id));
    parent = accounts.find((a) => parents.has(a.id) && a.parentId)!;
  });
  afterAll(async () => app?.stop());

  const create = (lines: Line[], extra: Record<string, unknown> = {}, language = 'en') =>
    app.api
      .post('/api/Vouchers')
      .set({ ...headers, Language: language })
      .send({ date, lines, ...extra });
  const pair = (amount: string, a = leaves[0]!.id, b = leaves[1]!.id): Line[] => [
    { accountId: a, debit: amount },
    { accountId: b, credit: amount },
  ];
  /** How many vouchers and journal entries exist: a refusal writes neither. */
  const counts = async () => {
    const db = app.embedded.services.accounts!.deps.db;
    const [v] = await db('doc_vouchers').count({ n: '*' });
    const [e] = await db('journal_entries').count({ n: '*' });
    return [Number(v!.n), Number(e!.n)];
  };
  const balanceOf = async (accountId: string) => {
    const db = app.embedded.services.accounts!.deps.db;
    const [row] = await db('journal_lines').where({ account_id: accountId }).sum({ d: 'debit', c: 'credit' });
    return (Number(row!.d ?? 0) - Number(row!.c ?? 0)) / 10_000;
  };
  const refused = async (res: { status: number; body: Record<string, unknown> }, status: number) => {
    expect(res.status).toBe(status);
    return res.body as {
      code: string;
      detail: string;
      errors?: { field: string; code: string; message: string }[];
    };
  };

  it('saves a voucher unposted, posts it as one balanced journal entry, and lists it as posted', async () => {
    const res = await create(pair('250.75'));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'unposted', totalValue: '250.75', revision: 1 });
    const id = res.body.id as string;
    const posted = await app.api.post(`/api/Vouchers/${id}/post`).set(headers);
    expect(posted.status).toBe(200);
    expect(posted.body).toMatchObject({ status: 'posted', revision: 2 });
    const db = app.embedded.services.accounts!.deps.db;
    const entries = await db('journal_entries').where({ source_type: 'vouchers', source_id: id });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ source_revision: 2, date });
    expect(Number(entries[0].total_debit)).toBe(2_507_500);
    expect(Number(entries[0].total_credit)).toBe(Number(entries[0].total_debit));
    expect(await balanceOf(leaves[0]!.id)).toBe(250.75);
    const closed = await app.api.get('/api/Vouchers').query({ status: 'posted' }).set(headers);
    expect(closed.body.items.map((v: { id: string }) => v.id)).toContain(id);
    const open = await app.api.get('/api/Vouchers').query({ status: 'unposted' }).set(headers);
    expect(open.body.items.map((v: { id: string }) => v.id)).not.toContain(id);
  });

  it('refuses a voucher with zero accounts', async () => {
    const before = await counts();
    const body = await refused(await create([]), 400);
    expect(body.errors).toEqual([
      expect.objectContaining({
        field: 'lines',
        code: 'journal.noLines',
        message: 'A journal entry needs accounts',
      }),
    ]);
    expect(await counts()).toEqual(before);
  });

  it('refuses a line with both a debit and a credit, a zero line and a negative amount', async () => {
    const before = await counts();
    const [a, b] = [leaves[0]!.id, leaves[1]!.id];
    const both = await refused(
      await create([
        { accountId: a, debit: '5', credit: '5' },
        { accountId: b, debit: '1', credit: '1' },
      ]),
      400,
    );
    expect(both.errors![0]).toMatchObject({ code: 'journal.debitAndCredit' });
    const zero = await refused(await create([...pair('3'), { accountId: a, debit: '0', credit: '0' }]), 400);
    expect(zero.errors![0]).toMatchObject({ field: 'lines.2.debit', code: 'journal.zeroLine' });
    const negative = await refused(
      await create([
        { accountId: a, debit: '-4' },
        { accountId: b, credit: '-4' },
      ]),
      400,
    );
    expect(negative.errors![0]!.field).toBe('lines.0.debit');
    expect(await counts()).toEqual(before);
  });

  it("refuses unbalanced debits and credits with the spec's 'Constraint Unbalanced', translated", async () => {
    const before = await counts();
    const lines = [
      { accountId: leaves[0]!.id, debit: '100' },
      { accountId: leaves[1]!.id, credit: '99.99' },
    ];
    expect((await refused(await create(lines), 400)).detail).toBe('Constraint Unbalanced');
    const ar = await refused(await create(lines, {}, 'ar'), 400);
    expect(ar.code).toBe('constraintUnbalanced');
    expect(ar.detail).not.toBe('Constraint Unbalanced');
    expect(await counts()).toEqual(before);
  });

  it('refuses a parent account and another tenant’s account', async () => {
    const before = await counts();
    const toParent = await refused(await create(pair('10', parent.id)), 400);
    expect(toParent.errors![0]).toMatchObject({
      field: 'lines.0.accountId',
      code: 'validation.parentAccount',
      message: 'A parent account cannot take entries',
    });
    const made = await app.api.post('/api/provider/tenants').set('X-Provider-Key', PROVIDER_KEY).send({
      name: 'Other shop',
      adminUserName: 'voucher_other',
      adminPassword: 'Other-admin!123',
      subscriptionStart: '2020-01-01',
      subscriptionEnd: '2099-12-31',
    });
    expect(made.status).toBe(201);
    await app.flush();
    const other = await login(app, 'voucher_other', 'Other-admin!123');
    const theirs = (await app.api.get('/api/Accounts/tree').set(bearer(other.token))).body.items as Account[];
    const theirLeaf = theirs.find((a) => !theirs.some((c) => c.parentId === a.id))!;
    const foreign = await refused(await create(pair('10', theirLeaf.id)), 400);
    // the engine's reference check, scoped to the tenant: the id does not exist here
    expect(foreign.errors![0]).toMatchObject({ field: 'lines', code: 'validation.reference' });
    expect(await counts()).toEqual(before);
  });

  it("refuses a date outside the chosen fiscal year: 'you don't have permission to this year'", async () => {
    const before = await counts();
    const res = await app.api
      .post('/api/Vouchers')
      .set(headers)
      .send({ date: `${year - 1}-12-31`, lines: pair('1') });
    const body = await refused(res, 400);
    expect(body.detail).toBe("You don't have permission to this year");
    expect(await counts()).toEqual(before);
  });

  it('refuses changing or deleting a posted voucher; unposting books the reversal, then it changes', async () => {
    const a = leaves[2]!.id;
    const start = await balanceOf(a);
    const id = (await create(pair('40', a))).body.id as string;
    expect((await app.api.post(`/api/Vouchers/${id}/post`).set(headers)).status).toBe(200);
    expect(await balanceOf(a)).toBe(start + 40);
    const before = await counts();
    const put = await refused(
      await app.api
        .put(`/api/Vouchers/${id}`)
        .set(headers)
        .send({ date, lines: pair('41', a) }),
      409,
    );
    expect(put).toMatchObject({
      code: 'postedVoucher',
      detail: 'The voucher is posted: unpost it before changing or deleting it',
    });
    expect((await refused(await app.api.delete(`/api/Vouchers/${id}`).set(headers), 409)).code).toBe(
      'postedVoucher',
    );
    expect(await counts()).toEqual(before);

    const unposted = await app.api.post(`/api/Vouchers/${id}/unpost`).set(headers);
    expect(unposted.body).toMatchObject({ status: 'unposted', revision: 3 });
    expect(await balanceOf(a)).toBe(start);
    const db = app.embedded.services.accounts!.deps.db;
    const entries = await db('journal_entries').where({ source_id: id }).orderBy('seq');
    expect(entries).toHaveLength(2);
    expect(entries[1].reverses_entry_id).toBe(entries[0].id);
    // posted lines are never edited: the voucher changes, and its next posting is a new entry
    const edited = await app.api
      .put(`/api/Vouchers/${id}`)
      .set(headers)
      .send({ date, lines: pair('41', a) });
    expect(edited.status).toBe(200);
    await app.api.post(`/api/Vouchers/${id}/post`).set(headers);
    expect(await balanceOf(a)).toBe(start + 41);
    expect(await db('journal_entries').where({ source_id: id })).toHaveLength(3);
  });

  it('counts an account of a posted entry as in use: it is neither deleted nor made a parent', async () => {
    const made = await app.api.post('/api/Accounts').set(headers).send({
      arabicName: 'حساب مستخدم',
      parentId: parent.id,
      isSub: true,
      nature: 'debit',
      accountType: 'balanceSheet',
    });
    expect(made.status).toBe(201);
    const used = made.body.id as string;
    const id = (await create(pair('5', used))).body.id as string;
    await app.api.post(`/api/Vouchers/${id}/post`).set(headers);
    expect((await app.api.delete(`/api/Accounts/${used}`).set(headers)).status).toBe(409);
    const child = await app.api.post('/api/Accounts').set(headers).send({
      arabicName: 'فرعي',
      parentId: used,
      isSub: true,
      nature: 'debit',
      accountType: 'balanceSheet',
    });
    expect(child.status).toBe(400);
    expect(child.body.errors[0].code).toBe('validation.parentInUse');
  });

  it('refuses an opening voucher that repeats an account', async () => {
    const before = await counts();
    const a = leaves[0]!.id;
    const res = await create(
      [
        { accountId: a, debit: '5' },
        { accountId: a, debit: '5' },
        { accountId: leaves[1]!.id, credit: '10' },
      ],
      { isOpening: true },
    );
    expect((await refused(res, 400)).errors![0]).toMatchObject({
      field: 'lines.1.accountId',
      code: 'validation.openingAccountRepeated',
    });
    expect(await counts()).toEqual(before);
  });

  it('asks for cost centers where the branch enables them, unless saving without them is confirmed', async () => {
    const branchId = headers.BranchId!;
    const branch = (await app.api.get(`/api/Branches/${branchId}`).set(headers)).body as {
      switches: Record<string, unknown>;
    };
    const set = async (on: boolean) => {
      const saved = await app.api
        .put(`/api/Branches/${branchId}`)
        .set(headers)
        .send({ ...branch, switches: { ...branch.switches, enableCostCenters: on } });
      expect(saved.status).toBe(200);
      await app.flush();
    };
    await set(true);
    try {
      const before = await counts();
      const res = await refused(await create(pair('7')), 400);
      expect(res.errors!.map((e) => [e.field, e.code])).toEqual([
        ['lines.0.costCenterId', 'validation.costCenterRequired'],
        ['lines.1.costCenterId', 'validation.costCenterRequired'],
      ]);
      expect(await counts()).toEqual(before);
      const center = await app.api.post('/api/CostCenters').set(headers).send({ arabicName: 'مركز' });
      const withCenters = pair('7').map((l) => ({ ...l, costCenterId: center.body.id as string }));
      expect((await create(withCenters)).status).toBe(201);
      expect((await create(pair('7'), { withoutCostCenters: true })).status).toBe(201);
    } finally {
      await set(false);
    }
  });

  it('pages by 25, 50, 100 or 500 (spec section 9)', async () => {
    const list = await app.api.get('/api/Vouchers').set(headers);
    expect(list.status).toBe(200);
    expect((await app.api.get('/api/Vouchers').query({ pageSize: 15 }).set(headers)).status).toBe(400);
    for (const size of [25, 50, 100, 500])
      expect((await app.api.get('/api/Vouchers').query({ pageSize: size }).set(headers)).status).toBe(200);
  });
});
