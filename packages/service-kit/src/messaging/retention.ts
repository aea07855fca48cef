import type { Db } from '../db/database';
import type { Logger } from '../logger';

export interface RetentionOptions {
  /** Full history kept in the outbox, and inbox rows kept for deduplication. */
  days?: number;
  /** How often the pruning runs. */
  everyMs?: number;
  /** Rows deleted per statement, so a large backlog never holds the database for long. */
  chunk?: number;
  now?: () => Date;
}

/**
 * Keeps the outbox and the inbox from growing forever (issue 10 item 6).
 * - Outbox: a published row older than the retention period is deleted once a newer event of the same aggregate
 *   (topic and key) exists. Every aggregate's latest event stays, so a consumer that starts later (a new service,
 *   a rebuilt replica) still learns the current state of everything; the full history is kept for the period.
 * - Inbox: rows older than the period are deleted. A redelivery can only come from the broker (retention a week,
 *   shorter than the period) or from the relay's unsent rows, both far younger.
 */
export async function pruneMessaging(
  db: Db,
  options: RetentionOptions = {},
): Promise<{ outbox: number; inbox: number }> {
  const days = options.days ?? 30;
  const chunk = options.chunk ?? 1000;
  const cutoff = new Date((options.now?.() ?? new Date()).getTime() - days * 86_400_000).toISOString();
  let outbox = 0;
  for (;;) {
    const superseded = (await db('outbox as o')
      .whereNotNull('o.sent_at')
      .andWhere('o.created_at', '<', cutoff)
      .whereExists((q) =>
        q
          .select(db.raw('1'))
          .from('outbox as n')
          .whereRaw('n.topic = o.topic')
          .andWhereRaw('n.msg_key = o.msg_key')
          .andWhereRaw('n.seq > o.seq'),
      )
      .orderBy('o.seq')
      .limit(chunk)
      .pluck('o.seq')) as number[];
    if (superseded.length === 0) break;
    outbox += await db('outbox').whereIn('seq', superseded).delete();
    if (superseded.length < chunk) break;
  }
  let inbox = 0;
  for (;;) {
    const old = (await db('inbox')
      .where('processed_at', '<', cutoff)
      .limit(chunk)
      .select('consumer', 'event_id')) as { consumer: string; event_id: string }[];
    if (old.length === 0) break;
    const byConsumer = new Map<string, string[]>();
    for (const r of old) byConsumer.set(r.consumer, [...(byConsumer.get(r.consumer) ?? []), r.event_id]);
    for (const [consumer, ids] of byConsumer)
      inbox += await db('inbox').where({ consumer }).whereIn('event_id', ids).delete();
    if (old.length < chunk) break;
  }
  return { outbox, inbox };
}

/**
 * Runs {@link pruneMessaging} five seconds after start, then every `everyMs` (an hour by default), until stopped.
 * Stopping waits for a run under way: the service closes its database next, and a prune left running would wait
 * on the closed pool.
 */
export function scheduleRetention(
  db: Db,
  logger: Logger,
  options: RetentionOptions = {},
): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let running: Promise<void> | null = null;
  const prune = async () => {
    try {
      const pruned = await pruneMessaging(db, options);
      if (pruned.outbox || pruned.inbox) logger.info('messaging pruned', pruned);
    } catch (error) {
      logger.warn('messaging pruning failed', { error: String(error) });
    }
  };
  const run = () => {
    running = prune().finally(() => {
      running = null;
      if (!stopped) timer = setTimeout(run, options.everyMs ?? 3_600_000).unref();
    });
  };
  timer = setTimeout(run, 5_000).unref();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
