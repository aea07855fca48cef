import { pruneMessaging, type Db } from '../src';
import { engines, testDatabases, type TestDatabases } from '../../../tests/support/databases';
import { openTestDb } from './fixtures';

const DAY = 86_400_000;
const now = new Date('2026-06-30T12:00:00.000Z');
const daysAgo = (n: number) => new Date(now.getTime() - n * DAY).toISOString();

/** Issue 10 item 6: the outbox and the inbox do not grow forever, and nothing a late consumer needs is lost. */
describe.each(engines())('messaging retention on %s', (engine) => {
  let dbs: TestDatabases;
  let db: Db;
  let next = 0;
  beforeEach(async () => {
    next = 0;
    dbs = testDatabases(engine);
    db = await openTestDb(dbs.config('retention'));
  });
  afterEach(async () => {
    await db.destroy();
    await dbs.cleanup();
  });

  const outbox = (key: string, createdDaysAgo: number, sent: boolean) => ({
    id: `e-${++next}`,
    tenant_id: 't',
    topic: 'inventory.item',
    msg_key: key,
    type: 'inventory.item.changed',
    envelope: '{}',
    created_at: daysAgo(createdDaysAgo),
    sent_at: sent ? daysAgo(createdDaysAgo) : null,
  });

  it("keeps every aggregate's latest event, the recent history and what is unsent; drops old inbox rows", async () => {
    const rows = [
      outbox('t:a', 90, true), // superseded and old: pruned
      outbox('t:a', 60, true), // superseded and old: pruned
      outbox('t:a', 10, true), // a's latest, recent
      outbox('t:b', 90, true), // b's only event: kept however old
      outbox('t:c', 90, false), // never published: kept
      outbox('t:c', 80, true), // c's latest
      outbox('t:d', 20, true), // superseded but recent: kept
      outbox('t:d', 5, true),
    ];
    for (const r of rows) await db('outbox').insert(r);
    await db('inbox').insert([
      { consumer: 'sales', event_id: 'old-1', tenant_id: 't', type: 'x', processed_at: daysAgo(45) },
      { consumer: 'accounts', event_id: 'old-2', tenant_id: 't', type: 'x', processed_at: daysAgo(31) },
      { consumer: 'sales', event_id: 'new-1', tenant_id: 't', type: 'x', processed_at: daysAgo(2) },
    ]);
    const pruned = await pruneMessaging(db, { days: 30, now: () => now, chunk: 1 });
    expect(pruned).toEqual({ outbox: 2, inbox: 2 });
    const left = (await db('outbox').orderBy('seq').pluck('id')) as string[];
    expect(left).toEqual(['e-3', 'e-4', 'e-5', 'e-6', 'e-7', 'e-8']);
    expect((await db('inbox').pluck('event_id')).sort()).toEqual(['new-1']);
    // a second run finds nothing more
    expect(await pruneMessaging(db, { days: 30, now: () => now })).toEqual({ outbox: 0, inbox: 0 });
  });
});
