import { Kafka, logLevel, Partitioners, type Consumer, type LogEntry, type Producer } from 'kafkajs';
import type { Logger } from '../logger';
import type { Bus, BusMessage, ConsumerHealth, Subscription } from './bus';
import { decodeRecord } from './record';

export interface KafkaBusOptions {
  brokers: string[];
  clientId: string;
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Topics to create (if missing) before the first publish or subscribe: a real Kafka with auto-creation off. */
  ensureTopics?: { topics: readonly string[]; partitions: number; replicationFactor: number };
  /**
   * The installation's prefix on every topic and consumer group (`erp_identity.user`, group `erp_sales`), as on
   * its databases: two installations on one Kafka never read each other's events. Empty: the contract's names.
   */
  prefix?: string;
  /** The first wait before a crashed consumer subscribes again; it doubles up to a minute. */
  resubscribeDelayMs?: number;
}

interface GroupState extends ConsumerHealth {
  /** Lag by `topic/partition`, from the last batch kafkajs processed there. */
  lags: Map<string, number>;
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
  private readonly groups = new Map<string, GroupState>();
  private closed = false;
  private topicsReady: Promise<void> | null = null;

  private readonly prefix: string;

  constructor(private readonly options: KafkaBusOptions) {
    const { logger } = options;
    this.prefix = options.prefix ?? '';
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
      const topic = this.prefix + m.topic;
      const list = byTopic.get(topic) ?? [];
      list.push({ key: m.key, value: JSON.stringify(m.envelope) });
      byTopic.set(topic, list);
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
        const missing = wanted.topics.map((t) => this.prefix + t).filter((t) => !existing.has(t));
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

  /**
   * Joins the group. A broker that does not answer does not stop the service from starting (the fault run found
   * services that exited on start while the broker restarted, so no write was taken until it was back): its
   * writes wait in the outbox, and the consumer joins when the broker answers, retried as after a crash.
   */
  async subscribe(subscription: Subscription): Promise<void> {
    if (this.closed) throw new Error('bus closed');
    const group: GroupState = { state: 'restarting', lag: null, lastError: null, lags: new Map() };
    this.groups.set(subscription.groupId, group);
    try {
      await this.join(subscription, group);
    } catch (error) {
      group.lastError = (error as Error)?.name ?? 'Error';
      this.resubscribe(subscription, group, null, 1);
    }
  }

  private async join(subscription: Subscription, group: GroupState): Promise<void> {
    await this.ensureTopics();
    await this.run(subscription, group);
  }

  health(groupId: string): ConsumerHealth | null {
    const group = this.groups.get(groupId);
    if (!group) return null;
    const lag = group.lags.size === 0 ? null : [...group.lags.values()].reduce((a, b) => a + b, 0);
    return { state: group.state, lag, lastError: group.lastError };
  }

  private async run(subscription: Subscription, group: GroupState): Promise<void> {
    const consumer = this.kafka.consumer({
      groupId: this.prefix + subscription.groupId,
      // An empty fetch is held this long and disconnect waits for it: keep shutdown short (default 5 s).
      maxWaitTimeInMs: 1_000,
      // A dead member (a SIGKILLed service, a broker restart) holds its partitions until its session expires:
      // 10 s instead of kafkajs' 30 s brings events back sooner (measured 13 s against 33 s after a restart).
      sessionTimeout: 10_000,
      heartbeatInterval: 3_000,
      // Retries a failing eachMessage in place; when exhausted the consumer restarts from the committed offset.
      retry: { initialRetryTime: 200, maxRetryTime: 10_000, retries: 8 },
    });
    this.consumers.push(consumer);
    consumer.on(consumer.events.END_BATCH_PROCESS, ({ payload }) => {
      group.lags.set(`${payload.topic}/${payload.partition}`, Number(payload.offsetLag));
    });
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      group.lastError = payload.error.name;
      // kafkajs restarts itself after a retriable failure; after any other it has stopped for good
      group.state = payload.restart ? 'restarting' : 'stopped';
      if (!payload.restart) this.resubscribe(subscription, group, consumer, 1);
    });
    consumer.on(consumer.events.GROUP_JOIN, () => {
      group.state = 'running';
    });
    try {
      await consumer.connect();
      // A new group starts at the beginning: events published before the service first ran are not lost.
      await consumer.subscribe({
        topics: subscription.topics.map((t) => this.prefix + t),
        fromBeginning: true,
      });
    } catch (error) {
      // not joined: the caller subscribes again with a new consumer
      this.consumers.splice(this.consumers.indexOf(consumer), 1);
      await consumer.disconnect().catch(() => undefined);
      throw error;
    }
    await consumer.run({
      // Awaited, not caught: if handle rejects, kafkajs does not commit the offset and delivers it again.
      eachMessage: async ({ topic, partition, message }) => {
        if (!message.value) return;
        const decoded = decodeRecord(
          message.value.toString('utf8'),
          `${topic}/${partition}/${message.offset}`,
        );
        if ('envelope' in decoded) return subscription.handle(decoded.envelope);
        // not an envelope: retrying cannot help, so it is parked (or skipped) and the offset committed
        if (subscription.reject) await subscription.reject(decoded.rejected);
        else this.options.logger?.error('record skipped: not an envelope', { topic, offset: message.offset });
      },
    });
  }

  /** A consumer kafkajs gave up on subscribes again, waiting longer each time, until the bus closes. */
  private resubscribe(
    subscription: Subscription,
    group: GroupState,
    crashed: Consumer | null,
    attempt: number,
  ): void {
    const first = this.options.resubscribeDelayMs ?? 1_000;
    const delay = Math.min(first * 2 ** (attempt - 1), 60_000);
    this.options.logger?.warn('consumer stopped; subscribing again', { group: subscription.groupId, delay });
    setTimeout(() => {
      if (this.closed) return;
      const index = crashed ? this.consumers.indexOf(crashed) : -1;
      if (index >= 0) this.consumers.splice(index, 1);
      (crashed?.disconnect() ?? Promise.resolve())
        .catch(() => undefined)
        .then(() => {
          if (this.closed) return;
          group.state = 'restarting';
          return this.join(subscription, group);
        })
        .catch((error: unknown) => {
          group.state = 'stopped';
          group.lastError = (error as Error)?.name ?? 'Error';
          this.resubscribe(subscription, group, crashed, attempt + 1);
        });
    }, delay).unref();
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
