import { dec, fromStored } from '@erp/contracts';
import { migrate, migrationsOf, openDatabase, type Db } from '@erp/service-kit';
import { engines, testDatabases, type TestDatabases } from '../../../tests/support/databases';
import { accountsModule } from '../src';
import { appendEntry, verifyJournal, type JournalLineInput } from '../src/journal';

const TENANT = 'tenant-concurrent';
const BRANCHES = ['b1', 'b2', 'b3'];
const ACCOUNTS = ['cash', 'bank', 'sales', 'vat', 'cogs', 'stock'];
const ENTRIES = Number(process.env.JOURNAL_PROPERTY_ENTRIES ?? 120);
const SEED = Number(process.env.JOURNAL_PROPERTY_SEED ?? 13);

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
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!,
  };
}

/** A random balanced entry: 1-3 debit lines, and their total split over 1-3 credit lines, to four decimals. */
function randomLines(g: ReturnType<typeof generator>): JournalLineInput[] {
  const amount = () => dec(1 + g.int(10_000_000)).dividedBy(10_000);
  const debits = Array.from({ length: 1 + g.int(3) }, amount);
  const total = debits.reduce((s, d) => s.plus(d), dec(0));
  const credits = [];
  let left = total;
  const parts = 1 + g.int(3);
  for (let i = 1; i < parts && left.greaterThan('0.0001'); i++) {
    const part = left.times(g.next()).toDecimalPlaces(4, 1).plus('0.0001');
    if (part.greaterThanOrEqualTo(left)) break;
    credits.push(part);
    left = left.minus(part);
  }
  credits.push(left);
  return [
    ...debits.map((d) => ({ accountId: g.pick(ACCOUNTS), debit: d.toString(), credit: '0' })),
    ...credits.map((c) => ({ accountId: g.pick(ACCOUNTS), debit: '0', credit: c.toString() })),
  ];
}

describe.each(engines())('concurrent appends to the journal on %s', (engine) => {
  let dbs: TestDatabases;
  let db: Db;
  beforeAll(async () => {
    dbs = testDatabases(engine);
    db = await openDatabase(dbs.config('accounts_concurrent'));
    await migrate(db, migrationsOf(accountsModule));
  });
  afterAll(async () => {
    await db?.destroy();
    await dbs?.cleanup();
  });

  it(`keeps every chain whole and every entry balanced over ${ENTRIES} random entries appended at once`, async () => {
    const g = generator(SEED);
    const model = Array.from({ length: ENTRIES }, (_, i) => ({
      branchId: g.pick(BRANCHES),
      sourceId: `doc-${i}`,
      lines: randomLines(g),
    }));
    // all at once: on MySQL each append is its own connection and transaction racing for its chain's head
    await Promise.all(
      model.map((m) =>
        db.transaction((trx) =>
          appendEntry(trx, {
            tenantId: TENANT,
            branchId: m.branchId,
            date: '2026-05-01',
            source: { type: 'voucher', id: m.sourceId, revision: 1 },
            lines: m.lines,
          }),
        ),
      ),
    );

    const result = await verifyJournal(db, TENANT, null, 17);
    expect(result.ok).toBe(true);
    expect(result.verified).toBe(ENTRIES);

    // each chain is numbered 1..n without a gap or a fork, and holds exactly the model's entries of its branch
    for (const b of BRANCHES) {
      const rows = await db('journal_entries').where({ tenant_id: TENANT, branch_id: b }).orderBy('seq');
      expect(rows.map((r) => Number(r.seq))).toEqual(rows.map((_, i) => i + 1));
      expect(rows.map((r) => r.source_id).sort()).toEqual(
        model
          .filter((m) => m.branchId === b)
          .map((m) => m.sourceId)
          .sort(),
      );
      for (let i = 1; i < rows.length; i++) expect(rows[i].prev_hash).toBe(rows[i - 1].hash);
    }

    // every entry's lines are the model's, exactly, and balance
    const lines = await db('journal_lines').where({ tenant_id: TENANT }).orderBy(['entry_id', 'line_no']);
    const entries = await db('journal_entries').where({ tenant_id: TENANT });
    const sourceOf = new Map(entries.map((e) => [e.id as string, e.source_id as string]));
    const stored = new Map<string, string[][]>();
    for (const l of lines) {
      const key = sourceOf.get(l.entry_id)!;
      stored.set(key, [
        ...(stored.get(key) ?? []),
        [l.account_id, fromStored(l.debit).toString(), fromStored(l.credit).toString()],
      ]);
    }
    for (const m of model) {
      expect(stored.get(m.sourceId)).toEqual(
        m.lines.map((l) => [l.accountId, dec(l.debit).toString(), dec(l.credit).toString()]),
      );
      const debit = m.lines.reduce((s, l) => s.plus(l.debit), dec(0));
      const credit = m.lines.reduce((s, l) => s.plus(l.credit), dec(0));
      expect(debit.equals(credit)).toBe(true);
    }

    // each account's balance in SQL equals the model's, to the last of four decimals
    const sums = (await db('journal_lines')
      .where({ tenant_id: TENANT })
      .groupBy('account_id')
      .select('account_id')
      .sum({ d: 'debit', c: 'credit' })) as { account_id: string; d: unknown; c: unknown }[];
    for (const a of ACCOUNTS) {
      const want = model
        .flatMap((m) => m.lines)
        .filter((l) => l.accountId === a)
        .reduce((s, l) => s.plus(l.debit).minus(l.credit), dec(0));
      const row = sums.find((r) => r.account_id === a);
      const got = row ? fromStored(String(row.d)).minus(fromStored(String(row.c))) : dec(0);
      expect(got.toString()).toBe(want.toString());
    }
  });
});
