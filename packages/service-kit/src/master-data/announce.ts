import { masterDataChangedEvent, type EntityDef } from '@erp/contracts';
import type { Executor } from '../db/database';
import { emit, type EventOrigin } from '../messaging/outbox';
import type { EntityRecord } from './store';

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
