import { engines } from '../../../tests/support/databases';
import {
  ADMIN_PASSWORD,
  bearer,
  login,
  startTestApp,
  type TestApp,
} from '../../../tests/support/embedded-app';

const OPS = Number(process.env.VOUCHER_PROPERTY_OPS ?? 60);
const SEED = Number(process.env.VOUCHER_PROPERTY_SEED ?? 7);

/** A small seeded generator (mulberry32): the same run every time unless the seed is changed. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!,
  };
}

/** Amounts in hundredths (the branch's two decimals), integers in the model: exact, no floats. */
type ModelLine = { accountId: string; debit: number; credit: number };
const asText = (cents: number) =>
  cents === 0 ? '' : `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/**
 * Random vouchers created, edited, posted, unposted and deleted through the API (and refused edits and deletes
 * of posted ones), against a simple model: afterwards every journal entry balances, and each account's balance
 * in the journal equals the model's sum of the lines of the vouchers posted now.
 */
describe.each(engines())('journal vouchers against a model on %s', (engine) => {
  let app: TestApp;
  let headers: Record<string, string>;
  let accounts: string[];
  const year = new Date().getFullYear();

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
    const tree = (await app.api.get('/api/Accounts/tree').set(headers)).body.items as {
      id: string;
      parentId: string | null;
    }[];
    const parents = new Set(tree.map((a) => a.parentId));
    accounts = tree
      .filter((a) => !parents.has(a.id))
      .slice(0, 6)
      .map((a) => a.id);
  });
  afterAll(async () => app?.stop());

  it(`keeps every entry balanced and every balance equal to the posted lines over ${OPS} operations`, async () => {
    const g = generator(SEED);
    const model = new Map<string, { status: 'unposted' | 'posted'; lines: ModelLine[] }>();
    const randomLines = (): ModelLine[] => {
      const debits = Array.from({ length: 1 + g.int(3) }, () => 1 + g.int(1_000_000));
      const total = debits.reduce((s, d) => s + d, 0);
      const cut = total > 1 ? 1 + g.int(total - 1) : 0;
      const credits = cut ? [cut, total - cut] : [total];
      return [
        ...debits.map((d) => ({ accountId: g.pick(accounts), debit: d, credit: 0 })),
        ...credits.map((c) => ({ accountId: g.pick(accounts), debit: 0, credit: c })),
      ];
    };
    const body = (lines: ModelLine[]) => ({
      date: `${year}-0${1 + g.int(9)}-1${g.int(9)}`,
      lines: lines.map((l) => ({
        accountId: l.accountId,
        ...(l.debit ? { debit: asText(l.debit) } : { credit: asText(l.credit) }),
      })),
    });
    const ids = (status: 'unposted' | 'posted') =>
      [...model].filter(([, v]) => v.status === status).map(([id]) => id);
    const done: Record<string, number> = {};

    for (let op = 0; op < OPS; op++) {
      const unposted = ids('unposted');
      const posted = ids('posted');
      const kind = g.pick(
        unposted.length === 0
          ? ['create']
          : [
              'create',
              'create',
              'post',
              'post',
              'edit',
              'delete',
              ...(posted.length ? ['unpost', 'editPosted'] : []),
            ],
      );
      done[kind] = (done[kind] ?? 0) + 1;
      if (kind === 'create') {
        const lines = randomLines();
        const res = await app.api.post('/api/Vouchers').set(headers).send(body(lines));
        expect(res.status).toBe(201);
        model.set(res.body.id as string, { status: 'unposted', lines });
      } else if (kind === 'edit') {
        const id = g.pick(unposted);
        const lines = randomLines();
        expect((await app.api.put(`/api/Vouchers/${id}`).set(headers).send(body(lines))).status).toBe(200);
        model.set(id, { status: 'unposted', lines });
      } else if (kind === 'delete') {
        const id = g.pick(unposted);
        expect((await app.api.delete(`/api/Vouchers/${id}`).set(headers)).status).toBe(200);
        model.delete(id);
      } else if (kind === 'post' || kind === 'unpost') {
        const id = g.pick(kind === 'post' ? unposted : posted);
        expect((await app.api.post(`/api/Vouchers/${id}/${kind}`).set(headers)).status).toBe(200);
        model.get(id)!.status = kind === 'post' ? 'posted' : 'unposted';
      } else {
        // a posted voucher is neither changed nor deleted
        const id = g.pick(posted);
        expect((await app.api.put(`/api/Vouchers/${id}`).set(headers).send(body(randomLines()))).status).toBe(
          409,
        );
        expect((await app.api.delete(`/api/Vouchers/${id}`).set(headers)).status).toBe(409);
      }
    }

    const db = app.embedded.services.accounts!.deps.db;
    // every entry balances, line by line and against its header
    const sums = await db('journal_lines')
      .join('journal_entries', 'journal_entries.id', 'journal_lines.entry_id')
      .groupBy('journal_lines.entry_id', 'journal_entries.total_debit', 'journal_entries.total_credit')
      .select('journal_entries.total_debit as td', 'journal_entries.total_credit as tc')
      .sum({ d: 'journal_lines.debit', c: 'journal_lines.credit' });
    expect(sums.length).toBeGreaterThan(0);
    for (const s of sums as Record<string, unknown>[]) {
      expect(Number(s.d)).toBe(Number(s.c));
      expect([Number(s.td), Number(s.tc)]).toEqual([Number(s.d), Number(s.d)]);
    }
    // each account's balance (scaled by 10^4) is the model's sum of posted lines (in hundredths)
    const expected = new Map<string, number>();
    for (const v of model.values())
      if (v.status === 'posted')
        for (const l of v.lines)
          expected.set(l.accountId, (expected.get(l.accountId) ?? 0) + (l.debit - l.credit) * 100);
    const rows = await db('journal_lines')
      .groupBy('account_id')
      .select('account_id')
      .sum({ d: 'debit', c: 'credit' });
    const actual = new Map(
      (rows as Record<string, unknown>[]).map((r) => [String(r.account_id), Number(r.d) - Number(r.c)]),
    );
    for (const a of accounts) expect([a, actual.get(a) ?? 0]).toEqual([a, expected.get(a) ?? 0]);
    // the run did each kind of operation
    expect(Object.keys(done).sort()).toEqual(['create', 'delete', 'edit', 'editPosted', 'post', 'unpost']);
  });
});
