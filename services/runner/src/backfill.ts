import type { Envelope } from '@erp/contracts';
import type { RunningService } from '@erp/service-kit';

/**
 * The in-process bus keeps no history: a consumer that starts on an empty database (a service added to an
 * existing installation) would never hear the events published before it existed. Such a consumer is fed
 * every event still in the other services' outboxes, oldest first; its inbox makes any overlap harmless.
 */
export async function backfillNewConsumers(services: readonly RunningService[]): Promise<void> {
  for (const target of services) {
    const consumer = target.consumer;
    if (!consumer) continue;
    const seen = await target.db('inbox').first('event_id');
    if (seen) continue;
    const history: Envelope[] = [];
    for (const source of services) {
      const rows = await source
        .db('outbox')
        .whereIn('topic', [...consumer.topics])
        .orderBy('seq')
        .select('envelope');
      for (const r of rows) history.push(JSON.parse(String(r.envelope)) as Envelope);
    }
    history.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (const envelope of history) await consumer.handle(envelope);
  }
}
