import { storageTransfers } from '@erp/contracts';
import {
  documentKitMigration,
  documentStore,
  migrate,
  openDatabase,
  replicaMigration,
  replicaSettingsMigration,
  retryLockConflicts,
  tenantScope,
  type Db,
} from '../src';
import { engines, testDatabases, type TestDatabases } from '../../../tests/support/databases';
import { storageTransfersMigration } from './fixtures';

const TENANT = '00000000-0000-4000-8000-0000000000e1';

/**
 * The first saves of a document type arriving at once (the fault run's first invoices, three clients started
 * together): each used to find no counter row and insert one, and on MySQL all but the first broke on its key,
 * a 409 'itemAlreadyExists' for a valid invoice. Each now takes the next number, as a service's `transact` runs
 * them (a transaction lost over locks runs again).
 */
describe.each(engines())('numbering the first documents of a type saved at once (%s)', (engine) => {
  let dbs: TestDatabases;
  let db: Db;
  beforeAll(async () => {
    dbs = testDatabases(engine);
    db = await openDatabase(dbs.config('numbering'));
    await migrate(db, [
      replicaMigration,
      replicaSettingsMigration,
      documentKitMigration,
      storageTransfersMigration,
    ]);
    // the pool's connections opened beforehand, so the saves below really meet
    await Promise.all(Array.from({ length: 8 }, () => db.transaction((trx) => trx.raw('select 1'))));
  });
  afterAll(async () => {
    await db?.destroy();
    await dbs?.cleanup();
  });

  const save = (date: string, perYear: boolean) =>
    retryLockConflicts(() =>
      db.transaction(async (trx) => {
        const numbering = await documentStore.nextCode(
          tenantScope(trx, TENANT),
          storageTransfers,
          date,
          perYear,
        );
        // the rest of the save, holding the counter until it commits
        await new Promise((r) => setTimeout(r, 30));
        return numbering.code;
      }),
    );

  it.each([
    ['one sequence', '2026-03-01', false, (n: number) => String(n)],
    ['a sequence per year', '2027-03-01', true, (n: number) => `27-${n}`],
  ])('%s: 8 first saves at once take 1 to 8, each once', async (_name, date, perYear, code) => {
    const codes = await Promise.all(Array.from({ length: 8 }, () => save(date, perYear)));
    expect([...codes].sort()).toEqual(Array.from({ length: 8 }, (_, i) => code(i + 1)).sort());
    // and the counter goes on from there
    expect(await save(date, perYear)).toBe(code(9));
  });
});
