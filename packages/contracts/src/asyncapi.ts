import { z } from 'zod';
import { envelopeSchema, eventDefinitions, topicOf, topics } from './events';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType): JsonSchema {
  const out = z.toJSONSchema(schema, { target: 'draft-7', unrepresentable: 'any' }) as JsonSchema;
  delete out.$schema;
  return out;
}

/** The envelope of one topic: its `type` is one of the topic's event types, its payload one of theirs. */
function topicMessageSchema(topic: string): JsonSchema {
  const defs = eventDefinitions.filter((e) => topicOf(e.type) === topic);
  const envelope = jsonSchema(envelopeSchema.omit({ payload: true }));
  const properties = (envelope.properties ?? {}) as Record<string, JsonSchema>;
  return {
    ...envelope,
    properties: {
      ...properties,
      type: { type: 'string', enum: [...new Set(defs.map((d) => d.type))] },
      payload: { anyOf: defs.map((d) => jsonSchema(d.payload)) },
    },
    required: [...((envelope.required as string[]) ?? []), 'payload'],
  };
}

/**
 * The AsyncAPI 2.6 document of every event, generated from the zod contracts. go-mokapi, a Kafka-protocol
 * mock, serves exactly these topics and validates every record against them: the contract check of
 * tests/contracts/asyncapi.test.ts.
 * `prefix` names the channels as an installation's topics (`erp_identity.user`); the committed document has none.
 */
export function buildAsyncApi(server = '127.0.0.1:19092', prefix = '') {
  const channels: Record<string, unknown> = {};
  for (const topic of topics) {
    const message = {
      name: topic,
      contentType: 'application/json',
      summary: eventDefinitions
        .filter((e) => topicOf(e.type) === topic)
        .map((e) => `${e.type} v${e.version}: ${e.summary}`)
        .join(' | '),
      payload: topicMessageSchema(topic),
    };
    channels[prefix + topic] = { publish: { message }, subscribe: { message } };
  }
  return {
    asyncapi: '2.6.0',
    info: { title: 'ERP platform events', version: '1.0.0' },
    servers: { local: { url: server, protocol: 'kafka' } },
    channels,
  };
}
