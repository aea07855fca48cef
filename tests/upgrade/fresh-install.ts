import { gatewayModule } from '@erp/gateway';
import { serviceModules } from '@erp/runner';
import { migrate, migrationsOf, openDatabase, type ServiceModule } from '@erp/service-kit';
import { testDatabases, type Engine } from '../support/databases';
import { fixtureServices, type FixtureService } from './fixture-databases';
import { readSchema, type SchemaShape } from './schema';

const moduleOf = (name: FixtureService): ServiceModule =>
  name === 'gateway' ? gatewayModule().module : serviceModules[name];

/** The schema of each service's database as a fresh install makes it: every migration of today's code. */
export async function freshSchemas(engine: Engine): Promise<Record<FixtureService, SchemaShape>> {
  const dbs = testDatabases(engine);
  const schemas: Partial<Record<FixtureService, SchemaShape>> = {};
  try {
    for (const name of fixtureServices) {
      const db = await openDatabase(dbs.config(`fresh_${name}`));
      try {
        await migrate(db, migrationsOf(moduleOf(name)));
        schemas[name] = await readSchema(db);
      } finally {
        await db.destroy();
      }
    }
  } finally {
    await dbs.cleanup();
  }
  return schemas as Record<FixtureService, SchemaShape>;
}
