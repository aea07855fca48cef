import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import {
  buildAsyncApi,
  envelopeSchema,
  eventDefinitions,
  events,
  topicOf,
  topics,
  type Envelope,
  type EventKey,
} from '@erp/contracts';
import { KafkaBus } from '@erp/service-kit/src/messaging/kafka-bus';
import { envelope, message, samples, user } from '../support/event-samples';
import { startMokapi, type Mokapi } from '../support/mokapi';

/**
 * The committed AsyncAPI document is generated from the zod contracts (`pnpm asyncapi`) and must not drift.
 * No JSON-schema validator is a dependency here, so whether each channel schema accepts a valid envelope and
 * refuses a broken one is checked by a broker that validates records against the document: go-mokapi, a
 * Kafka-protocol mock, used for this check only (the Kafka adapter and the distributed mode are tested on a
 * real Kafka, tests/support/kafka.ts).
 */
const committed = parse(readFileSync(join(__dirname, '../../packages/contracts/asyncapi.yaml'), 'utf8'));
const fresh = buildAsyncApi();

interface ChannelSchema {
  properties: { type: { enum: string[] }; payload: { anyOf: unknown[] } };
  required: string[];
}
const channelSchema = (topic: string, operation: 'publish' | 'subscribe'): ChannelSchema =>
  committed.channels[topic][operation].message.payload;

describe('asyncapi.yaml', () => {
  it('is what buildAsyncApi() generates (run `pnpm asyncapi` after changing the contracts)', () => {
    // Round-trip through JSON so that both sides are plain data (no undefined, no class instances).
    expect(committed).toEqual(JSON.parse(JSON.stringify(fresh)));
  });

  it('has a kafka server and exactly one channel per topic', () => {
    expect(committed.asyncapi).toBe('2.6.0');
    expect(committed.servers.local).toEqual({ url: '127.0.0.1:19092', protocol: 'kafka' });
    expect(Object.keys(committed.channels).sort()).toEqual([...topics].sort());
  });

  it.each(eventDefinitions.map((d) => [d.type, topicOf(d.type)]))(
    '%s is published on channel %s',
    (type, topic) => {
      for (const operation of ['publish', 'subscribe'] as const) {
        const schema = channelSchema(topic, operation);
        expect(schema.properties.type.enum).toContain(type);
      }
    },
  );

  it.each([...topics])('channel %s requires the whole envelope and only its own event types', (topic) => {
    const defs = eventDefinitions.filter((d) => topicOf(d.type) === topic);
    const schema = channelSchema(topic, 'publish');
    expect([...schema.required].sort()).toEqual(Object.keys(envelopeSchema.shape).sort());
    expect([...schema.properties.type.enum].sort()).toEqual([...new Set(defs.map((d) => d.type))].sort());
    expect(schema.properties.payload.anyOf).toHaveLength(defs.length);
  });
});

describe('the AsyncAPI document enforced by a broker (go-mokapi)', () => {
  let mokapi: Mokapi;
  let bus: KafkaBus;

  beforeAll(async () => {
    mokapi = await startMokapi();
    bus = new KafkaBus({ brokers: mokapi.brokers, clientId: 'asyncapi-test', logger: silent });
  });

  afterAll(async () => {
    await bus?.close();
    await mokapi?.stop();
  });

  async function received(groupId: string, tenantId: string, count: number): Promise<Envelope[]> {
    const got: Envelope[] = [];
    await bus.subscribe({
      groupId,
      topics,
      handle: async (e) => {
        if (e.tenantId === tenantId) got.push(e);
      },
    });
    const deadline = Date.now() + 10_000;
    while (got.length < count) {
      if (Date.now() > deadline) throw new Error(`timed out: ${got.length} of ${count} events received`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return got;
  }

  it('accepts a valid envelope of every event type, each on its channel', async () => {
    const all = (Object.keys(samples) as EventKey[]).map((key) => {
      const e = envelope(key, samples[key], 't-samples');
      // valid by the zod contracts, so mokapi accepting them means the channel schemas agree
      envelopeSchema.parse(e);
      events[key].payload.parse(e.payload);
      return e;
    });
    // go-mokapi 0.52 mis-reads a batch whose non-last record on a topic is over 512 bytes: the topics with two
    // such records (items, stock) send their second one in a batch of its own
    const later = all.filter(
      (e) => e.type === events.itemChanged.type || e.type === events.stockCostCorrected.type,
    );
    await bus.publish(all.filter((e) => !later.includes(e)).map(message));
    await bus.publish(later.map(message));

    const byId = (a: Envelope, b: Envelope) => a.id.localeCompare(b.id);
    expect((await received('g-samples', 't-samples', all.length)).sort(byId)).toEqual([...all].sort(byId));
  });

  it('refuses a record that violates its channel schema (publish rejects, nothing is stored)', async () => {
    const valid = envelope('userCreated', user('u-bad'), 't-bad');
    const withoutPayload = { ...valid, payload: undefined }; // JSON.stringify drops the key
    const invalid = [
      withoutPayload,
      { ...valid, type: 'identity.user.exploded' }, // not an event type of this channel
      { ...valid, type: 'identity.branch.created' }, // an event type of another channel
      { ...valid, payload: { ...valid.payload, isAdmin: 'yes' } },
      { ...valid, branchId: 7 },
    ];
    for (const e of invalid) {
      const record = { topic: 'identity.user', key: 't-bad:u-bad', envelope: e as Envelope };
      await expect(bus.publish([record])).rejects.toThrow(/failed the validation/);
    }
    // A batch for one partition is all-or-nothing: the valid record next to an invalid one is not stored either.
    await expect(bus.publish([message(valid), message(withoutPayload as Envelope)])).rejects.toThrow(
      /failed the validation/,
    );

    const marker = envelope('userDeleted', { id: 'u-bad' }, 't-bad');
    await bus.publish([message(marker)]);
    expect((await received('g-bad', 't-bad', 1)).map((e) => e.id)).toEqual([marker.id]);
  });
});

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
