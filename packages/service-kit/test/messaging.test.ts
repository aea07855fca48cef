import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Envelope } from '@erp/contracts';
import { InProcessBus, OutboxRelay, createLogger, emit, type Bus, type BusMessage, type Db } from '../src';
import { engines, testDatabases, type TestDatabases } from '../../../tests/support/databases';
import { WriteGate } from '../src/db/write-gate';
import { writeGateOf } from '../src/db/database';
import { effectsConsumer, openTestDb, userPayload } from './fixtures';

const origin = { tenantId: 'tenant-a', branchId: null, correlationId: 'corr-1' };
const logger = createLogger('test');

async function count(db: Db, table: string): Promise<number> {
  const [{ n }] = (await db(table).count({ n: '*' })) as [{ n: number | string }];
  return Number(n);
}

async function writeEvents(db: Db, n: number, from = 0): Promise<void> {
  for (let i = from; i < from + n; i++) {
    await db.transaction((trx) => emit(trx, origin, 'userCreated', `u${i}`, userPayload(i)));
  }
}

/** Publishes through, then fails once after `after` messages: a relay that dies between publish and mark. */
class CrashingBus implements Bus {
  readonly kind = 'in-process' as const;
  published = 0;
  private crashed = false;
  constructor(
    private readonly inner: Bus,
    private readonly after: number,
  ) {}
  async publish(messages: readonly BusMessage[]) {
    await this.inner.publish(messages);
    this.published += messages.length;
    if (!this.crashed && this.published >= this.after) {
      this.crashed = true;
      throw new Error('relay died before marking the batch sent');
    }
  }
  subscribe = (s: Parameters<Bus['subscribe']>[0]) => this.inner.subscribe(s);
  health = (groupId: string) => this.inner.health(groupId);
  close = () => this.inner.close();
}

