import request from 'supertest';
import { envelopeLimits, type Envelope } from '@erp/contracts';
import {
  InProcessBus,
  createTokenService,
  decodeRecord,
  emit,
  startService,
  type ConsumerHealth,
  type Db,
} from '../src';
import { engines, testDatabases, type TestDatabases } from '../../../tests/support/databases';
import { effectHandlers, effectsConsumer, effectsMigration, openTestDb, userPayload } from './fixtures';

const origin = { tenantId: 'tenant-a', branchId: null, correlationId: 'corr-1' };

async function oneEnvelope(db: Db): Promise<Envelope> {
  await db.transaction((trx) => emit(trx, origin, 'userCreated', 'u1', userPayload(1)));
  const [row] = await db('outbox').select('envelope');
  return JSON.parse(String(row.envelope)) as Envelope;
}

describe.each(engines())('records that are no envelope never stop a consumer, on %s', (engine) => {
  let dbs: TestDatabases;
  let db: Db;
  beforeEach(async () => {
    dbs = testDatabases(engine);
    db = await openTestDb(dbs.config('poison'));
  });
  afterEach(async () => {
    await db.destroy();
    await dbs.cleanup();
  });

  it('has the envelope contract’s limits equal to the inbox’s, the dead letters’ and the outbox’s columns', async () => {
    const length = async (table: string, column: string) =>
      Number(((await db(table).columnInfo()) as Record<string, { maxLength: unknown }>)[column]!.maxLength);
    for (const table of ['inbox', 'dead_letters']) {
      expect(await length(table, 'event_id')).toBe(envelopeLimits.id);
      expect(await length(table, 'tenant_id')).toBe(envelopeLimits.tenantId);
      expect(await length(table, 'type')).toBe(envelopeLimits.type);
    }
    expect(await length('outbox', 'id')).toBe(envelopeLimits.id);
    expect(await length('outbox', 'type')).toBe(envelopeLimits.type);
    // the Kafka key `<tenantId>:<aggregateId>`
    expect(await length('outbox', 'msg_key')).toBe(envelopeLimits.tenantId + 1 + envelopeLimits.aggregateId);
  });

  it('parks an envelope that breaks the contract (an id longer than the inbox holds) and applies the next', async () => {
    const good = await oneEnvelope(db);
    const consumer = effectsConsumer(db);
    await consumer.handle({ ...good, id: 'x'.repeat(envelopeLimits.id + 1) });
    await consumer.handle(good);
    const parked = await db('dead_letters').select();
    expect(parked).toHaveLength(1);
    expect(parked[0]).toMatchObject({ consumer: 'effects', tenant_id: 'tenant-a', type: good.type });
    expect(String(parked[0].error)).toMatch(/^envelope: id: /);
    expect(String(parked[0].event_id)).toHaveLength(envelopeLimits.id);
    expect(await db('effects').select('event_id')).toEqual([{ event_id: good.id }]);
  });

  it('parks a record that is not JSON once, however often it is delivered', async () => {
    const consumer = effectsConsumer(db);
    const decoded = decodeRecord('{"id": "half a record', 'identity.user/0/42');
    expect('rejected' in decoded && decoded.rejected.reason).toBe('unparseable');
    if (!('rejected' in decoded)) return;
    await consumer.reject(decoded.rejected);
    await consumer.reject(decoded.rejected);
    const parked = await db('dead_letters').select();
    expect(parked).toHaveLength(1);
    expect(parked[0]).toMatchObject({ tenant_id: 'unknown', type: '(unparseable)' });
    expect(String(parked[0].envelope)).toBe('{"id": "half a record');
    // another record at another offset is another dead letter
    await consumer.reject({ ...decoded.rejected, source: 'identity.user/0/43' });
    expect((await db('dead_letters').select('id')).length).toBe(2);
  });

  it('reads a record as an envelope only when it is JSON and keeps the contract', async () => {
    const good = await oneEnvelope(db);
    expect(decodeRecord(JSON.stringify(good), 's')).toEqual({ envelope: good });
    const noTenant = decodeRecord(JSON.stringify({ ...good, tenantId: undefined }), 's');
    expect('rejected' in noTenant && noTenant.rejected).toMatchObject({ reason: 'envelope' });
    expect('rejected' in noTenant && noTenant.rejected.detail).toContain('tenantId');
  });
});

