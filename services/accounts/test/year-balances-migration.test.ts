import { openDatabase, type Db } from '@erp/service-kit';
import { engines, testDatabases, type TestDatabases } from '../../../tests/support/databases';
import { legacyEntryRow, migrateAll, migrateUntil } from './support/legacy-journal';
import { appendEntry } from '../src/journal';

const TENANT = '0190cccc-0000-7000-8000-00000000001a';

/**
 * accounts_0014_year_balances on a journal kept by month before it: every month row is summed into its year at
 * the same grain, the year rows equal their recomputation from the lines, and appends after it add to both.
 */
describe.each(engines())('accounts_0014_year_balances on %s', (engine) => {
  let dbs: TestDatabases;
  let db: Db;
  beforeAll(async () => {
    dbs = testDatabases(engine);
    db = await openDatabase(dbs.config('year_balances_upgrade'));
  });
  afterAll(async () => {
    await db?.destroy();
    await dbs?.cleanup();
  });

  /** The lines summed per key and year, at the four grains, as the year rows must hold them. */
  async function recomputed() {
    const lines = (await db('journal_lines').where({ tenant_id: TENANT })) as Record<string, unknown>[];
    const sums = new Map<string, [bigint, bigint]>();
    for (const l of lines)
      for (const branch of [String(l.branch_id), ''])
        for (const center of l.cost_center_id ? ['', String(l.cost_center_id)] : ['']) {
          const key = [branch, center, l.account_id, String(l.date).slice(0, 4)].join('|');
          const had = sums.get(key) ?? [0n, 0n];
          sums.set(key, [had[0] + BigInt(String(l.debit)), had[1] + BigInt(String(l.credit))]);
        }
    return [...sums].map(([k, v]) => [...k.split('|'), ...v]).sort();
  }
  const kept = async () =>
    ((await db('journal_year_balances').where({ tenant_id: TENANT })) as Record<string, unknown>[])
      .map((r) => [
        r.branch_id,
        r.cost_center_id,
        r.account_id,
        r.period,
        BigInt(String(r.debit)),
        BigInt(String(r.credit)),
      ])
      .sort();

  it('backfills the year rows from the month rows, and appends keep them', async () => {
    await migrateUntil(db, 'accounts_0014_year_balances');
    // a journal as accounts_0004 left it: entries, lines with their branch and date, the month rows
    const entry = (id: string, branch: string, date: string, seq: number) =>
      legacyEntryRow(TENANT, id, branch, date, seq);
    const journal: [string, string, string, string | null][] = [
      ['e1', 'b1', '2025-11-15', 'cc1'],
      ['e2', 'b1', '2025-12-03', null],
      ['e3', 'b2', '2026-01-20', 'cc1'],
      ['e4', 'b2', '2026-02-03', null],
    ];
    await db('journal_entries').insert(
      journal.map(([id, branch, date], i) => entry(id, branch, date, i + 1)),
    );
    await db('journal_lines').insert(
      journal.flatMap(([id, branch, date, center]) => [
        {
          entry_id: id,
          line_no: 1,
          tenant_id: TENANT,
          account_id: 'cash',
          cost_center_id: center,
          debit: 1_500_000,
          credit: 0,
          note: '',
          branch_id: branch,
          date,
        },
        {
          entry_id: id,
          line_no: 2,
          tenant_id: TENANT,
          account_id: 'sales',
          cost_center_id: null,
          debit: 0,
          credit: 1_500_000,
          note: '',
          branch_id: branch,
          date,
        },
      ]),
    );
    const months = new Map<string, Record<string, unknown>>();
    for (const [, branch, date, center] of journal)
      for (const [account, debit, credit, c] of [
        ['cash', 1_500_000, 0, center],
        ['sales', 0, 1_500_000, null],
      ] as const)
        for (const b of [branch, ''])
          for (const cc of c ? ['', c] : ['']) {
            const key = [b, cc, account, date.slice(0, 7)].join('|');
            const row = months.get(key) ?? {
              tenant_id: TENANT,
              branch_id: b,
              cost_center_id: cc,
              account_id: account,
              period: date.slice(0, 7),
              debit: '0',
              credit: '0',
            };
            // stored amounts: integers, added exactly
            row.debit = String(BigInt(String(row.debit)) + BigInt(debit));
            row.credit = String(BigInt(String(row.credit)) + BigInt(credit));
            months.set(key, row);
          }
    await db('journal_balances').insert([...months.values()]);
    await migrateAll(db);

    expect(await kept()).toEqual(await recomputed());
    expect((await kept()).filter((r) => r[0] === '' && r[1] === '' && r[2] === 'cash')).toEqual([
      ['', '', 'cash', '2025', 3_000_000n, 0n],
      ['', '', 'cash', '2026', 3_000_000n, 0n],
    ]);

    // an append after the upgrade adds to the backfilled year rows and starts new ones
    for (const [id, date] of [
      ['e5', '2026-03-09'],
      ['e6', '2027-01-02'],
    ] as const)
      await db.transaction((trx) =>
        appendEntry(trx, {
          tenantId: TENANT,
          branchId: 'b3',
          date,
          source: { type: 'vouchers', id, revision: 1 },
          lines: [
            { accountId: 'cash', costCenterId: 'cc1', debit: '2.5', credit: '0' },
            { accountId: 'sales', debit: '0', credit: '2.5' },
          ],
        }),
      );
    expect(await kept()).toEqual(await recomputed());
    expect((await kept()).filter((r) => r[0] === '' && r[1] === '' && r[2] === 'cash')).toEqual([
      ['', '', 'cash', '2025', 3_000_000n, 0n],
      ['', '', 'cash', '2026', 3_025_000n, 0n],
      ['', '', 'cash', '2027', 25_000n, 0n],
    ]);
  });
});