describe.each(engines())('outbox, relay and inbox on %s', (engine) => {
  let dbs: TestDatabases;
  let db: Db;

  beforeEach(async () => {
    dbs = testDatabases(engine);
    db = await openTestDb(dbs.config('messaging'));
  });
  afterEach(async () => {
    await db.destroy();
    await dbs.cleanup();
  });

  it('keeps an envelope far above 64 KB whole (a document of a thousand lines, its audit record)', async () => {
    const changes = Array.from({ length: 2_000 }, (_, i) => ({
      property: `lines.${i}.quantity`,
      before: 'x'.repeat(40),
      after: 'y'.repeat(40),
    }));
    await db.transaction((trx) =>
      emit(trx, origin, 'auditRecorded', 'doc-1', {
        service: 'inventory',
        entity: 'storageTransfers',
        entityId: 'doc-1',
        action: 'modified',
        changes,
        userId: null,
        userName: null,
      }),
    );
    const row = await db('outbox').first('envelope');
    expect(String(row!.envelope).length).toBeGreaterThan(200_000);
    expect(
      (JSON.parse(String(row!.envelope)) as Envelope<{ changes: unknown[] }>).payload.changes,
    ).toHaveLength(2_000);
  });

  it('writes nothing when the change rolls back', async () => {
    await expect(
      db.transaction(async (trx) => {
        await emit(trx, origin, 'userCreated', 'u1', userPayload(1));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await count(db, 'outbox')).toBe(0);
  });

  it('refuses a payload that breaks its contract at the source', async () => {
    await expect(
      db.transaction((trx) => emit(trx, origin, 'userCreated', 'u1', { id: 'u1' } as never)),
    ).rejects.toThrow();
    expect(await count(db, 'outbox')).toBe(0);
  });

  it('publishes in commit order with the envelope of design.md section 3 and marks rows sent', async () => {
    await writeEvents(db, 5);
    const seen: Envelope[] = [];
    const bus = new InProcessBus();
    await bus.subscribe({
      groupId: 'spy',
      topics: ['identity.user'],
      handle: async (e) => void seen.push(e),
    });
    const relay = new OutboxRelay(db, bus, logger);
    expect(await relay.drainOnce()).toBe(5);
    expect(await relay.drainOnce()).toBe(0);
    expect(seen.map((e) => e.aggregateId)).toEqual(['u0', 'u1', 'u2', 'u3', 'u4']);
    expect(seen[0]).toMatchObject({
      type: 'identity.user.created',
      version: 1,
      tenantId: 'tenant-a',
      correlationId: 'corr-1',
      causationId: null,
    });
    expect(await db('outbox').whereNull('sent_at').count({ n: '*' })).toEqual(
      [{ n: engine === 'mysql' ? '0' : 0 }].map((r) => ({ n: r.n })),
    );
  });

  it('a held bus marks nothing sent before open: a consumer subscribing late still gets what was unsent', async () => {
    // the embedded start after a crash: one service's relay runs before another service has subscribed
    await writeEvents(db, 3);
    const bus = new InProcessBus({ held: true });
    const relay = new OutboxRelay(db, bus, logger);
    const draining = relay.drainOnce();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await count(db, 'outbox')).toBe(3);
    expect(Number((await db('outbox').whereNull('sent_at').count({ n: '*' }))[0]!.n)).toBe(3);
    const seen: string[] = [];
    await bus.subscribe({
      groupId: 'late',
      topics: ['identity.user'],
      handle: async (e) => void seen.push(e.aggregateId),
    });
    bus.open();
    expect(await draining).toBe(3);
    expect(seen).toEqual(['u0', 'u1', 'u2']);
  });

  it('applies a redelivered event once', async () => {
    await writeEvents(db, 1);
    const bus = new InProcessBus();
    const consumer = effectsConsumer(db);
    await bus.subscribe(consumer);
    const [row] = await db('outbox').select('envelope');
    const envelope = JSON.parse(row.envelope) as Envelope;
    await consumer.handle(envelope);
    await consumer.handle(envelope);
    await consumer.handle(envelope);
    expect(await count(db, 'effects')).toBe(1);
    expect(await count(db, 'inbox')).toBe(1);
  });

  it('parks a poison event in dead_letters and goes on with the next one', async () => {
    await writeEvents(db, 2);
    const rows = await db('outbox').orderBy('seq').select('envelope');
    const [good, bad] = [JSON.parse(rows[0].envelope), JSON.parse(rows[1].envelope)] as Envelope[];
    const consumer = effectsConsumer(db);
    await consumer.handle({ ...bad!, payload: { id: 'no-user-name' } });
    await consumer.handle(good!);
    const parked = await db('dead_letters').select();
    expect(parked).toHaveLength(1);
    expect(parked[0]).toMatchObject({
      consumer: 'effects',
      event_id: bad!.id,
      type: 'identity.user.created',
    });
    expect(String(parked[0].error)).toContain('contract');
    expect(await count(db, 'effects')).toBe(1);
  });

  it('does not park an event while its database or disk fails: it is delivered again and applied once', async () => {
    await writeEvents(db, 1);
    const [row] = await db('outbox').select('envelope');
    const { InboxConsumer } = await import('../src');
    let full = true;
    const applied: string[] = [];
    const consumer = new InboxConsumer(
      db,
      'disk',
      {
        'identity.user.created': async (_trx, e) => {
          if (full) throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
          applied.push(e.id);
        },
      },
      logger,
      { maxAttempts: 3, retryDelayMs: 1 },
    );
    const envelope = JSON.parse(row.envelope) as Envelope;
    await expect(consumer.handle(envelope)).rejects.toMatchObject({ code: 'SQLITE_FULL' });
    expect(await count(db, 'dead_letters')).toBe(0);
    expect(await count(db, 'inbox')).toBe(0);
    full = false;
    await consumer.handle(envelope);
    await consumer.handle(envelope);
    expect(applied).toEqual([envelope.id]);
    expect(await count(db, 'dead_letters')).toBe(0);
  });

  it('parks an event whose effect keeps failing, after its attempts', async () => {
    await writeEvents(db, 1);
    const [row] = await db('outbox').select('envelope');
    const { InboxConsumer } = await import('../src');
    const consumer = new InboxConsumer(
      db,
      'failing',
      {
        'identity.user.created': async () => {
          throw new Error('boom');
        },
      },
      logger,
      { maxAttempts: 3, retryDelayMs: 1 },
    );
    await consumer.handle(JSON.parse(row.envelope));
    const [parked] = await db('dead_letters').select();
    expect(parked).toMatchObject({ consumer: 'failing', attempts: 3 });
    expect(String(parked.error)).toContain('boom');
  });

  it('applies every event exactly once when the relay dies between publishing and marking', async () => {
    await writeEvents(db, 30);
    const inner = new InProcessBus();
    await inner.subscribe(effectsConsumer(db));
    const bus = new CrashingBus(inner, 10);
    const relay = new OutboxRelay(db, bus, logger, { batchSize: 10 });
    await expect(relay.drainOnce()).rejects.toThrow('relay died');
    // restart: the unmarked batch is published again
    const restarted = new OutboxRelay(db, inner, logger, { batchSize: 10 });
    await restarted.flush();
    expect(bus.published).toBe(10);
    expect(await count(db, 'effects')).toBe(30);
    const distinct = await db('effects').countDistinct({ n: 'event_id' });
    expect(Number(distinct[0]!.n)).toBe(30);
  });

  it('applies every event exactly once when the relay+consumer process is killed mid-stream', async () => {
    const config = dbs.config('messaging');
    await writeEvents(db, 200);
    const worker = path.join(__dirname, 'relay-worker.ts');
    // node with tsx's loader, not the tsx CLI: the CLI forks a child that a SIGKILL of the parent would miss
    const run = () =>
      spawn(process.execPath, ['--import', 'tsx', worker, JSON.stringify(config)], {
        cwd: path.resolve(__dirname, '../../..'),
        stdio: ['ignore', 'pipe', 'inherit'],
      });

    const first = run();
    const deadline = Date.now() + 30_000;
    while ((await count(db, 'effects')) < 40) {
      if (Date.now() > deadline) throw new Error('worker made no progress');
      await new Promise((r) => setTimeout(r, 20));
    }
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const atKill = await count(db, 'effects');
    expect(atKill).toBeLessThan(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(await count(db, 'effects')).toBe(atKill); // really dead: nothing moves until the restart

    const second = run();
    try {
      const end = Date.now() + 60_000;
      while ((await count(db, 'effects')) < 200 || (await db('outbox').whereNull('sent_at').first('seq'))) {
        if (Date.now() > end) throw new Error('second worker did not finish');
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      second.kill('SIGKILL');
      await new Promise((r) => second.once('exit', r));
    }
    expect(await count(db, 'effects')).toBe(200);
    expect(await count(db, 'inbox')).toBe(200);
    const distinct = await db('effects').countDistinct({ n: 'event_id' });
    expect(Number(distinct[0]!.n)).toBe(200);
  }, 120_000);
});

describe("the service's writes beside a job thread (sqlite)", () => {
  it('marks a batch sent and begins a transaction in its turn, leaving the connection to the reads while the job thread writes', async () => {
    const dbs = testDatabases('sqlite');
    const db = await openTestDb(dbs.config('messaging'));
    try {
      await writeEvents(db, 3);
      // the job thread's side of the gate, in the middle of a chunk
      const thread = new WriteGate(writeGateOf(db)!, 'thread');
      thread.enter();
      let drained = false;
      const draining = new OutboxRelay(db, new InProcessBus(), logger).drainOnce().then((n) => {
        drained = true;
        return n;
      });
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(drained).toBe(false);
      // a read meanwhile is answered at once: the relay's marking waits without taking the one connection
      const read = Date.now();
      const answered = await Promise.race([
        count(db, 'outbox'),
        new Promise((resolve) => setTimeout(() => resolve('still waiting'), 1_000)),
      ]);
      thread.leave();
      expect(answered).toBe(3);
      expect(Date.now() - read).toBeLessThan(100);
      expect(await draining).toBe(3);
      expect(Number((await db('outbox').whereNull('sent_at').count({ n: '*' }))[0]!.n)).toBe(0);

      // so does a transaction (an event's effect, a save): it takes the connection once it can begin
      thread.enter();
      const writing = writeEvents(db, 1, 3);
      await new Promise((resolve) => setTimeout(resolve, 30));
      const meanwhile = await Promise.race([
        count(db, 'outbox'),
        new Promise((resolve) => setTimeout(() => resolve('still waiting'), 1_000)),
      ]);
      thread.leave();
      expect(meanwhile).toBe(3);
      await writing;
      expect(await count(db, 'outbox')).toBe(4);
    } finally {
      await db.destroy();
      await dbs.cleanup();
    }
  });
});
