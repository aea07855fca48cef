import type { Knex } from 'knex';

export interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
}

/** Forward-only: a migration has no `down`; a correction is a new migration. */
export async function migrate(
  db: Knex,
  migrations: readonly Migration[],
  tableName = 'knex_migrations',
): Promise<void> {
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
