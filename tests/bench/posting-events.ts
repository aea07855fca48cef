/**
 * Posting from events (issue 13, Performance), the posting part's second figure: `inventory.stock.moved` events
 * handed one by one to the accounts service's own consumer in the embedded mode, as the in-process bus delivers
 * them, each booked as one journal entry through the branch's links. Per event: the inbox row, the posting
 * document's revision, the rule, the branch's links and the closed periods, the append, one transaction. What
 * `appendEntry` alone does not count is all of that but the append.
 */
import type { Envelope } from '@erp/contracts';
import type { Embedded } from '@erp/runner';
import { newId } from '@erp/service-kit';
import type { BenchSession } from './support/http';

// four of inventory's document types, in and out: each books one entry of two lines (accounts/posting)
const TYPES = ['additionOrders', 'shortageAdjustments', 'damageAdjustments', 'overflowAdjustments'] as const;

export interface EventsPosting {
  /** Entries booked per second in each round, and over all rounds. */
  rounds: number[];
  rate: number;
  perCpuSecond: number;
}

/** Turns the branch's automatic posting on: events are booked as they come (otherwise they wait as unposted). */
async function postAutomatically(session: BenchSession): Promise<string> {
  const branchId = session.auth.defaultBranchId;
  const found = await session.call('GET', `/api/Branches/${branchId}`);
  await session.call('PUT', `/api/Branches/${branchId}`, {
    ...found,
    switches: { ...(found.switches as object), automaticPosting: true },
  });
  return branchId;
}

export async function postingFromEvents(
  app: Embedded,
  session: BenchSession,
  tenantId: string,
  options: { events: number; rounds: number },
): Promise<EventsPosting> {
  const branchId = await postAutomatically(session);
  const accounts = app.services.accounts!;
  const consumer = accounts.consumer!;
  const event = (i: number): Envelope => {
    const documentId = newId();
    const type = TYPES[i % TYPES.length]!;
    const out = type === 'shortageAdjustments' || type === 'damageAdjustments';
    const value = `${out ? '-' : ''}${1 + (i % 997)}.${String(i % 10_000).padStart(4, '0')}`;
    return {
      id: newId(),
      type: 'inventory.stock.moved',
      version: 1,
      tenantId,
      branchId,
      occurredAt: new Date().toISOString(),
      aggregateId: documentId,
      correlationId: newId(),
      causationId: null,
      payload: {
        sourceService: 'inventory',
        documentType: type,
        documentId,
        code: String(i + 1),
        revision: 1,
        date: '2026-03-01',
        movements: [
          {
            itemId: 'bench-item',
            storeId: 'bench-store',
            quantity: out ? '-1' : '1',
            value,
            reversal: false,
          },
        ],
      },
    };
  };
  const entries = async () =>
    Number(
      (
        (await accounts.db('journal_entries').where({ tenant_id: tenantId }).count({ n: '*' }))[0] as {
          n: unknown;
        }
      ).n,
    );
  let next = 0;
  const deliver = async (count: number) => {
    for (let k = 0; k < count; k++) await consumer.handle(event(next++));
  };
  await deliver(200); // warm-up, not counted
  const per = Math.ceil(options.events / options.rounds);
  const rounds: number[] = [];
  let booked = 0;
  let ms = 0;
  let cpu = 0;
  for (let round = 0; round < options.rounds; round++) {
    const before = await entries();
    const t = performance.now();
    const since = process.cpuUsage();
    await deliver(per);
    const elapsed = performance.now() - t;
    const used = process.cpuUsage(since);
    const count = (await entries()) - before;
    // every event books exactly one entry: a lost or doubled one would make the rate a lie
    if (count !== per) throw new Error(`round ${round + 1}: ${per} events booked ${count} entries`);
    rounds.push((count * 1000) / elapsed);
    booked += count;
    ms += elapsed;
    cpu += (used.user + used.system) / 1000;
  }
  return { rounds, rate: (booked * 1000) / ms, perCpuSecond: (booked * 1000) / cpu };
}
