import { Kafka, logLevel } from 'kafkajs';
import { topics as contractTopics } from '@erp/contracts';
import { startKafkaBroker, type KafkaBroker } from '../../tools/kafka/broker';

export type { KafkaBroker } from '../../tools/kafka/broker';

export interface StartKafkaOptions {
  /** Topics to create once the broker is up (default: every topic of the contracts). */
  topics?: readonly string[];
  /** Partitions per topic (default 3: more than one, so ordering is only per key, as in production). */
  partitions?: number;
  /** Each line the broker writes. */
  output?: (line: string) => void;
  /** The broker's JIT (tools/kafka/broker.ts): quick to start by default, `full` for a benchmark. */
  jit?: 'quick' | 'full';
}

/**
 * A real single-node Kafka for a test file (tools/kafka/broker.ts: fetched from Maven Central once per machine,
 * started on Java 17), with the contract's topics created up front as production's deployment does: the
 * broker never creates a topic on first use, so a service publishing to a topic outside the contract fails.
 */
export async function startKafka(options: StartKafkaOptions = {}): Promise<KafkaBroker> {
  const broker = await startKafkaBroker({ output: options.output, jit: options.jit });
  try {
    await createTopics(broker.brokers, options.topics ?? contractTopics, options.partitions ?? 3);
    await coordinatorReady(broker.brokers);
  } catch (error) {
    await broker.stop();
    throw error;
  }
  return broker;
}

/**
 * Waits until the group coordinator serves: the broker makes its offsets topic on the first group request, and
 * services whose consumers joined before it was ready were left restarting with backoff (a topology that once
 * missed its 90-second start-up).
 */
async function coordinatorReady(brokers: string[]): Promise<void> {
  const admin = new Kafka({ clientId: 'erp-test-admin', brokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        await admin.describeGroups(['erp-test-warm-up']);
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  } finally {
    await admin.disconnect();
  }
}

/**
 * Creates the topics that are missing and waits until each partition's leader serves it: metadata names the
 * leader a moment before the broker has opened the partition, and a produce in between fails with "not the
 * leader" (ListOffsets goes to the leader and fails the same way, so it is the probe).
 */
export async function createTopics(
  brokers: string[],
  topics: readonly string[],
  partitions: number,
): Promise<void> {
  const admin = new Kafka({ clientId: 'erp-test-admin', brokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    await admin.createTopics({
      waitForLeaders: true,
      topics: topics
        .filter((topic) => !existing.has(topic))
        .map((topic) => ({ topic, numPartitions: partitions, replicationFactor: 1 })),
    });
    const deadline = Date.now() + 30_000;
    for (const topic of topics) {
      for (;;) {
        try {
          await admin.fetchTopicOffsets(topic);
          break;
        } catch (error) {
          if (Date.now() > deadline) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    }
  } finally {
    await admin.disconnect();
  }
}
