import { replicaSourceRoutes, type ReplicaSource } from '@erp/contracts';
import type { Trx } from './db/database';
import { originOf } from './http/context';
import { handle, type BoundRoute } from './http/routes';
import type { EventOrigin } from './messaging/outbox';

/**
 * Emits, in the caller's transaction, one event per replicated record of the origin's tenant carrying its current
 * state; returns how many. Consumers upsert by the event's time, so the fresh events overwrite whatever a replica
 * holds, and a replica that lost rows (or holds damaged ones) is whole again once they are applied.
 */
export type Republisher = (trx: Trx, origin: EventOrigin) => Promise<number>;

export function republishRoutes(
  service: string,
  republish: Republisher,
  transact: <T>(work: (trx: Trx) => Promise<T>) => Promise<T>,
): BoundRoute[] {
  const routes = replicaSourceRoutes(service as ReplicaSource);
  return [
    handle(routes.republish, async ({ ctx }) => {
      const events = await transact((trx) => republish(trx, originOf(ctx)));
      return { events };
    }),
  ];
}

/** Several sources of one service published again in turn (its items, then its main data kept elsewhere). */
export function republishAll(...republishers: readonly Republisher[]): Republisher {
  return async (trx, origin) => {
    let events = 0;
    for (const republish of republishers) events += await republish(trx, origin);
    return events;
  };
}
