import { topics, type Envelope, type EventKey } from '@erp/contracts';
import type { Subscription } from '@erp/service-kit/src/messaging/bus';
import { KafkaBus } from '@erp/service-kit/src/messaging/kafka-bus';
import { envelope, message, samples, user } from '../support/event-samples';
import { createTopics, startKafka, type KafkaBroker } from '../support/kafka';

/**
 * KafkaBus against a real single-node Kafka (tests/support/kafka.ts), its topics created up front with three
 * partitions each, so ordering holds per key only, as in production. Each run starts on an empty broker.
 * Whether records match the AsyncAPI document is checked in asyncapi.test.ts.
 */

/** A subscription that records the envelopes of one tenant (each test uses its own tenant and group). */
function recorder(groupId: string, tenantId: string, onEnvelope?: (e: Envelope) => void) {
  const received: Envelope[] = [];
  const subscription: Subscription = {
    groupId,
    topics: ['identity.user'],
    async handle(e) {
      if (e.tenantId !== tenantId) return;
      received.push(e);
      onEnvelope?.(e); // may throw: the bus must deliver the message again
    },
  };
  return { subscription, received, ids: () => received.map((e) => e.id) };
}

async function waitFor(what: string, condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const logs: string[] = [];
const logger = {
  info: (m: string) => logs.push(`info ${m}`),
  warn: (m: string) => logs.push(`warn ${m}`),
  error: (m: string) => logs.push(`error ${m}`),
};

let kafka: KafkaBroker;
const buses: KafkaBus[] = [];
function newBus(clientId: string): KafkaBus {
  const bus = new KafkaBus({ brokers: kafka.brokers, clientId, logger });
  buses.push(bus);
  return bus;
}
let bus: KafkaBus;

beforeAll(async () => {
  kafka = await startKafka();
  bus = newBus('kafka-bus-test');
}, 120_000);

afterAll(async () => {
  await Promise.all(buses.map((b) => b.close()));
  await kafka?.stop();
});

describe('KafkaBus on a real Kafka', () => {
  it('publishes an envelope of every event type in one batch, and a group on all topics receives each', async () => {
    const all = (Object.keys(samples) as EventKey[]).map((key) => envelope(key, samples[key], 't-samples'));
    await bus.publish(all.map(message));

    const received: Envelope[] = [];
    await bus.subscribe({
      groupId: 'g-samples',
      topics,
      handle: async (e) => {
        if (e.tenantId === 't-samples') received.push(e);
      },
    });
    await waitFor('every sample', () => received.length >= all.length);
    const byId = (a: Envelope, b: Envelope) => a.id.localeCompare(b.id);
    expect([...received].sort(byId)).toEqual([...all].sort(byId));
  });

  it('delivers the events of each key in publish order', async () => {
    const tenant = 't-order';
    const keys = ['agg-a', 'agg-b', 'agg-c'];
    const first = Array.from({ length: 9 }, (_, i) =>
      envelope('userChanged', user(keys[i % 3]!), tenant, keys[i % 3]),
    );
    const second = keys.map((k) => envelope('userDeleted', { id: k }, tenant, k));
    await bus.publish(first.map(message));

    const { subscription, received } = recorder('g-order', tenant);
    await bus.subscribe(subscription);
    await bus.publish(second.map(message)); // published while the group consumes
    await waitFor('every event', () => received.length >= first.length + second.length);

    expect(received).toHaveLength(first.length + second.length);
    for (const key of keys) {
      const published = [...first, ...second].filter((e) => e.aggregateId === key).map((e) => e.id);
      expect(received.filter((e) => e.aggregateId === key).map((e) => e.id)).toEqual(published);
    }
  });

  it('publishes real-sized envelopes of one key in one batch, delivered in order', async () => {
    const tenant = 't-large';
    const large = Array.from({ length: 20 }, (_, i) =>
      envelope('userCreated', { ...user(`big-${i}`), fullName: 'ع'.repeat(400) }, tenant),
    );
    expect(JSON.stringify(large[0]).length).toBeGreaterThan(512);
    await bus.publish(large.map(message));
    const { subscription, ids } = recorder('g-large', tenant);
    await bus.subscribe(subscription);
    await waitFor('the large events', () => ids().length >= large.length);
    expect(ids()).toEqual(large.map((e) => e.id));
  });

  it('reports a group running, with its lag once it has handled a batch', async () => {
    const tenant = 't-health';
    expect(bus.health('g-health')).toBeNull();
    const events3 = ['u-1', 'u-2', 'u-3'].map((id) => envelope('userChanged', user(id), tenant));
    await bus.publish(events3.map(message));
    const { subscription, ids } = recorder('g-health', tenant);
    await bus.subscribe(subscription);
    await waitFor('the events', () => ids().length === events3.length);
    await waitFor('a lag', () => bus.health('g-health')?.lag !== null);
    expect(bus.health('g-health')).toEqual({ state: 'running', lag: 0, lastError: null });
  });

  it('subscribes again, after a pause, when kafkajs gives a consumer up for good, and loses nothing', async () => {
    const tenant = 't-crash';
    const own = new KafkaBus({ brokers: kafka.brokers, clientId: 'crash', logger, resubscribeDelayMs: 50 });
    buses.push(own);
    const [a, b] = ['u-1', 'u-2'].map((id) => envelope('userChanged', user(id), tenant));
    let fatal = true;
    const states: string[] = [];
    const { subscription, ids } = recorder('g-crash', tenant, (e) => {
      if (e.id === a!.id && fatal) {
        fatal = false;
        states.push(own.health('g-crash')!.state);
        // not retriable: kafkajs stops this consumer and does not restart it
        throw Object.assign(new Error('fatal'), { retriable: false });
      }
    });
    await own.publish([a!, b!].map(message));
    await own.subscribe(subscription);
    await waitFor('the stop', () => own.health('g-crash')?.state === 'stopped');
    expect(own.health('g-crash')?.lastError).toBe('KafkaJSNonRetriableError');
    await waitFor('both events after the new subscription', () => ids().includes(b!.id));
    expect(ids()).toEqual([a!.id, a!.id, b!.id]);
    expect(states).toEqual(['running']);
    await waitFor('running again', () => own.health('g-crash')?.state === 'running');
    expect(logs.some((l) => l.includes('consumer stopped; subscribing again'))).toBe(true);
  });

  it('delivers a message again when the handler throws, before any later message', async () => {
    const tenant = 't-retry';
    const [a, b, c] = ['u-1', 'u-2', 'u-3'].map((id) => envelope('userChanged', user(id), tenant));
    let failures = 0;
    const { subscription, ids } = recorder('g-retry', tenant, (e) => {
      if (e.id === b!.id && failures++ === 0) throw new Error('transient failure');
    });
    await bus.publish([a!, b!, c!].map(message));
    await bus.subscribe(subscription);
    await waitFor('the last event', () => ids().includes(c!.id));

    expect(ids()).toEqual([a!.id, b!.id, b!.id, c!.id]);
    expect(logs.some((l) => l.includes('Error when calling eachMessage'))).toBe(true);
  });

  it('does not redeliver committed messages to the same group after a restart', async () => {
    const tenant = 't-commit';
    const before = ['u-1', 'u-2'].map((id) => envelope('userChanged', user(id), tenant));
    const first = newBus('kafka-bus-test-1');
    const one = recorder('g-commit', tenant);
    await first.subscribe(one.subscription);
    await first.publish(before.map(message));
    await waitFor('the first events', () => one.received.length >= before.length);
    await first.close(); // commits the handled offsets and leaves the group

    const second = newBus('kafka-bus-test-2');
    const after = envelope('userChanged', user('u-3'), tenant);
    await second.publish([message(after)]);
    const two = recorder('g-commit', tenant);
    await second.subscribe(two.subscription);
    // One key, so one partition, in order: had the committed offsets been lost, the old events would arrive first.
    await waitFor('the new event', () => two.received.length >= 1);
    expect(one.ids()).toEqual(before.map((e) => e.id));
    expect(two.ids()).toEqual([after.id]);
  });

  it('rejects publishing after close', async () => {
    const closed = newBus('kafka-bus-test-closed');
    await closed.close();
    await expect(
      closed.publish([message(envelope('userDeleted', { id: 'u-1' }, 't-closed'))]),
    ).rejects.toThrow(/closed/);
  });

  it('subscribes while the broker is down without failing, and joins once it answers (the fault run)', async () => {
    // a service restarted during a broker restart used to exit at start: it took no write until the broker was back
    const tenant = 't-down';
    await kafka.halt('SIGKILL');
    const own = new KafkaBus({ brokers: kafka.brokers, clientId: 'down', logger, resubscribeDelayMs: 200 });
    buses.push(own);
    const { subscription, ids } = recorder('g-down', tenant);
    await own.subscribe(subscription);
    expect(own.health('g-down')?.state).not.toBe('running');
    await kafka.restart();
    const e = envelope('userChanged', user('u-1'), tenant);
    await own.publish([message(e)]);
    await waitFor('the event after the broker came back', () => ids().includes(e.id), 90_000);
    await waitFor('running', () => own.health('g-down')?.state === 'running');
  }, 180_000);
});

describe('two installations on one broker', () => {
  it('never read each other’s events: their topics and consumer groups carry their prefixes', async () => {
    // the broker of this file, with each installation's copy of the topic
    await createTopics(kafka.brokers, ['shopa_identity.user', 'shopb_identity.user'], 1);
    const [a, b] = ['shopa_', 'shopb_'].map(
      (prefix) => new KafkaBus({ brokers: kafka.brokers, clientId: prefix, logger, prefix }),
    );
    try {
      const received: Record<string, string[]> = { a: [], b: [] };
      const group = (name: 'a' | 'b'): Subscription => ({
        // the same service name, hence the same group name, in both installations
        groupId: 'sales',
        topics: ['identity.user'],
        handle: async (e) => {
          received[name]!.push(e.tenantId);
        },
      });
      await a!.subscribe(group('a'));
      await b!.subscribe(group('b'));
      await a!.publish([message(envelope('userChanged', user('u-a'), 't-shop-a'))]);
      await b!.publish([message(envelope('userChanged', user('u-b'), 't-shop-b'))]);
      await waitFor('each installation’s event', () => received.a!.length > 0 && received.b!.length > 0);
      // a stray delivery would come with the next fetch: give it that long
      await new Promise((r) => setTimeout(r, 1_500));
      expect(received).toEqual({ a: ['t-shop-a'], b: ['t-shop-b'] });
    } finally {
      await Promise.all([a!.close(), b!.close()]);
    }
  });
});