describe('a service’s health follows its consumer', () => {
  class ReportingBus extends InProcessBus {
    state: ConsumerHealth['state'] = 'running';
    override health(groupId: string): ConsumerHealth | null {
      const base = super.health(groupId);
      return (
        base && { ...base, state: this.state, lastError: this.state === 'stopped' ? 'KafkaJSError' : null }
      );
    }
  }

  it('answers /healthz 200 with the consumer’s state and lag, and 503 once it has stopped', async () => {
    const dbs = testDatabases('sqlite');
    const bus = new ReportingBus();
    const service = await startService(
      {
        name: 'effects',
        migrations: [effectsMigration],
        routes: () => [],
        consumers: () => effectHandlers(),
      },
      { db: dbs.config('health'), bus, tokens: createTokenService('x'.repeat(32)), relayPollMs: 60_000 },
    );
    try {
      const ok = await request(service.app).get('/healthz');
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ status: 'ok', consumer: { state: 'running', lag: 0, lastError: null } });
      bus.state = 'stopped';
      const stopped = await request(service.app).get('/healthz');
      expect(stopped.status).toBe(503);
      expect(stopped.body).toMatchObject({ status: 'unhealthy', consumer: { state: 'stopped' } });
    } finally {
      await service.stop();
      await bus.close();
      await dbs.cleanup();
    }
  });
});

describe('dead letters through the admin routes', () => {
  const secret = 'y'.repeat(32);
  const tokens = createTokenService(secret);
  const admin = tokens.sign({
    userId: 'admin-1',
    tenantId: 'tenant-a',
    userName: 'admin',
    isAdmin: true,
    permissions: new Set(),
    branches: [],
    subscriptionEnd: '2099-12-31',
    subscriptionActive: true,
    tokenVersion: 0,
  }).token;

  it('show a translated reason, never the error, and apply a parked event again after a fix', async () => {
    const dbs = testDatabases('sqlite');
    const bus = new InProcessBus();
    let broken = true;
    const applied = effectHandlers();
    const service = await startService(
      {
        name: 'effects',
        migrations: [effectsMigration],
        routes: () => [],
        consumers: () => ({
          'identity.user.created': async (trx, envelope, payload) => {
            if (broken)
              throw new Error('insert into `effects` (`id`) values (?) - SQLITE_ERROR at /srv/x.ts:1');
            await applied['identity.user.created']!(trx, envelope, payload);
          },
        }),
      },
      { db: dbs.config('replay'), bus, tokens, relayPollMs: 60_000 },
    );
    try {
      const envelope = await oneEnvelope(service.db);
      await service.consumer!.handle(envelope);
      const list = await request(service.app)
        .get('/api/admin/effects/dead-letters')
        .set({ Authorization: `Bearer ${admin}`, Language: 'fr' });
      expect(list.status).toBe(200);
      expect(list.body).toHaveLength(1);
      expect(list.body[0]).toMatchObject({
        eventId: envelope.id,
        reason: 'failed',
        reasonText: "L'application de l'événement a échoué après plusieurs tentatives",
        attempts: 3,
      });
      expect(JSON.stringify(list.body)).not.toMatch(/insert into|SQLITE|\/srv\/|at /);

      const path = `/api/admin/effects/dead-letters/${String(list.body[0].id)}/replay`;
      const again = await request(service.app)
        .post(path)
        .set({ Authorization: `Bearer ${admin}` });
      expect(again.body).toEqual({ outcome: 'parkedAgain' });
      const parked = (
        await request(service.app)
          .get('/api/admin/effects/dead-letters')
          .set({ Authorization: `Bearer ${admin}` })
      ).body as { id: string }[];
      expect(parked).toHaveLength(1);

      broken = false;
      const replay = await request(service.app)
        .post(`/api/admin/effects/dead-letters/${parked[0]!.id}/replay`)
        .set({ Authorization: `Bearer ${admin}` });
      expect(replay.body).toEqual({ outcome: 'applied' });
      expect(await service.db('effects').select('event_id')).toEqual([{ event_id: envelope.id }]);
      expect(await service.db('dead_letters').select()).toEqual([]);
      const gone = await request(service.app)
        .post(`/api/admin/effects/dead-letters/${parked[0]!.id}/replay`)
        .set({ Authorization: `Bearer ${admin}` });
      expect(gone.status).toBe(404);
    } finally {
      await service.stop();
      await bus.close();
      await dbs.cleanup();
    }
  });
});
