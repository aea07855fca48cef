import { Kafka, logLevel, Partitioners, type Consumer, type LogEntry, type Producer } from 'kafkajs';
import type { Envelope } from '@erp/contracts';
import type { Logger } from '../logger';
import type { Bus, BusMessage, Subscription } from './bus';

export interface KafkaBusOptions {
  brokers: string[];
  clientId: string;
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Topics to create (if missing) before the first publish or subscribe: a real Kafka with auto-creation off. */
  ensureTopics?: { topics: readonly string[]; partitions: number; replicationFactor: number };
}

/**
 * Distributed-mode bus on kafkajs (the only place that imports it). `publish` resolves only once the broker
 * has acknowledged every message; when it throws, part of the batch (another topic's) may be stored already,
 * and the outbox relay publishes the whole batch again: consumers de-duplicate. Consuming is at-least-once:
 * an offset is committed only after `handle` resolves, so a failure means redelivery.
 */
export class KafkaBus implements Bus {
  readonly kind = 'kafka' as const;
  private readonly kafka: Kafka;
  private producer: Promise<Producer> | null = null;
  private readonly consumers: Consumer[] = [];
  private closed = false;
  private topicsReady: Promise<void> | null = null;

  constructor(private readonly options: KafkaBusOptions) {
    const { logger } = options;
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      logLevel: logLevel.WARN,
      // kafkajs logs to the console by default; route its warnings and errors to the service logger instead.
      ...(logger && {
        logCreator:
          () =>
          ({ namespace, level, log }: LogEntry) => {
            const { message, ...fields } = log;
            const text = `kafkajs ${namespace}: ${message}`;
            if (level <= logLevel.ERROR) logger.error(text, fields);
            else if (level === logLevel.WARN) logger.warn(text, fields);
            else logger.info(text, fields);
          },
      }),
      retry: { initialRetryTime: 200, maxRetryTime: 5_000, retries: 5 },
    });
  }

  async publish(messages: readonly BusMessage[]): Promise<void> {
    if (this.closed) throw new Error('bus closed');
    if (messages.length === 0) return;
    const byTopic = new Map<string, { key: string; value: string }[]>();
    for (const m of messages) {
      const list = byTopic.get(m.topic) ?? [];
      list.push({ key: m.key, value: JSON.stringify(m.envelope) });
      byTopic.set(m.topic, list);
    }
    await this.ensureTopics();
    const producer = await this.connectedProducer();
    // acks -1: the batch is durable on all in-sync replicas before the relay marks it sent.
    await producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, topicMessages]) => ({ topic, messages: topicMessages })),
    });
  }

  private ensureTopics(): Promise<void> {
    const wanted = this.options.ensureTopics;
    if (!wanted) return Promise.resolve();
    this.topicsReady ??= (async () => {
      const admin = this.kafka.admin();
      await admin.connect();
      try {
        const existing = new Set(await admin.listTopics());
        const missing = wanted.topics.filter((t) => !existing.has(t));
        if (missing.length) {
          await admin.createTopics({
            waitForLeaders: true,
            topics: missing.map((topic) => ({
              topic,
              numPartitions: wanted.partitions,
              replicationFactor: wanted.replicationFactor,
            })),
          });
        }
      } finally {
        await admin.disconnect();
      }
    })().catch((error) => {
      this.topicsReady = null;
      throw error;
    });
    return this.topicsReady;
  }

  async subscribe(subscription: Subscription): Promise<void> {
    if (this.closed) throw new Error('bus closed');
    await this.ensureTopics();
    const consumer = this.kafka.consumer({
      groupId: subscription.groupId,
      // An empty fetch is held this long and disconnect waits for it: keep shutdown short (default 5 s).
      maxWaitTimeInMs: 1_000,
      // Retries a failing eachMessage in place; when exhausted the consumer restarts from the committed offset.
      retry: { initialRetryTime: 200, maxRetryTime: 10_000, retries: 8 },
    });
    this.consumers.push(consumer);
    await consumer.connect();
    // A new group starts at the beginning: events published before the service first ran are not lost.
    await consumer.subscribe({ topics: [...subscription.topics], fromBeginning: true });
    await consumer.run({
      // Awaited, not caught: if handle rejects, kafkajs does not commit the offset and delivers it again.
      eachMessage: async ({ message }) => {
        if (!message.value) return;
        await subscription.handle(JSON.parse(message.value.toString('utf8')) as Envelope);
      },
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const consumers = this.consumers.splice(0);
    await Promise.allSettled(consumers.map((c) => c.disconnect()));
    const producer = this.producer;
    this.producer = null;
    if (producer) await producer.then((p) => p.disconnect()).catch(() => undefined);
  }

  /** One producer for the bus, connected on first publish; a failed connect is retried on the next publish. */
  private connectedProducer(): Promise<Producer> {
    if (!this.producer) {
      const producer = this.kafka.producer({
        allowAutoTopicCreation: false,
        createPartitioner: Partitioners.DefaultPartitioner,
        // The relay retries a failed batch itself; keep the client's own retries short so failures surface.
        retry: { initialRetryTime: 100, retries: 3 },
      });
      this.producer = producer.connect().then(
        () => producer,
        (error: unknown) => {
          this.producer = null;
          throw error;
        },
      );
    }
    return this.producer;
  }
}
