import { envelopeSchema, type Envelope } from '@erp/contracts';

/**
 * A record a bus could not hand over as an envelope: not JSON, or an envelope that breaks the contract. It is
 * parked in the dead letters (never retried: it would fail the same way) and the consumer goes on.
 */
export interface RejectedRecord {
  /** Where it came from (`topic/partition/offset` on Kafka): a redelivered record is parked once. */
  source: string;
  raw: string;
  reason: 'unparseable' | 'envelope';
  detail: string;
}

export type DecodedRecord = { envelope: Envelope } | { rejected: RejectedRecord };

function issues(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  return error.issues.map((i) => `${i.path.map(String).join('.') || '(envelope)'}: ${i.message}`).join('; ');
}

/** Checks a record against the envelope contract (its limits are the inbox's columns). */
export function checkEnvelope(value: unknown, raw: string, source: string): DecodedRecord {
  const parsed = envelopeSchema.safeParse(value);
  if (!parsed.success) return { rejected: { source, raw, reason: 'envelope', detail: issues(parsed.error) } };
  return { envelope: parsed.data as Envelope };
}

/** A record's bytes as an envelope, or why not. */
export function decodeRecord(raw: string, source: string): DecodedRecord {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return { rejected: { source, raw, reason: 'unparseable', detail: (error as Error).message } };
  }
  return checkEnvelope(value, raw, source);
}
