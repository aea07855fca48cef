import { openDatabase, type Db } from '@erp/service-kit';
import { engines, testDatabases, type TestDatabases } from '../../../tests/support/databases';
import { indexReadBy, legacyEntryRow, migrateAll, migrateUntil } from './support/legacy-journal';

const TENANT = '0190cccc-0000-7000-8000-00000000001b';
const INDEX = 'journal_entries_tenant_id_reverses_entry_id_index';

/**
 * accounts_0016_reversal_index on a journal written before it: `reverseEntry`'s question (was this entry reversed
 * already?) is answered from the new index instead of reading every entry of the tenant, with the same answer.
 */
describe.each(engines())('accounts_0016_reversal_index on %s', (engine) => {
  let dbs: TestDatabases;
  let db: Db;
  beforeAll(async () => {
    dbs = testDatabases(engine);
    db = await openDatabase(dbs.config('reversal_index_upgrade'));
  });
  afterAll(async () => {
    await db?.destroy();
    await dbs?.cleanup();
  });

  /** The lookup as reverseEntry makes it (the tenant's scope and the entry reversed). */
  const reversalOf = (id: string) =>
    db('journal_entries').where({ tenant_id: TENANT, reverses_entry_id: id }).first('id');

  const indexOfLookup = () => indexReadBy(db, engine, reversalOf('e7'));

  it('indexes the entries by the entry they reverse, and the lookup reads the index', async () => {
    await migrateUntil(db, 'accounts_0016_reversal_index');
    // a journal as before: 300 entries, every third one reversed by the next
    const rows = Array.from({ length: 300 }, (_, i) => ({
      ...legacyEntryRow(TENANT, `e${i}`, 'b1', '2026-01-05', i + 1),
      reverses_entry_id: i % 3 === 1 ? `e${i - 1}` : null,
    }));
    for (let i = 0; i < rows.length; i += 100) await db('journal_entries').insert(rows.slice(i, i + 100));
    expect(await indexOfLookup()).not.toBe(INDEX);

    await migrateAll(db);
    expect(await indexOfLookup()).toBe(INDEX);
    expect((await reversalOf('e6'))?.id).toBe('e7');
    expect(await reversalOf('e7')).toBeUndefined();
  });
});
