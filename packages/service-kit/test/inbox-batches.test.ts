import type { Envelope } from '@erp/contracts';
import {
  InboxConsumer,
  InProcessBus,
  createLogger,
  emit,
  type Db,
  type EventHandler,
  type Subscription,
} from '../src';
import { engines, testDatabases, type TestDatabases } from '../../../tests/support/databases';
import { seeded } from '../../../tests/support/seeded';
import { openTestDb, userPayload } from './fixtures';

/**
 * Events delivered several at a time (`InboxConsumer.handleBatch`, the embedded bus's delivery of a relay's
 * batch): consecutive events share one transaction, and any failure sends each of them back through the one-by-one
 * path. Checked against a model of one-by-one delivery: random batches with redeliveries, duplicates inside a
 * batch, events whose effect fails once or always, events that break their contract, and slow effects that
 * outlast a transaction's time budget.
 */
const SEED = Number(process.env.INBOX_BATCH_SEED ?? 20261206);
const ROUNDS = Number(process.env.INBOX_BATCH_ROUNDS ?? 12);
const origin = { tenantId: 'tenant-a', branchId: null, correlationId: 'corr-1' };
const logger = createLogger('test');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function envelopesOf(db: Db, n: number, from: number): Promise<Envelope[]> {
  await db.transaction(async (trx) => {
    for (let i = from; i < from + n; i++) await emit(trx, origin, 'userCreated', `u${i}`, userPayload(i));
  });
  const rows = (await db('outbox').where('seq', '>', 0).orderBy('seq').select('envelope')) as {
    envelope: string;
  }[];
  return rows.slice(-n).map((r) => JSON.parse(r.envelope) as Envelope);
}

