import { openDatabase, type Db } from '@erp/service-kit';
import { engines, testDatabases, type TestDatabases } from '../../../tests/support/databases';
import { legacyEntryRow, migrateAll, migrateUntil } from './support/legacy-journal';
import { appendEntry, verifyJournal } from '../src/journal';

const TENANT = '0190cccc-0000-7000-8000-00000000000c';

/**
 * accounts_0004_balances on a journal written before it: the lines get their entry's branch and date, the kept
 * balances are backfilled at every grain, the chain still verifies, and appends after it add to what was kept.
 */
describe.each(engines())('accounts_0004_balances on %s', (engine) => {
  let dbs: TestDatabases;
  let db: Db;
  beforeAll(async () => {
    dbs = testDatabases(engine);
    db = await openDatabase(dbs.config('balances_upgrade'));
  });
  afterAll(async () => {
    await db?.destroy();
    await dbs?.cleanup();
  });

  it('backfills the lines and the balances from the journal as it was', async () => {
    await migrateUntil(db, 'accounts_0004_balances');
    // two entries in the shape of accounts_0002 (no branch or date on the lines), one with a cost center
    const entry = (id: string, branch: string, date: string, seq: number) =>
      legacyEntryRow(TENANT, id, branch, date, seq);
    await db('journal_entries').insert([
      entry('e1', 'b1', '2026-01-15', 1),
      entry('e2', 'b2', '2026-02-03', 1),
    ]);
    const line = (
      entryId: string,
      no: number,
      account: string,
      center: string | null,
      d: number,
      c: number,
    ) => ({
      entry_id: entryId,
      line_no: no,
      tenant_id: TENANT,
      account_id: account,
      cost_center_id: center,
      debit: d,
      credit: c,
      note: '',
    });
    await db('journal_lines').insert([
      line('e1', 1, 'cash', 'cc1', 1_500_000, 0),
      line('e1', 2, 'sales', null, 0, 1_500_000),
      line('e2', 1, 'cash', null, 1_500_000, 0),
      line('e2', 2, 'sales', null, 0, 1_500_000),
    ]);
    await migrateAll(db);

    const lines = await db('journal_lines').orderBy(['entry_id', 'line_no']).select('branch_id', 'date');
    expect(lines).toEqual([
      { branch_id: 'b1', date: '2026-01-15' },
      { branch_id: 'b1', date: '2026-01-15' },
      { branch_id: 'b2', date: '2026-02-03' },
      { branch_id: 'b2', date: '2026-02-03' },
    ]);
    const kept = async () =>
      (
        (await db('journal_balances')
          .where({ tenant_id: TENANT, account_id: 'cash' })
          .orderBy(['branch_id', 'cost_center_id', 'period'])) as Record<string, unknown>[]
      ).map((r) => [r.branch_id, r.cost_center_id, r.period, Number(r.debit), Number(r.credit)]);
    expect(await kept()).toEqual([
      ['', '', '2026-01', 1_500_000, 0],
      ['', '', '2026-02', 1_500_000, 0],
      ['', 'cc1', '2026-01', 1_500_000, 0],
      ['b1', '', '2026-01', 1_500_000, 0],
      ['b1', 'cc1', '2026-01', 1_500_000, 0],
      ['b2', '', '2026-02', 1_500_000, 0],
    ]);

    // an append after the upgrade adds to the backfilled rows; a fresh chain verifies
    await db.transaction((trx) =>
      appendEntry(trx, {
        tenantId: TENANT,
        branchId: 'b3',
        date: '2026-01-20',
        source: { type: 'vouchers', id: 'e3', revision: 1 },
        lines: [
          { accountId: 'cash', costCenterId: 'cc1', debit: '2.5', credit: '0' },
          { accountId: 'sales', debit: '0', credit: '2.5' },
        ],
      }),
    );
    expect((await kept()).slice(0, 3)).toEqual([
      ['', '', '2026-01', 1_525_000, 0],
      ['', '', '2026-02', 1_500_000, 0],
      ['', 'cc1', '2026-01', 1_525_000, 0],
    ]);
    expect((await verifyJournal(db, TENANT, 'b3')).ok).toBe(true);
  });
});
