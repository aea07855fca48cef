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

async function migrateOnce(db: Knex, migrations: readonly Migration[], tableName: string): Promise<void> {
  const byName = new Map(migrations.map((m) => [m.name, m]));
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
