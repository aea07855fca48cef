import type { Knex } from 'knex';

export interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
}

/**
 * Another process is migrating: it holds knex's lock, or it created knex's own bookkeeping tables (or their lock
 * row) a moment before this one tried to.
 */
function isConcurrentMigration(error: unknown, tableName: string): boolean {
  const message = String((error as Error)?.message ?? error);
  return (
    /already locked/i.test(message) ||
    (message.includes(tableName) && /already exists|duplicate entry/i.test(message))
  );
}

/**
 * Forward-only: a migration has no `down`; a correction is a new migration. Several replicas of a service starting
 * at once on an empty database (issue 10 item 5) all come up: one migrates under knex's lock, the others wait for it
 * and then find nothing left to do.
 */
export async function migrate(
  db: Knex,
  migrations: readonly Migration[],
  tableName = 'knex_migrations',
  waitMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return await migrateOnce(db, migrations, tableName);
    } catch (error) {
      if (!isConcurrentMigration(error, tableName) || Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/**
 * knex's lock table with exactly one row, made before knex looks at it. knex makes the table and inserts its row
 * itself when it finds none, so processes starting together on an empty database could each insert one; its lock
 * (`update ... set is_locked = 1 where is_locked = 0` must touch one row) then fails for ever with 'already
 * locked'. Here the row has a fixed key, so a second insert is refused, and a table left with several unlocked
 * rows by that race is mended (nobody can hold that lock, so removing the extra rows takes nothing from anyone).
 */
async function ensureOneLockRow(db: Knex, tableName: string): Promise<void> {
  const lockTable = `${tableName}_lock`;
  if (!(await db.schema.hasTable(lockTable))) {
    try {
      await db.schema.createTable(lockTable, (t) => {
        t.increments('index').primary();
        t.integer('is_locked');
      });
    } catch (error) {
      if (!/already exists/i.test(String((error as Error)?.message ?? error))) throw error;
    }
  }
  await db(lockTable).insert({ index: 1, is_locked: 0 }).onConflict('index').ignore();
  const rows = (await db(lockTable).select('index', 'is_locked')) as { index: number; is_locked: number }[];
  if (rows.length > 1 && rows.every((r) => Number(r.is_locked) === 0))
    await db(lockTable)
      .whereNot('index', Math.min(...rows.map((r) => Number(r.index))))
      .delete();
}

async function migrateOnce(db: Knex, migrations: readonly Migration[], tableName: string): Promise<void> {
  const byName = new Map(migrations.map((m) => [m.name, m]));
  await ensureOneLockRow(db, tableName);
  await db.migrate.latest({
    tableName,
    migrationSource: {
      getMigrations: async () => migrations.map((m) => m.name),
      getMigrationName: (name: string) => name,
      getMigration: async (name: string) => {
        const m = byName.get(name);
        if (!m) throw new Error(`unknown migration ${name}`);
        return {
          up: (k: Knex) => m.up(k),
          down: async () => {
            throw new Error('migrations are forward-only');
          },
        };
      },
    },
  });
}
