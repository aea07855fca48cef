/**
 * Posting from events (issue 13, Performance), the posting part's second figure, through the whole embedded path:
 * `inventory.stock.moved` events committed to inventory's outbox (as its stock documents write them), sent by
 * inventory's relay over the in-process bus to the accounts service's consumer, each booked as one journal entry
 * through the branch's links. Per event: the inbox row, the posting document's revision, the rule, the branch's
 * links and the closed periods, the append. A round writes its events, then times them from their commit until
 * the branch's chain holds all their entries.
 */
import type { Embedded } from '@erp/runner';
import { emit, newId, type Db } from '@erp/service-kit';
import { postAutomatically, type BenchSession } from './support/http';

// four of inventory's document types, in and out: each books one entry of two lines (accounts/posting)
const TYPES = ['additionOrders', 'shortageAdjustments', 'damageAdjustments', 'overflowAdjustments'] as const;

export interface EventsPosting {
  /** Entries booked per second in each round, and over all rounds. */
  rounds: number[];
  rate: number;
  perCpuSecond: number;
}

/** The chain's length in the branch: one read of its head, however long the journal. */
async function chainLength(db: Db, tenantId: string, branchId: string): Promise<number> {
  const head = await db('journal_chains')
    .where({ tenant_id: tenantId, branch_id: branchId })
    .first('last_seq');
  return Number(head?.last_seq ?? 0);
}

export async function postingFromEvents(
  app: Embedded,
  session: BenchSession,
  tenantId: string,
  options: { events: number; rounds: number },
): Promise<EventsPosting> {
  const branchId = session.auth.defaultBranchId;
  await postAutomatically(session, branchId);
  const inventory = app.services.inventory!;
  const accountsDb = app.services.accounts!.db;
  let next = 0;
  /**
   * `count` events into inventory's outbox in one transaction (the relay sees none of them before it commits),
   * then the relay is woken as after a document's save.
   */
  const write = async (count: number) => {
    await inventory.db.transaction(async (trx) => {
      for (let k = 0; k < count; k++) {
        const i = next++;
        const documentId = newId();
        const type = TYPES[i % TYPES.length]!;
        const out = type === 'shortageAdjustments' || type === 'damageAdjustments';
        const value = `${out ? '-' : ''}${1 + (i % 997)}.${String(i % 10_000).padStart(4, '0')}`;
        await emit(trx, { tenantId, branchId, correlationId: newId() }, 'stockMoved', documentId, {
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
        });
      }
    });
    inventory.relay.nudge();
  };
  /** Waits until the chain holds `length` entries; throws if it stops growing for 30 s. */
  const booked = async (length: number) => {
    let last = -1;
    let since = performance.now();
    for (;;) {
      const now = await chainLength(accountsDb, tenantId, branchId);
      if (now >= length) return now;
      if (now !== last) [last, since] = [now, performance.now()];
      else if (performance.now() - since > 30_000)
        throw new Error(`posting from events stalled at ${now} of ${length}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  // a warm-up, not counted
  let length = await chainLength(accountsDb, tenantId, branchId);
  await write(200);
  length = await booked(length + 200);
  const per = Math.ceil(options.events / options.rounds);
  const rounds: number[] = [];
  let ms = 0;
  let cpu = 0;
  for (let round = 0; round < options.rounds; round++) {
    await write(per);
    const t = performance.now();
    const since = process.cpuUsage();
    const reached = await booked(length + per);
    const elapsed = performance.now() - t;
    const used = process.cpuUsage(since);
    // every event books exactly one entry: a lost or doubled one would make the rate a lie
    if (reached !== length + per)
      throw new Error(`round ${round + 1}: ${per} events booked ${reached - length} entries`);
    length = reached;
    rounds.push((per * 1000) / elapsed);
    ms += elapsed;
    cpu += (used.user + used.system) / 1000;
  }
  const total = per * options.rounds;
  return { rounds, rate: (total * 1000) / ms, perCpuSecond: (total * 1000) / cpu };
}
