import {
  envelopeSchema,
  events,
  topicOf,
  topics,
  type Envelope,
  type EventKey,
  type PayloadOf,
} from '@erp/contracts';
import type { BusMessage, Subscription } from '@erp/service-kit/src/messaging/bus';
import { KafkaBus } from '@erp/service-kit/src/messaging/kafka-bus';
import { startMokapi, type Mokapi } from '../support/mokapi';

/**
 * KafkaBus against a real Kafka-protocol broker (go-mokapi serving the AsyncAPI document generated from the
 * contracts, so every record is also checked against its channel's schema). mokapi keeps one partition per
 * topic, so ordering per key is ordering per topic here; state is in memory, so each run starts empty.
 */

const samples: { [K in EventKey]: PayloadOf<K> } = {
  tenantChanged: {
    tenantId: 't-samples',
    name: 'Acme',
    subscriptionStart: '2026-01-01',
    subscriptionEnd: '2026-12-31',
    active: true,
  },
  userCreated: user('u-1'),
  userChanged: user('u-1'),
  userSessionsRevoked: { id: 'u-1', tokenVersion: 2 },
  accountsMasterDataChanged: mainData('banks'),
  salesMasterDataChanged: mainData('areas'),
  purchasesMasterDataChanged: mainData('suppliers'),
  inventoryMasterDataChanged: mainData('units'),
  restaurantMasterDataChanged: mainData('tables'),
  concreteMasterDataChanged: { ...mainData('cars'), deleted: true },
  userDeleted: { id: 'u-1' },
  branchCreated: branch('b-1'),
  branchChanged: branch('b-1'),
  companyChanged: {
    arabicName: 'أكمي',
    englishName: 'Acme',
    taxNumber: '300000000000003',
    taxPercentage: '15',
    country: 'SA',
    currency: 'SAR',
  },
  itemCreated: item('i-1'),
  itemChanged: { ...item('i-1'), isActive: false },
  stockMoved: {
    sourceService: 'inventory',
    documentType: 'storageTransfers',
    documentId: 'd-1',
    code: '1',
    revision: 1,
    date: '2026-03-01',
    movements: [
      { itemId: 'i-1', storeId: 's-1', quantity: '-2', value: '-10.5', reversal: false },
      { itemId: 'i-1', storeId: 's-2', quantity: '2', value: '10.5', reversal: false },
    ],
  },
  stockCostCorrected: {
    sourceService: 'inventory',
    documentType: 'additionOrders',
    documentId: 'd-3',
    revision: 1,
    part: 1,
    corrections: [
      {
        sourceService: 'sales',
        documentType: 'invoices',
        documentId: 'd-2',
        code: '7',
        revision: 1,
        itemId: 'i-1',
        storeId: 's-1',
        date: '2026-03-02',
        value: '-1.25',
      },
    ],
  },
  salesStockDocumentChanged: stockDocument('out'),
  purchasesStockDocumentChanged: stockDocument('in'),
  restaurantStockDocumentChanged: stockDocument('out'),
  concreteStockDocumentChanged: { ...stockDocument('out'), deleted: true, lines: [] },
  auditRecorded: {
    service: 'identity',
    entity: 'user',
    entityId: 'u-1',
    action: 'modified',
    changes: [{ property: 'fullName', before: 'A', after: 'B' }],
    userId: null,
    userName: null,
  },
};

function item(id: string): PayloadOf<'itemCreated'> {
  return {
    id,
    code: '1',
    arabicName: 'صنف',
    englishName: 'Item',
    barcode: '6281000000017',
    categoryId: 'c-1',
    mainUnitId: 'u-1',
    salesPrice: '12.5',
    minSalesPrice: null,
    maxSalesPrice: null,
    costPrice: '9',
    taxId: null,
    isStoredItem: true,
    isTaxable: true,
    isActive: true,
    isBalanceItem: false,
    scaleCode: '',
    units: [{ unitId: 'u-2', conversionRate: '12', barcode: '6281000000024', salesPrice: '140' }],
    deleted: false,
  };
}

function stockDocument(direction: 'in' | 'out'): PayloadOf<'salesStockDocumentChanged'> {
  return {
    documentType: direction === 'in' ? 'purchaseInvoices' : 'salesInvoices',
    documentId: 'd-1',
    code: '26-1',
    revision: 1,
    date: '2026-03-01',
    deleted: false,
    lines: [{ itemId: 'i-1', unitId: 'u-1', storeId: 's-1', quantity: '3', direction, unitCost: null }],
  };
}

