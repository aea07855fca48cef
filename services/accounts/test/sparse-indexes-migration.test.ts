import { openDatabase, type Db } from '@erp/service-kit';
import { engines, testDatabases, type TestDatabases } from '../../../tests/support/databases';
import { indexReadBy, legacyEntryRow, migrateAll, migrateUntil } from './support/legacy-journal';

const TENANT = '0190cccc-0000-7000-8000-00000000001c';
const REVERSAL_INDEX = 'journal_entries_tenant_id_reverses_entry_id_index';
const TAG_INDEX = 'journal_lines_tax_tag';

/**
 * accounts_0017_sparse_indexes on a journal written before it: on SQLite the reversal and tax-tag indexes keep
 * only the rows that have one (an append no longer writes their pages for the others), the lookups still read
 * them and give the same answers; on MySQL nothing changes.
 */
describe.each(engines())('accounts_0017_sparse_indexes on %s', (engine) => {
  let dbs: TestDatabases;
  let db: Db;
  beforeAll(async () => {
    dbs = testDatabases(engine);
    db = await openDatabase(dbs.config('sparse_indexes_upgrade'));
  });
  afterAll(async () => {
    await db?.destroy();
    await dbs?.cleanup();
  });

  const reversalOf = (id: string) =>
    db('journal_entries').where({ tenant_id: TENANT, reverses_entry_id: id }).first('id');
  // the VAT summary's question: a period's tagged lines, by tag
  const tagged = () =>
    db('journal_lines')
      .where({ tenant_id: TENANT })
      .where('date', '>=', '2026-01-01')
      .where('date', '<=', '2026-01-31')
      .whereNotNull('tax_tag')
      .groupBy('tax_tag')
      .select('tax_tag')
      .sum({ debit: 'debit' })
      .orderBy('tax_tag');

  const indexSql = async (name: string) =>
    (
      (await db('sqlite_master').where({ type: 'index', name }).first('sql')) as { sql: string } | undefined
    )?.sql.toLowerCase() ?? '';

  it('keeps only the rows with a value, and the same answers from the same indexes', async () => {
    await migrateUntil(db, 'accounts_0017_sparse_indexes');
    const entries = Array.from({ length: 200 }, (_, i) => ({
      ...legacyEntryRow(TENANT, `e${i}`, 'b1', '2026-01-05', i + 1),
      reverses_entry_id: i % 4 === 1 ? `e${i - 1}` : null,
    }));
    await db('journal_entries').insert(entries.slice(0, 100));
    await db('journal_entries').insert(entries.slice(100));
    const lines = entries.flatMap((e, i) =>
      [1, 2].map((lineNo) => ({
        entry_id: e.id,
        line_no: lineNo,
        tenant_id: TENANT,
        account_id: lineNo === 1 ? 'a-cash' : 'a-vat',
        debit: lineNo === 1 ? 1_000 + i : 0,
        credit: lineNo === 1 ? 0 : 1_000 + i,
        branch_id: 'b1',
        date: '2026-01-05',
        tax_tag:
          lineNo === 1 && i % 5 === 0 ? `standardRatedSales|${i % 10 === 0 ? 'base' : 'vat'}|15` : null,
      })),
    );
    for (let i = 0; i < lines.length; i += 100) await db('journal_lines').insert(lines.slice(i, i + 100));
    const before = { reversal: await reversalOf('e8'), none: await reversalOf('e9'), tagged: await tagged() };

    await migrateAll(db);
    expect(await reversalOf('e8')).toEqual(before.reversal);
    expect((await reversalOf('e8'))?.id).toBe('e9');
    expect(await reversalOf('e9')).toEqual(before.none);
    expect(await tagged()).toEqual(before.tagged);
    expect((await tagged()).length).toBe(2);
    expect(await indexReadBy(db, engine, reversalOf('e8'))).toBe(REVERSAL_INDEX);
    if (engine === 'sqlite') {
      expect(await indexSql(REVERSAL_INDEX)).toContain('where reverses_entry_id is not null');
      expect(await indexSql(TAG_INDEX)).toContain('where tax_tag is not null');
      expect(await indexReadBy(db, engine, tagged())).toBe(TAG_INDEX);
      // the partial index answers the reversing entries on its own (SQLite refuses `indexed by` where it cannot)
      const [counted] = (await db.raw(
        `select count(*) as n from journal_entries indexed by ${REVERSAL_INDEX} where tenant_id = ? and reverses_entry_id is not null`,
        [TENANT],
      )) as { n: number }[];
      expect(Number(counted!.n)).toBe(50);
    }
  });
});
