import { entitiesOf, type EntityDef, type ServiceName } from '@erp/contracts';
import type { Migration } from '../db/migrations';
import type { EventHandler } from '../messaging/inbox';
import type { ServiceModule } from '../service';
import { republishEntities } from './announce';
import { foreignEntitiesOf, foreignReplicaHandlers, mergeHandlers } from './foreign-replicas';
import { replicaHandlers } from './replicas';
import {
  companyBusinessTypesMigration,
  companyPosConfigurationMigration,
  replicaMigration,
  replicaSettingsMigration,
} from './replicas-migration';
import { masterDataJobs } from './excel-import-export';
import { masterDataRoutes } from './routes';
import { starterRecords, starterRecordsMigration, type StarterRecord } from './starter-records';
import { treeLocksMigration } from './tree-lock-migration';

/**
 * A service whose HTTP surface so far is its main data: the identity replicas, its entity tables (its own
 * migrations), the engine's routes for its entities, and the replica consumers.
 */
export function masterDataService(
  name: ServiceName,
  migrations: readonly Migration[],
  extraHandlers: Readonly<Record<string, EventHandler>> = {},
  /** The records a new tenant starts with in this service (a cash customer in sales). */
  starters: readonly StarterRecord[] = [],
  /** Its entities other services keep replicas of: published again on an admin's request (`republishEntities`). */
  replicated: readonly EntityDef[] = [],
): ServiceModule {
  const start = starterRecords(starters);
  return {
    name,
    migrations: [
      replicaMigration,
      replicaSettingsMigration,
      ...migrations,
      starterRecordsMigration,
      treeLocksMigration,
      companyBusinessTypesMigration,
      companyPosConfigurationMigration,
    ],
    routes: (deps) => masterDataRoutes(deps, entitiesOf(name)),
    jobs: (deps) => masterDataJobs(deps, entitiesOf(name)),
    // the other services' main data its entities name come as replicas (the keeper's migrations make the tables)
    consumers: () =>
      start.withHandlers(
        mergeHandlers(
          replicaHandlers,
          foreignReplicaHandlers(foreignEntitiesOf(entitiesOf(name))),
          extraHandlers,
        ),
      ),
    seed: (deps) => start.seed(deps),
    ...(replicated.length ? { republish: () => republishEntities(replicated) } : {}),
  };
}
