import {
  events,
  topicOf,
  type Envelope,
  type EventKey,
  type PayloadInput,
  type PayloadOf,
} from '@erp/contracts';
import type { Executor } from '../db/database';
import { newId, nowIso } from '../ids';

/** What an event needs from the request that caused it. */
export interface EventOrigin {
  tenantId: string;
  branchId: string | null;
  correlationId: string;
  causationId?: string | null;
}

/**
 * Writes an integration event into the outbox, in the caller's transaction: the change and its event
 * commit together or not at all (design.md section 3). The payload is validated against the contract.
 */
export async function emit<K extends EventKey>(
  trx: Executor,
  origin: EventOrigin,
  key: K,
  aggregateId: string,
  payload: PayloadInput<K>,
): Promise<Envelope<PayloadOf<K>>> {
  const def = events[key];
  const envelope: Envelope<PayloadOf<K>> = {
    id: newId(),
    type: def.type,
    version: def.version,
    tenantId: origin.tenantId,
    branchId: origin.branchId,
    occurredAt: nowIso(),
    aggregateId,
    correlationId: origin.correlationId,
    causationId: origin.causationId ?? null,
    payload: def.payload.parse(payload) as PayloadOf<K>,
  };
  await trx('outbox').insert({
    id: envelope.id,
    tenant_id: envelope.tenantId,
    topic: topicOf(envelope.type),
    msg_key: `${envelope.tenantId}:${aggregateId}`,
    type: envelope.type,
    envelope: JSON.stringify(envelope),
    created_at: envelope.occurredAt,
  });
  return envelope;
}

/** The origin of an event caused by another event: same tenant, branch and correlation. */
export function causedBy(envelope: Envelope): EventOrigin {
  return {
    tenantId: envelope.tenantId,
    branchId: envelope.branchId,
    correlationId: envelope.correlationId,
    causationId: envelope.id,
  };
}
