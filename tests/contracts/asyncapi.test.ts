import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { buildAsyncApi, envelopeSchema, eventDefinitions, topicOf, topics } from '@erp/contracts';

/**
 * The committed AsyncAPI document is generated from the zod contracts (`pnpm asyncapi`) and must not drift.
 * No JSON-schema validator is a dependency here, so whether each channel schema accepts a valid envelope is
 * checked by the real validator, go-mokapi, in kafka-bus.test.ts; this file checks the document's shape.
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
