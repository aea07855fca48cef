import type { Envelope } from '@erp/contracts';

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
}

/**
 * The one bus interface; adapters: in-process (embedded mode) and kafkajs (distributed mode). Delivery is
 * at-least-once in both: durability comes from the outbox, de-duplication from the consumers' inbox.
 */
export interface Bus {
  readonly kind: 'in-process' | 'kafka';
  publish(messages: readonly BusMessage[]): Promise<void>;
  subscribe(subscription: Subscription): Promise<void>;
  close(): Promise<void>;
}
