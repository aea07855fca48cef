import {
  events,
  masterDataChangedEvent,
  masterDataEntities,
  tableOf,
  type EntityDef,
  type PayloadOf,
} from '@erp/contracts';
import { tenantScope } from '../db/tenant-scope';
import type { EventHandler } from '../messaging/inbox';

/**
 * Main data of another service that a service's records name (a customer's price list, kept by inventory) or
 * that its later documents will (accounts keeps customers). Services never read each other's tables
 * (design.md section 2): the keeper holds a replica of the owner's `<service>.masterData.changed` events in
 * `replica_md_<entity>` (id, code, names, deleted, the record without its lines, as of the event's time). The
 * keeper's own frozen migration writes that table out (`foreignReplicaColumns` says what it holds).
 */
export const foreignReplicaTableOf = (entity: Pick<EntityDef, 'name'>) => `replica_${tableOf(entity)}`;

/** The entities of other services that `entities` reference: kept as replicas by their service. */
export function foreignEntitiesOf(entities: readonly EntityDef[]): EntityDef[] {
  const service = entities[0]?.service;
  const names = new Set(
    entities.flatMap((e) =>
      e.fields.flatMap((f) => [f, ...(f.lineFields ?? [])]).map((f) => f.reference ?? ''),
    ),
  );
  return masterDataEntities.filter((e) => names.has(e.name) && e.service !== service);
}

/** The replica table a reference resolves to, when the service keeps that entity of another service. */
export function foreignReplicaOf(reference: string, entities: readonly EntityDef[]): string | null {
  const target = foreignEntitiesOf(entities).find((e) => e.name === reference);
  return target ? foreignReplicaTableOf(target) : null;
}

/** Runs every map's handler of an event type, in order (a service may keep several things from one event). */
export function mergeHandlers(
  ...maps: readonly Readonly<Record<string, EventHandler>>[]
): Record<string, EventHandler> {
  const out: Record<string, EventHandler> = {};
  for (const map of maps)
    for (const [type, handler] of Object.entries(map)) {
      const earlier = out[type];
      out[type] = earlier
        ? async (trx, envelope, payload) => {
            await earlier(trx, envelope, payload);
            await handler(trx, envelope, payload);
          }
        : handler;
    }
  return out;
}

/** The consumers that keep replicas of `kept` (entities of other services), one per owner's event type. */
export function foreignReplicaHandlers(kept: readonly EntityDef[]): Record<string, EventHandler> {
  const byType = new Map<string, Map<string, EntityDef>>();
  for (const entity of kept) {
    const key = masterDataChangedEvent[entity.service as keyof typeof masterDataChangedEvent];
    if (!key) continue;
    const type = events[key].type;
    byType.set(type, (byType.get(type) ?? new Map()).set(entity.name, entity));
  }
  return Object.fromEntries(
    [...byType].map(([type, entities]): [string, EventHandler] => [
      type,
      async (trx, envelope, payload) => {
        const p = payload as PayloadOf<'salesMasterDataChanged'>;
        const entity = entities.get(p.entity);
        if (!entity) return;
        const table = foreignReplicaTableOf(entity);
        const s = tenantScope(trx, envelope.tenantId);
        // events of one record may come again or late: the newest wins
        const current = await s(table).where({ id: p.id }).first('as_of');
        if (current && String(current.as_of) > envelope.occurredAt) return;
        const lines = new Set(entity.fields.filter((f) => f.kind === 'lines').map((f) => f.name));
        const row = {
          code: p.code,
          arabic_name: p.arabicName,
          english_name: p.englishName,
          deleted: p.deleted,
          record: JSON.stringify(Object.fromEntries(Object.entries(p.record).filter(([k]) => !lines.has(k)))),
          as_of: envelope.occurredAt,
        };
        if (current) await s(table).where({ id: p.id }).update(row);
        else await s.insert(table, { id: p.id, ...row });
      },
    ]),
  );
}
