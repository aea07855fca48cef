import type { Db } from '@erp/service-kit';
import type { Consumers } from './invariants';

/**
 * The event lag as the fault run sees it, on its own monotonic clock (a process whose wall clock jumped writes
 * times that cannot be compared): each poll lists the (event, consumer) pairs not applied yet; a pair's age is
 * the time since a poll first saw it pending. The lag is the oldest pending pair's age (0 when none is).
 */
export class LagProbe {
  private readonly firstSeen = new Map<string, number>();
  /** Per producer: every event up to this outbox seq is applied by all its consumers. */
  private readonly done = new Map<string, number>();
  private readonly handled = new Map<string, string[]>();
  readonly samples: { at: number; lag: number; pending: number }[] = [];

  constructor(
    private readonly dbs: Readonly<Record<string, Db>>,
    consumers: Consumers,
    private readonly clock: () => number,
  ) {
    for (const [consumer, types] of Object.entries(consumers))
      for (const t of types) this.handled.set(t, [...(this.handled.get(t) ?? []), consumer]);
  }

  async poll(): Promise<{ lag: number; pending: number }> {
    const now = this.clock();
    const pending = new Set<string>();
    for (const [producer, db] of Object.entries(this.dbs)) {
      const from = this.done.get(producer) ?? 0;
      const events = (await db('outbox')
        .where('seq', '>', from)
        .orderBy('seq')
        .limit(5000)
        .select('seq', 'id', 'type')) as { seq: number; id: string; type: string }[];
      let contiguous = from;
      let blocked = false;
      const byConsumer = new Map<string, string[]>();
      for (const e of events)
        for (const c of this.handled.get(e.type) ?? [])
          byConsumer.set(c, [...(byConsumer.get(c) ?? []), e.id]);
      const applied = new Set<string>();
      for (const [consumer, ids] of byConsumer) {
        const db2 = this.dbs[consumer];
        if (!db2) continue;
        for (let i = 0; i < ids.length; i += 500)
          for (const r of (await db2('inbox')
            .where({ consumer })
            .whereIn('event_id', ids.slice(i, i + 500))
            .select('event_id')) as { event_id: string }[])
            applied.add(`${consumer}|${r.event_id}`);
      }
      for (const e of events) {
        const missing = (this.handled.get(e.type) ?? []).filter(
          (c) => this.dbs[c] && !applied.has(`${c}|${e.id}`),
        );
        for (const c of missing) pending.add(`${c}|${e.id}`);
        if (missing.length > 0) blocked = true;
        if (!blocked) contiguous = Number(e.seq);
      }
      this.done.set(producer, contiguous);
    }
    let oldest = now;
    for (const key of pending) {
      const seen = this.firstSeen.get(key) ?? now;
      this.firstSeen.set(key, seen);
      oldest = Math.min(oldest, seen);
    }
    for (const key of this.firstSeen.keys()) if (!pending.has(key)) this.firstSeen.delete(key);
    const sample = { at: now, lag: now - oldest, pending: pending.size };
    this.samples.push(sample);
    return sample;
  }

  /** The first poll at or after `from` whose lag was under `limitMs` (its time), or null. */
  settledAfter(from: number, limitMs = 1_000): number | null {
    return this.samples.find((s) => s.at >= from && s.lag < limitMs)?.at ?? null;
  }
}
