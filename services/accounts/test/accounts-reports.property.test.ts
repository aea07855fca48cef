import { engines } from '../../../tests/support/databases';
import {
  ADMIN_PASSWORD,
  bearer,
  login,
  startTestApp,
  type TestApp,
} from '../../../tests/support/embedded-app';
import { appendEntry } from '../src/journal';
import {
  asDecimal,
  asText,
  byPostingOrder,
  generator,
  readLines,
  stored,
  type RawLine,
} from './reports-ledger';

const VOUCHERS = Number(process.env.REPORTS_PROPERTY_VOUCHERS ?? 40);
const SEED = Number(process.env.REPORTS_PROPERTY_SEED ?? 13);
const OTHER_BRANCH = '0190bbbb-0000-7000-8000-00000000000b';
const PASSWORD = 'Rep0rts!Viewer';

/**
 * The accounts reports over random vouchers (posted, unposted, re-posted) and direct entries in a second
 * branch, with cost centers and a previous year: the trial balance's totals hold, every kept balance equals the
 * lines' sum recomputed here, each leaf's figures match the lines, the statement's running balance follows a
 * simple model page by page, roll-up by level keeps the totals, and a caller limited to a branch sees only it.
 */
describe.each(engines())('accounts reports on %s', (engine) => {
  let app: TestApp;
  let headers: Record<string, string>;
  let tenantId: string;
  let branchId: string;
  let leaves: string[];
  let centers: string[];
  const chart = new Map<string, { parentId: string | null; nature: string; code: string }>();
  const year = new Date().getFullYear();
  const db = () => app.embedded.services.accounts!.deps.db;
  const report = (name: string, query: Record<string, string | number>, h = headers) =>
    app.api.get(`/api/AccountsReports/${name}`).query(query).set(h);

  const rawLines = () => readLines(db(), tenantId);

  beforeAll(async () => {
    app = await startTestApp(engine);
    await app.flush();
    const who = await login(app, 'admin', ADMIN_PASSWORD);
    branchId = who.defaultBranchId;
    tenantId = JSON.parse(Buffer.from(who.token.split('.')[1]!, 'base64url').toString()).tid;
    headers = { ...bearer(who.token), BranchId: branchId, Language: 'en', FiscalYear: String(year) };
    for (const a of (await db()('md_accounts').where({ tenant_id: tenantId })) as Record<string, string>[])
      chart.set(a.id!, { parentId: a.parent_id ?? null, nature: a.nature!, code: a.code! });
    const parents = new Set([...chart.values()].map((a) => a.parentId));
    leaves = [...chart.keys()].filter((id) => !parents.has(id)).slice(0, 8);
    centers = [];
    for (const name of ['مركز أ', 'مركز ب']) {
      const res = await app.api.post('/api/CostCenters').set(headers).send({ arabicName: name });
      expect(res.status).toBe(201);
      centers.push(res.body.id as string);
    }
    const g = generator(SEED);
    const randomLines = () => {
      const amount = 1 + g.int(500_000);
      const cut = 1 + g.int(amount);
      const credits = cut < amount ? [cut, amount - cut] : [amount];
      return [
        { accountId: g.pick(leaves), debit: amount, credit: 0 },
        ...credits.map((c) => ({ accountId: g.pick(leaves), debit: 0, credit: c })),
      ];
    };
    const posted: string[] = [];
    for (let i = 0; i < VOUCHERS; i++) {
      const lines = randomLines();
      const res = await app.api
        .post('/api/Vouchers')
        .set(headers)
        .send({
          date: `${year}-${String(1 + g.int(12)).padStart(2, '0')}-${String(1 + g.int(28)).padStart(2, '0')}`,
          lines: lines.map((l) => ({
            accountId: l.accountId,
            ...(l.debit ? { debit: asText(l.debit) } : { credit: asText(l.credit) }),
          })),
        });
      expect(res.status).toBe(201);
      // two in three are posted; some of those are un-posted (a reversal) and some posted again
      if (g.int(3) === 0) continue;
      expect((await app.api.post(`/api/Vouchers/${res.body.id}/post`).set(headers)).status).toBe(200);
      posted.push(res.body.id as string);
      if (g.int(4) === 0) {
        expect((await app.api.post(`/api/Vouchers/${res.body.id}/unpost`).set(headers)).status).toBe(200);
        if (g.int(2) === 0)
          expect((await app.api.post(`/api/Vouchers/${res.body.id}/post`).set(headers)).status).toBe(200);
      }
    }
    // entries of another branch and of last year, some lines with a cost center, booked straight to the journal
    for (let i = 0; i < VOUCHERS / 2; i++) {
      const lines = randomLines();
      await db().transaction((trx) =>
        appendEntry(trx, {
          tenantId,
          branchId: g.int(2) ? OTHER_BRANCH : branchId,
          date: `${year - g.int(2)}-${String(1 + g.int(12)).padStart(2, '0')}-${String(1 + g.int(28)).padStart(2, '0')}`,
          source: { type: 'vouchers', id: `direct-${i}`, revision: 1 },
          lines: lines.map((l) => ({
            accountId: l.accountId,
            costCenterId: g.int(2) ? g.pick(centers) : null,
            debit: asText(l.debit),
            credit: asText(l.credit),
          })),
        }),
      );
    }
    expect(posted.length).toBeGreaterThan(VOUCHERS / 3);
    // a few hundred API calls: on a shared machine under load they may take more than the default 30 s
  }, 120_000);
  afterAll(async () => app?.stop());

  it('keeps every balance equal to the sum of its lines, at every grain, by month and by year', async () => {
    const lines = await rawLines();
    for (const [table, length] of [
      ['journal_balances', 7],
      ['journal_year_balances', 4],
    ] as const) {
      const expected = new Map<string, [bigint, bigint]>();
      const add = (key: string, l: RawLine) => {
        const had = expected.get(key) ?? [0n, 0n];
        expected.set(key, [had[0] + l.debit, had[1] + l.credit]);
      };
      for (const l of lines) {
        const period = l.date.slice(0, length);
        for (const branch of [l.branch_id, ''])
          for (const center of l.cost_center_id ? ['', l.cost_center_id] : [''])
            add([branch, center, l.account_id, period].join('|'), l);
      }
      const kept = (await db()(table).where({ tenant_id: tenantId })) as Record<string, unknown>[];
      const actual = new Map(
        kept.map((r) => [
          [r.branch_id, r.cost_center_id, r.account_id, r.period].join('|'),
          [BigInt(String(r.debit)), BigInt(String(r.credit))] as [bigint, bigint],
        ]),
      );
      expect([table, actual.size]).toEqual([table, expected.size]);
      expect(new Map([...actual].sort())).toEqual(new Map([...expected].sort()));
    }
  });

  it("balances the trial balance, and each leaf's figures are its lines' sums (whole and partial months)", async () => {
    const lines = await rawLines();
    for (const [from, to] of [
      [`${year}-01-01`, `${year}-12-31`],
      [`${year}-03-17`, `${year}-10-09`],
      [`${year}-05-02`, `${year}-05-20`],
      // across the year's turn: last year's partial month and months, this year's months and partial month
      [`${year - 1}-04-11`, `${year}-08-23`],
      [`${year - 1}-01-01`, `${year}-12-31`],
    ] as const) {
      const res = await report('TrialBalance', { dateFrom: from, dateTo: to, nonZero: 'false' });
      expect(res.status).toBe(200);
      const t = res.body.totals as Record<string, string>;
      expect(t.closingDebit).toBe(t.closingCredit);
      expect(t.openingDebit).toBe(t.openingCredit);
      expect(t.periodDebit).toBe(t.periodCredit);
      for (const leaf of leaves) {
        const mine = lines.filter((l) => l.account_id === leaf);
        const net = (ls: RawLine[]) => ls.reduce((n, l) => n + l.debit - l.credit, 0n);
        const opening = net(mine.filter((l) => l.date < from));
        const within = mine.filter((l) => l.date >= from && l.date <= to);
        const closing = opening + net(within);
        const row = (res.body.items as Record<string, unknown>[]).find((r) => r.accountId === leaf)!;
        expect([leaf, row]).toEqual([
          leaf,
          expect.objectContaining({
            openingDebit: asDecimal(opening > 0n ? opening : 0n),
            openingCredit: asDecimal(opening < 0n ? -opening : 0n),
            periodDebit: asDecimal(within.reduce((n, l) => n + l.debit, 0n)),
            periodCredit: asDecimal(within.reduce((n, l) => n + l.credit, 0n)),
            closingDebit: asDecimal(closing > 0n ? closing : 0n),
            closingCredit: asDecimal(closing < 0n ? -closing : 0n),
          }),
        ]);
      }
    }
  });

  it('rolls up by level: a level-1 row holds its whole subtree, and the totals still balance', async () => {
    const deep = await report('TrialBalance', { dateTo: `${year}-12-31` });
    const top = await report('TrialBalance', { dateTo: `${year}-12-31`, level: '1' });
    expect(top.status).toBe(200);
    // movements add up the same at every level; balances net within a group, and still balance
    expect(top.body.totals.periodDebit).toBe(deep.body.totals.periodDebit);
    expect(top.body.totals.closingDebit).toBe(top.body.totals.closingCredit);
    const lines = await rawLines();
    const rootOf = (id: string): string => {
      let at = id;
      while (chart.get(at)?.parentId) at = chart.get(at)!.parentId!;
      return at;
    };
    for (const row of top.body.items as Record<string, unknown>[]) {
      expect(row.level).toBe(1);
      const net = lines
        .filter((l) => rootOf(l.account_id) === row.accountId)
        .reduce((n, l) => n + l.debit - l.credit, 0n);
      expect([row.closingDebit, row.closingCredit]).toEqual([
        asDecimal(net > 0n ? net : 0n),
        asDecimal(net < 0n ? -net : 0n),
      ]);
    }
    // the deep report shows group rows above the leaves, not totalled
    expect((deep.body.items as { group: boolean }[]).some((r) => r.group)).toBe(true);
  });

  it("follows the account statement's running balance page by page, after its opening row", async () => {
    const lines = await rawLines();
    const busiest = leaves
      .map((id) => [id, lines.filter((l) => l.account_id === id).length] as const)
      .sort((a, b) => b[1] - a[1])[0]![0];
    const from = `${year}-02-01`;
    const sign = chart.get(busiest)!.nature === 'credit' ? -1n : 1n;
    const mine = lines.filter((l) => l.account_id === busiest).sort(byPostingOrder);
    let balance = mine.filter((l) => l.date < from).reduce((n, l) => n + sign * (l.debit - l.credit), 0n);
    const opening = balance;
    const expected = mine
      .filter((l) => l.date >= from)
      .map((l) => {
        balance += sign * (l.debit - l.credit);
        return [`${l.entry_id}:${l.line_no}`, asDecimal(balance)];
      });
    expect(expected.length).toBeGreaterThan(25);
    const seen: [string, string][] = [];
    for (let page = 1; seen.length < expected.length; page++) {
      const res = await report('AccountStatement', {
        accountId: busiest,
        dateFrom: from,
        page,
        pageSize: 25,
      });
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(expected.length);
      expect(res.body.openingBalance).toBe(asDecimal(opening));
      expect(res.body.closingBalance).toBe(asDecimal(balance));
      const rows = res.body.items as { lineKey: string; balance: string }[];
      if (page === 1) {
        expect(rows[0]).toEqual(
          expect.objectContaining({
            lineKey: 'opening',
            balance: asDecimal(opening),
            note: 'Opening balance',
          }),
        );
        rows.shift();
      }
      expect(rows.length).toBeGreaterThan(0);
      seen.push(...rows.map((r) => [r.lineKey, r.balance] as [string, string]));
    }
    expect(seen).toEqual(expected);
  });

  it('lists a ledger, the journal, the statements and the cost centers with balanced figures', async () => {
    const ledger = await report('GeneralLedger', {
      accountFrom: leaves[0]!,
      accountTo: leaves[0]!,
      pageSize: 500,
    });
    expect(ledger.status).toBe(200);
    expect((ledger.body.items as { accountId: string }[]).every((r) => r.accountId === leaves[0])).toBe(true);
    const code = chart.get(leaves[0]!)!.code;
    expect((ledger.body.items as { code: string }[]).every((r) => r.code === code)).toBe(true);
    // a parent alone bounds no leaf's code: no lines, as a range of codes would find
    const parent = chart.get(leaves[0]!)!.parentId!;
    const ofParent = await report('GeneralLedger', { accountFrom: parent, accountTo: parent });
    expect([ofParent.status, ofParent.body.total]).toEqual([200, 0]);
    const listing = await report('JournalListing', { dateFrom: `${year}-01-01`, pageSize: 25 });
    expect(listing.status).toBe(200);
    expect(listing.body.totals.debit).toBe(listing.body.totals.credit);
    const income = await report('IncomeStatement', { dateTo: `${year}-12-31` });
    const sheet = await report('BalanceSheet', { date: `${year}-12-31` });
    expect([income.status, sheet.status]).toEqual([200, 200]);
    // debits equal credits plus the result not yet closed
    const t = sheet.body.totals as { debit: string; credit: string };
    expect(stored(t.debit) - stored(t.credit)).toBe(stored(sheet.body.netIncome as string));
    const centersReport = await report('CostCenters', {});
    expect(centersReport.status).toBe(200);
    expect(
      (centersReport.body.items as { costCenterId: string }[]).every((r) => centers.includes(r.costCenterId)),
    ).toBe(true);
    expect(centersReport.body.items.length).toBeGreaterThan(0);
  });

  it('limits a caller to their branches: another branch is 403, none means only theirs', async () => {
    const res = await app.api
      .post('/api/Users')
      .set(headers)
      .send({
        userName: 'accounts_viewer',
        fullName: 'accounts viewer',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        branches: [branchId],
        permissions: ['viewAccounts'],
      });
    expect(res.status).toBe(201);
    await app.flush();
    const viewer = await login(app, 'accounts_viewer', PASSWORD);
    const as = { ...bearer(viewer.token), BranchId: branchId, Language: 'en' };
    expect((await report('TrialBalance', { branchId: OTHER_BRANCH }, as)).status).toBe(403);
    const mine = await report('TrialBalance', { nonZero: 'false' }, as);
    const own = await report('TrialBalance', { branchId, nonZero: 'false' });
    expect(mine.status).toBe(200);
    expect(mine.body.totals).toEqual(own.body.totals);
    const all = await report('TrialBalance', { nonZero: 'false' });
    expect(all.body.totals.periodDebit).not.toBe(mine.body.totals.periodDebit);
    // without viewAccounts: 403
    const stranger = await app.api
      .post('/api/Users')
      .set(headers)
      .send({
        userName: 'no_accounts',
        fullName: 'no accounts',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        branches: [branchId],
        permissions: ['viewItems'],
      });
    expect(stranger.status).toBe(201);
    await app.flush();
    const other = await login(app, 'no_accounts', PASSWORD);
    expect((await report('TrialBalance', {}, { ...bearer(other.token), BranchId: branchId })).status).toBe(
      403,
    );
  });
});