describe.each(engines())('events delivered in batches on %s', (engine) => {
  let dbs: TestDatabases;
  let db: Db;
  // the effects' numbers, in the order they commit (one sequence for every consumer of a test)
  let counter = 0;
  beforeEach(async () => {
    dbs = testDatabases(engine);
    db = await openTestDb(dbs.config('batches'));
  });
  afterEach(async () => {
    await db.destroy();
    await dbs.cleanup();
  });

  /** A consumer whose effect is an `effects` row numbered in the order effects commit. */
  function consumerOf(
    kinds: Map<string, 'poison' | 'flaky' | 'slow'>,
    commits = { n: 0 },
    batchBudgetMs?: number,
  ) {
    const attempts = new Map<string, number>();
    const handler: EventHandler = async (trx, envelope, payload) => {
      const name = (payload as { userName: string }).userName;
      const attempt = (attempts.get(envelope.id) ?? 0) + 1;
      attempts.set(envelope.id, attempt);
      const kind = kinds.get(name);
      if (kind === 'poison') throw new Error(`poison ${name}`);
      if (kind === 'flaky' && attempt === 1) throw new Error(`flaky ${name}`);
      if (kind === 'slow') await sleep(12);
      await trx('effects').insert({
        id: String(++counter).padStart(12, '0'),
        tenant_id: envelope.tenantId,
        event_id: envelope.id,
        user_name: name,
      });
    };
    return new InboxConsumer(db, 'batches', { 'identity.user.created': handler }, logger, {
      maxAttempts: 2,
      retryDelayMs: 1,
      afterCommit: () => void commits.n++,
      ...(batchBudgetMs === undefined ? {} : { batchBudgetMs }),
    });
  }

  it('applies each event once, in delivery order, whatever the batches, redeliveries and failures', async () => {
    const random = seeded(SEED + (engine === 'mysql' ? 1 : 0));
    const applied: string[] = [];
    const parked = new Set<string>();
    let from = 0;
    for (let round = 0; round < ROUNDS; round++) {
      await db('effects').delete();
      const n = 1 + random.int(20);
      const envelopes = await envelopesOf(db, n, from);
      from += n;
      const kinds = new Map<string, 'poison' | 'flaky' | 'slow'>();
      const bad = new Set<string>();
      for (const [i, e] of envelopes.entries()) {
        const pick = random.int(10);
        const name = `user${from - n + i}`;
        if (pick === 0) kinds.set(name, 'poison');
        else if (pick === 1) kinds.set(name, 'flaky');
        else if (pick === 2) kinds.set(name, 'slow');
        else if (pick === 3) bad.add(e.id);
      }
      // a payload that breaks its contract: parked as such, never handled
      const delivered = envelopes.map((e) =>
        bad.has(e.id) ? { ...e, payload: { ...(e.payload as object), userName: 42 } } : e,
      );
      // deliveries: windows of the stream in order, some going back (a redelivery), some with an event twice
      const deliveries: Envelope[][] = [];
      let at = 0;
      while (at < delivered.length) {
        const size = 1 + random.int(8);
        const batch = delivered.slice(at, at + size);
        if (random.int(4) === 0 && batch.length > 0) batch.splice(random.int(batch.length), 0, batch[0]!);
        deliveries.push(batch);
        at = random.int(3) === 0 ? Math.max(0, at - random.int(4)) : at + size;
      }
      deliveries.push(delivered); // the whole stream again, as after a relay's restart
      // the model: one-by-one delivery, the first time an event is seen
      const seen = new Set<string>();
      const expected: string[] = [];
      for (const batch of deliveries)
        for (const e of batch) {
          if (seen.has(e.id)) continue;
          seen.add(e.id);
          const name = (e.payload as { userName: unknown }).userName;
          if (bad.has(e.id) || kinds.get(String(name)) === 'poison') parked.add(e.id);
          else expected.push(e.id);
        }
      const consumer = consumerOf(kinds);
      for (const batch of deliveries)
        if (batch.length === 1 && random.int(2) === 0) await consumer.handle(batch[0]!);
        else await consumer.handleBatch(batch);
      const effects = (await db('effects').orderBy('id').select('event_id')) as { event_id: string }[];
      expect(effects.map((r) => r.event_id)).toEqual(expected);
      applied.push(...expected);
    }
    const letters = (await db('dead_letters').select('event_id')) as { event_id: string }[];
    expect(letters.map((r) => r.event_id).sort()).toEqual([...parked].sort());
    expect(Number((await db('inbox').count({ n: '*' }))[0]!.n)).toBe(applied.length + parked.size);
  }, 120_000);

  it('keeps one transaction for a run of events, and starts another once its time budget is spent', async () => {
    const fast = await envelopesOf(db, 40, 0);
    const commits = { n: 0 };
    await consumerOf(new Map(), commits, 60_000).handleBatch(fast);
    expect(commits.n).toBe(1);
    // 12 ms each against a 10 ms budget: each event's run ends after it, every event applied once
    const slow = await envelopesOf(db, 5, 40);
    commits.n = 0;
    await consumerOf(
      new Map(slow.map((_, i) => [`user${40 + i}`, 'slow' as const])),
      commits,
      10,
    ).handleBatch(slow);
    expect(commits.n).toBe(5);
    expect(Number((await db('effects').count({ n: '*' }))[0]!.n)).toBe(45);
  });
});

describe('the embedded bus', () => {
  it('hands each group its events of a batch in one delivery where it takes batches, else one by one', async () => {
    const bus = new InProcessBus();
    const calls: string[] = [];
    const envelope = (id: string, type: string) => ({ id, type }) as unknown as Envelope;
    const batching: Subscription = {
      groupId: 'batching',
      topics: ['identity'],
      handle: async (e) => void calls.push(`batching one ${e.id}`),
      handleBatch: async (es) => void calls.push(`batching ${es.map((e) => e.id).join(',')}`),
    };
    const single: Subscription = {
      groupId: 'single',
      topics: ['identity', 'inventory'],
      handle: async (e) => void calls.push(`single ${e.id}`),
    };
    await bus.subscribe(batching);
    await bus.subscribe(single);
    await bus.publish([
      { topic: 'identity', key: 'k', envelope: envelope('1', 'identity.user.created') },
      { topic: 'inventory', key: 'k', envelope: envelope('2', 'inventory.stock.moved') },
      { topic: 'identity', key: 'k', envelope: envelope('3', 'identity.user.created') },
    ]);
    expect(calls).toEqual(['batching 1,3', 'single 1', 'single 2', 'single 3']);
  });
});
