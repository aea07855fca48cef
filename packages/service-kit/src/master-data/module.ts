import { entitiesOf, type ServiceName } from '@erp/contracts';
import type { Migration } from '../db/migrations';
import type { EventHandler } from '../messaging/inbox';
import type { ServiceModule } from '../service';
import { replicaHandlers } from './replicas';
import { replicaMigration, replicaSettingsMigration } from './replicas-migration';
import { masterDataRoutes } from './routes';

/**
 * A service whose HTTP surface so far is its main data: the identity replicas, its entity tables (its own
 * migrations), the engine's routes for its entities, and the replica consumers.
 */
export function masterDataService(
  name: ServiceName,
  migrations: readonly Migration[],
  extraHandlers: Readonly<Record<string, EventHandler>> = {},
): ServiceModule {
  return {
    name,
    migrations: [replicaMigration, replicaSettingsMigration, ...migrations],
    routes: (deps) => masterDataRoutes(deps, entitiesOf(name)),
    consumers: () => ({ ...replicaHandlers, ...extraHandlers }),
  };
}
