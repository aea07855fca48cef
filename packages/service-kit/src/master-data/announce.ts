import { masterDataChangedEvent, type EntityDef } from '@erp/contracts';
import type { Executor } from '../db/database';
import { tenantScope } from '../db/tenant-scope';
import type { Republisher } from '../republish';
import { emit, type EventOrigin } from '../messaging/outbox';
import { entityStore, type EntityRecord } from './store';

/**
 * A record's `<service>.masterData.changed` event, in the caller's transaction (the outbox): what other
 * services' replicas of it are kept from. Every write announces, the engine's and a new tenant's starter records.
 */
export async function announceRecord(
  trx: Executor,
  origin: EventOrigin,
  entity: EntityDef,
  record: EntityRecord,
  deleted: boolean,
): Promise<void> {
  const key = masterDataChangedEvent[entity.service as keyof typeof masterDataChangedEvent];
  if (!key) return;
  await emit(trx, origin, key, record.id, {
    entity: entity.name,
    id: record.id,
    code: record.code,
    arabicName: record.arabicName,
    englishName: record.englishName,
    deleted,
    record,
  });
}

/**
 * The records of `entities` announced again (the rebuild of the replicas other services keep of them, and how a
 * keeper gets the records saved before it kept them: POST /api/admin/<service>/replicas/republish).
 */
export function republishEntities(entities: readonly EntityDef[]): Republisher {
  return async (trx, origin) => {
    let events = 0;
    for (const entity of entities)
      for (const record of await entityStore.all(tenantScope(trx, origin.tenantId), entity, {
        order: 'asc',
      })) {
        await announceRecord(trx, origin, entity, record, false);
        events += 1;
      }
    return events;
  };
}
