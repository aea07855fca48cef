import { migrate, type Db } from '@erp/service-kit';
import { accountsModule } from '../../src';

/** Runs the accounts migrations that come before `name`: a database as it stood before that migration. */
export async function migrateUntil(db: Db, name: string): Promise<void> {
  const all = accountsModule.migrations;
  const at = all.findIndex((m) => m.name === name);
  if (at <= 0) throw new Error(`no migration ${name} after the first`);
  await migrate(db, all.slice(0, at));
}

/** A journal entry's row as the upgrade tests write it straight into the table (hash fields of no meaning). */
export const legacyEntryRow = (tenantId: string, id: string, branch: string, date: string, seq: number) => ({
  id,
  tenant_id: tenantId,
  branch_id: branch,
  seq,
  date,
  source_type: 'vouchers',
  source_id: id,
  source_revision: 1,
  reverses_entry_id: null,
  memo: '',
  total_debit: 1_500_000,
  total_credit: 1_500_000,
  posted_at: '2026-01-01T00:00:00.000Z',
  posted_by: null,
  prev_hash: '0'.repeat(64),
  hash: '1'.repeat(64),
});

/** Runs the rest of the accounts migrations: the upgrade itself. */
export const migrateAll = (db: Db) => migrate(db, accountsModule.migrations);

/** The index the database would read a query by (null: none, every row read), from its plan. */
export async function indexReadBy(
  db: Db,
  engine: 'sqlite' | 'mysql',
  query: { toSQL(): { toNative(): { sql: string; bindings: readonly unknown[] } } },
): Promise<string | null> {
  const native = query.toSQL().toNative();
  const bindings = native.bindings as (string | number)[];
  if (engine === 'sqlite') {
    const plan = (await db.raw(`explain query plan ${native.sql}`, bindings)) as { detail: string }[];
    return plan.map((p) => /USING (?:COVERING )?INDEX (\S+)/.exec(p.detail)?.[1]).find(Boolean) ?? null;
  }
  const [rows] = (await db.raw(`explain ${native.sql}`, bindings)) as [{ key: string | null }[]];
  return rows[0]?.key ?? null;
}
