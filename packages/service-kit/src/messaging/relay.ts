import type { Envelope } from '@erp/contracts';
import { inWriteTurn, type Db } from '../db/database';
import { nowIso } from '../ids';
import type { Logger } from '../logger';
import type { Bus } from './bus';

export interface RelayOptions {
  batchSize?: number;
  pollMs?: number;
}

/** About this much envelope text a batch: parsing and publishing it holds the process a few milliseconds. */
const BATCH_BYTES = 256 * 1024;

/**
 * Publishes outbox rows in commit order and marks them sent. If the process dies between the two, the rows
 * are published again on restart: at-least-once, made exactly-once in effect by the consumers' inbox.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private readonly batchSize: number;
  /** The rows the next batch reads: `batchSize`, fewer while envelopes are large (see drainOnce). */
  private limit: number;
  private readonly pollMs: number;

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly logger: Logger,
    options: RelayOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 200;
    this.limit = this.batchSize;
    this.pollMs = options.pollMs ?? 250;
  }

  start(): void {
    this.stopped = false;
    this.nudge();
  }

  /** Ask for a drain soon (after a commit that wrote outbox rows). */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.loop().finally(() => {
      this.running = null;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.nudge();
      } else {
        this.timer = setTimeout(() => this.nudge(), this.pollMs);
      }
    });
  }

  private async loop(): Promise<void> {
    try {
      for (;;) {
        const limit = this.limit;
        // a full batch: there may be more, after the requests waiting meanwhile (SQLite holds the event loop)
        if (this.stopped || (await this.drainOnce()) < limit) break;
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      this.logger.warn('relay publish failed; will retry', { error: String(error) });
    }
  }

  /** Publishes one batch; returns how many rows it sent. */
  async drainOnce(): Promise<number> {
    const rows: { seq: number; id: string; topic: string; msg_key: string; envelope: string }[] =
      await this.db('outbox')
        .whereNull('sent_at')
        .orderBy('seq')
        .limit(this.limit)
        .select('seq', 'id', 'topic', 'msg_key', 'envelope');
    if (rows.length === 0) return 0;
    // large envelopes (a re-costing's parts are up to 60 KB each) make smaller batches: a batch is read, parsed
    // and published in one go, and on SQLite nothing else runs meanwhile
    const bytes = rows.reduce((n, r) => n + r.envelope.length, 0);
    this.limit =
      bytes > BATCH_BYTES
        ? Math.max(1, Math.floor((rows.length * BATCH_BYTES) / bytes))
        : Math.min(this.batchSize, this.limit * 2);
    await this.bus.publish(
      rows.map((r) => ({ topic: r.topic, key: r.msg_key, envelope: JSON.parse(r.envelope) as Envelope })),
    );
    // its turn first: waiting at the gate with the connection taken would hold the service's reads too
    await inWriteTurn(this.db, () =>
      this.db('outbox')
        .whereIn(
          'seq',
          rows.map((r) => r.seq),
        )
        .update({ sent_at: nowIso() }),
    );
    return rows.length;
  }

  /** Drains until the outbox is empty (tests, shutdown). */
  async flush(): Promise<void> {
    while ((await this.drainOnce()) > 0) {
      // keep going
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