function mainData(entity: string): PayloadOf<'accountsMasterDataChanged'> {
  return {
    entity,
    id: 'md-1',
    code: '1',
    arabicName: 'سجل',
    englishName: 'Record',
    deleted: false,
    record: { id: 'md-1', code: '1', isActive: true },
  };
}

function user(id: string): PayloadOf<'userCreated'> {
  return {
    id,
    userName: id,
    fullName: `User ${id}`,
    isAdmin: false,
    active: true,
    tokenVersion: 0,
    branches: ['b-1'],
    maxAllowedDiscount: '10.00',
  };
}

function branch(id: string): PayloadOf<'branchCreated'> {
  return {
    id,
    code: '01',
    arabicName: 'الرئيسي',
    englishName: 'Main',
    isMaster: true,
    decimalDigits: 2,
    timezone: 'Asia/Riyadh',
    defaultCustomerId: null,
    defaultStoreId: null,
  };
}

let seq = 0;
function envelope<K extends EventKey>(
  key: K,
  payload: PayloadOf<K>,
  tenantId: string,
  aggregateId = 'agg-1',
): Envelope<PayloadOf<K>> {
  seq += 1;
  return {
    id: `${tenantId}-${String(seq).padStart(4, '0')}`,
    type: events[key].type,
    version: events[key].version,
    tenantId,
    branchId: null,
    occurredAt: new Date().toISOString(),
    aggregateId,
    correlationId: `corr-${seq}`,
    causationId: null,
    payload,
  };
}

const message = (e: Envelope): BusMessage => ({
  topic: topicOf(e.type),
  key: `${e.tenantId}:${e.aggregateId}`,
  envelope: e,
});

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

let mokapi: Mokapi;
const buses: KafkaBus[] = [];
function newBus(clientId: string): KafkaBus {
  const bus = new KafkaBus({ brokers: mokapi.brokers, clientId, logger });
  buses.push(bus);
  return bus;
}
let bus: KafkaBus;

beforeAll(async () => {
  mokapi = await startMokapi();
  bus = newBus('kafka-bus-test');
});

afterAll(async () => {
  await Promise.all(buses.map((b) => b.close()));
  await mokapi?.stop();
});

describe('KafkaBus on mokapi', () => {
  it('publishes a valid envelope of every event type in one batch, and a group on all topics receives each', async () => {
    const all = (Object.keys(samples) as EventKey[]).map((key) => {
      const e = envelope(key, samples[key], 't-samples');
      // The samples are valid by the zod contracts, so mokapi accepting them means the channel schemas agree.
      envelopeSchema.parse(e);
      events[key].payload.parse(e.payload);
      return e;
    });
    // go-mokapi 0.52 mis-reads a batch whose non-last record on a topic is over 512 bytes (see the next test):
    // the topics with two such records (items, stock) send their second one in a batch of their own
    const later = all.filter(
      (e) => e.type === events.itemChanged.type || e.type === events.stockCostCorrected.type,
    );
    await bus.publish(all.filter((e) => !later.includes(e)).map(message));
    await bus.publish(later.map(message));

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

  it('rejects a record that violates its channel schema (publish rejects, nothing is stored)', async () => {
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

    const { subscription, received } = recorder('g-bad', 't-bad');
    await bus.subscribe(subscription);
    const marker = envelope('userDeleted', { id: 'u-bad' }, 't-bad');
    await bus.publish([message(marker)]);
    await waitFor('the marker', () => received.some((e) => e.id === marker.id));
    expect(received.map((e) => e.id)).toEqual([marker.id]);
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

  it('publishes real-sized envelopes one record per request, in order (the test broker mis-reads large batches)', async () => {
    const tenant = 't-large';
    const large = Array.from({ length: 4 }, (_, i) =>
      envelope('userCreated', { ...user(`big-${i}`), fullName: 'ع'.repeat(400) }, tenant),
    );
    expect(JSON.stringify(large[0]).length).toBeGreaterThan(512);
    const single = new KafkaBus({
      brokers: mokapi.brokers,
      clientId: 'kafka-bus-single',
      logger,
      oneRecordPerRequest: true,
    });
    buses.push(single);
    await single.publish(large.map(message));
    const { subscription, ids } = recorder('g-large', tenant);
    await single.subscribe(subscription);
    await waitFor('the large events', () => ids().length >= large.length);
    expect(ids()).toEqual(large.map((e) => e.id));
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
    // One partition, in order: had the committed offsets been lost, the old events would arrive first.
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
});
