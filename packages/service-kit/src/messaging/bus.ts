import type { Envelope } from '@erp/contracts';
import type { RejectedRecord } from './record';

export interface BusMessage {
  topic: string;
  /** tenant + aggregate: one aggregate's events stay in one partition, in order. */
  key: string;
  envelope: Envelope;
}

export interface Subscription {
  groupId: string;
  topics: readonly string[];
  /** Resolves once the effect is committed; a rejection means "deliver again later". */
  handle(envelope: Envelope): Promise<void>;
  /** Several, in order, as one delivery (the embedded bus hands a relay's batch so); resolves once all are committed. */
  handleBatch?(envelopes: readonly Envelope[]): Promise<void>;
  /** A record that is no envelope: parked, never redelivered (without it, the bus logs and skips it). */
  reject?(record: RejectedRecord): Promise<void>;
}

/** A consumer group's state, for health: `stopped` makes its service unhealthy. */
export interface ConsumerHealth {
  state: 'running' | 'restarting' | 'stopped';
  /** Records published but not yet handled, where the bus knows it (Kafka, after the first batch). */
  lag: number | null;
  /** Translated elsewhere; here the last failure's class, never a stack or SQL. */
  lastError: string | null;
}

/**
 * The one bus interface; adapters: in-process (embedded mode) and kafkajs (distributed mode). Delivery is
 * at-least-once in both: durability comes from the outbox, de-duplication from the consumers' inbox.
 */
export interface Bus {
  readonly kind: 'in-process' | 'kafka';
  publish(messages: readonly BusMessage[]): Promise<void>;
  subscribe(subscription: Subscription): Promise<void>;
  /** The state of a group subscribed through this bus, or null if none. */
  health(groupId: string): ConsumerHealth | null;
  close(): Promise<void>;
}
