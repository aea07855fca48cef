import { createHash } from 'node:crypto';
import { envelopeLimits, findEvent, topicOf, type Envelope } from '@erp/contracts';
import type { Db, Trx } from '../db/database';
import { isUnavailable, isUniqueViolation } from '../db/database';
import { isSqlite, onSqliteConnection, withSubJournalsInMemory } from '../db/raw-sql';
import { newId, nowIso } from '../ids';
import type { Logger } from '../logger';
import type { Subscription } from './bus';
import { checkEnvelope, type RejectedRecord } from './record';

export type EventHandler = (trx: Trx, envelope: Envelope, payload: unknown) => Promise<void>;

export interface ConsumerOptions {
  /** Attempts before an event is parked in dead_letters. */
  maxAttempts?: number;
  retryDelayMs?: number;
  /** Called after an effect commits (to nudge the service's relay when the effect wrote events). */
  afterCommit?: () => void;
  /** How long a batch keeps one transaction (BATCH_BUDGET_MS unless set). */
  batchBudgetMs?: number;
}

/**
 * How long a batch keeps its one transaction (`handleBatch`): on SQLite the service's requests wait for the one
 * connection meanwhile, so this bounds what a batch adds to their time.
 */
const BATCH_BUDGET_MS = 10;

type Accepted =
  | { kind: 'none' }
  | { kind: 'rejected'; rejected: RejectedRecord }
  | { kind: 'contract'; envelope: Envelope; problem: string }
  | { kind: 'ready'; envelope: Envelope; handler: EventHandler; payload: unknown };

// SQLite: the inbox row in one prepared statement; a row already there (a redelivery) inserts nothing
const CLAIM_SQLITE = `/* inbox */ insert into inbox (consumer, event_id, tenant_id, type, processed_at)
  values (?, ?, ?, ?, ?) on conflict (consumer, event_id) do nothing`;

/**
 * Records the event in the inbox, in the effect's transaction: false when it was recorded before. On SQLite it
 * is the transaction's first write, made with sub-journals in memory (raw-sql.ts): the effect's savepoints, a
 * journal entry's among them, then keep their page copies in memory instead of a temporary file.
 */
async function claimEvent(trx: Trx, consumer: string, envelope: Envelope): Promise<boolean> {
  const row = [consumer, envelope.id, envelope.tenantId, envelope.type, nowIso()];
  if (isSqlite(trx))
    return onSqliteConnection(trx, (conn) =>
      withSubJournalsInMemory(
        conn,
        () => (conn.prepare(CLAIM_SQLITE).run(...row) as { changes: number }).changes === 1,
      ),
    );
  const seen = await trx('inbox').where({ consumer, event_id: envelope.id }).first('event_id');
  if (seen) return false;
  await trx('inbox').insert({
    consumer,
    event_id: envelope.id,
    tenant_id: envelope.tenantId,
    type: envelope.type,
    processed_at: row[4],
  });
  return true;
}

/**
 * An idempotent consumer: the event id goes into `inbox` in the same transaction as the effect, so a
 * redelivered event changes nothing. An event that keeps failing (or does not match its contract) is parked
 * in `dead_letters` with the error and acknowledged, so it blocks nothing else.
 */
export class InboxConsumer implements Subscription {
  readonly topics: readonly string[];
  private readonly maxAttempts: number;
  private readonly retryDelayMs: number;
  /** Deliveries being handled, and whether the service is stopping (then a delivery is refused: sent again later). */
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly db: Db,
    readonly groupId: string,
    private readonly handlers: Readonly<Record<string, EventHandler>>,
    private readonly logger: Logger,
    private readonly options: ConsumerOptions = {},
  ) {
    this.topics = [...new Set(Object.keys(handlers).map(topicOf))];
    this.maxAttempts = options.maxAttempts ?? 3;
    this.retryDelayMs = options.retryDelayMs ?? 50;
  }

  handle(received: Envelope): Promise<void> {
    return this.track(() => this.handleOne(received));
  }

  /**
   * Several events in order (a relay's batch on the embedded bus): consecutive ones that match their contracts
   * share one transaction, each with its inbox row, for at most BATCH_BUDGET_MS. A commit writes every page it
   * changed to the log, and one transaction per event paid that, knex's transaction and the relay's wake-up for
   * each (issue 13's posting from events). If any of them fails, the transaction takes all of them back and each
   * runs again on its own as `handle` runs it: its retries, then its parking. So an event is applied once, with
   * its inbox row, whichever way it went.
   */
  handleBatch(received: readonly Envelope[]): Promise<void> {
    return this.track(async () => {
      const accepted = received.map((envelope) => this.accept(envelope));
      for (let i = 0; i < received.length;) {
        const one = accepted[i]!;
        if (one.kind === 'ready') i = await this.handleRun(received, accepted, i);
        else await this.handleOne(received[i++]!, one);
        // on SQLite each transaction ran without a turn of the event loop (its queries resolve at once): the
        // requests waiting meanwhile go before the next one (a re-costing's parts made batches of 100 ms and more)
        if (i < received.length) await new Promise<void>((resolve) => setImmediate(resolve));
      }
    });
  }

  private track(handling: () => Promise<void>): Promise<void> {
    if (this.stopped) return Promise.reject(new Error(`consumer ${this.groupId} stopped`));
    const work = handling();
    this.inFlight.add(work);
    return work.finally(() => this.inFlight.delete(work));
  }

  /**
   * What becomes of an event here: nothing (`none`: no handler), parked (`rejected`: not an envelope; `contract`:
   * a payload that does not match its contract), or its handler run with the parsed payload (`ready`).
   */
  private accept(received: Envelope): Accepted {
    const checked = checkEnvelope(received, '', 'in-process');
    if ('rejected' in checked) return { kind: 'rejected', rejected: checked.rejected };
    const envelope = checked.envelope;
    const handler = this.handlers[envelope.type];
    if (!handler) return { kind: 'none' };
    const def = findEvent(envelope.type, envelope.version);
    const parsed = def?.payload.safeParse(envelope.payload);
    if (!def || !parsed?.success)
      return {
        kind: 'contract',
        envelope,
        problem: parsed?.error?.message ?? `unknown version ${envelope.version}`,
      };
    return { kind: 'ready', envelope, handler, payload: parsed.data };
  }

  /** Applies the accepted events from `from` on in one transaction, within the budget; the index after them. */
  private async handleRun(
    received: readonly Envelope[],
    accepted: readonly Accepted[],
    from: number,
  ): Promise<number> {
    const started = performance.now();
    const budget = this.options.batchBudgetMs ?? BATCH_BUDGET_MS;
    let next = from;
    try {
      const applied = await this.db.transaction(async (trx) => {
        let any = false;
        for (; next < received.length; next++) {
          const one = accepted[next]!;
          // one to park goes on its own (after this transaction), as does what is left past the budget
          if (one.kind === 'rejected' || one.kind === 'contract') break;
          if (next > from && performance.now() - started >= budget) break;
          if (one.kind === 'none' || !(await claimEvent(trx, this.groupId, one.envelope))) continue;
          await one.handler(trx, one.envelope, one.payload);
          any = true;
        }
        return any;
      });
      if (applied) this.options.afterCommit?.();
    } catch {
      // all of them were taken back: each again on its own, with its own retries and parking
      const last = Math.min(next, received.length - 1);
      for (let i = from; i <= last; i++) await this.handleOne(received[i]!, accepted[i]);
      return last + 1;
    }
    return next;
  }

  /**
   * Stops taking deliveries and waits for those under way, before the service closes its database: another
   * service's relay delivering here in the embedded bus would else wait on a closed pool (the event stays unsent
   * and comes again on the next start).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.allSettled([...this.inFlight]);
  }

  private async handleOne(received: Envelope, one = this.accept(received)): Promise<void> {
    if (one.kind === 'none') return;
    if (one.kind === 'rejected') {
      await this.reject({ ...one.rejected, raw: JSON.stringify(received) ?? '' });
      return;
    }
    if (one.kind === 'contract') {
      await this.park(one.envelope, `contract: ${one.problem}`, 1);
      return;
    }
    const { envelope, handler, payload } = one;
    let lastError: unknown;
    for (let attempt = 1; attempt <= this.maxAttempts; attempt++) {
      try {
        const applied = await this.db.transaction(async (trx) => {
          if (!(await claimEvent(trx, this.groupId, envelope))) return false;
          await handler(trx, envelope, payload);
          return true;
        });
        if (applied) this.options.afterCommit?.();
        return;
      } catch (error) {
        if (isUniqueViolation(error) && (await this.alreadyProcessed(envelope.id))) return;
        lastError = error;
        this.logger.warn('event handling failed', {
          event: envelope.id,
          type: envelope.type,
          attempt,
          error: String(error),
        });
        if (attempt < this.maxAttempts) await new Promise((r) => setTimeout(r, this.retryDelayMs * attempt));
      }
    }
    // the database or its disk failed, not the event: delivered again later (the bus does not take it as handled)
    if (isUnavailable(lastError)) throw lastError;
    await this.park(
      envelope,
      `failed: ${String((lastError as Error)?.message ?? lastError)}`,
      this.maxAttempts,
    );
  }

  /**
   * Parks a record that is no envelope under an id made from where it came from (or its bytes), so a
   * redelivery parks it once; what can be read of it (tenant, type) is kept when it fits the columns.
   */
  async reject(record: RejectedRecord): Promise<void> {
    let value: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(record.raw);
      if (parsed && typeof parsed === 'object') value = parsed as Record<string, unknown>;
    } catch {
      // not JSON: nothing to read from it
    }
    const text = (v: unknown, max: number) =>
      typeof v === 'string' && v.length > 0 && v.length <= max ? v : null;
    const id = createHash('sha256')
      .update(record.source === 'in-process' ? record.raw : record.source)
      .digest('hex')
      .slice(0, envelopeLimits.id);
    await this.park(
      {
        id,
        type: text(value.type, envelopeLimits.type) ?? `(${record.reason})`,
        tenantId: text(value.tenantId, envelopeLimits.tenantId) ?? 'unknown',
        raw: record.raw,
      },
      `${record.reason}: ${record.detail}`,
      1,
    );
  }

  private async alreadyProcessed(eventId: string): Promise<boolean> {
    return Boolean(
      await this.db('inbox').where({ consumer: this.groupId, event_id: eventId }).first('event_id'),
    );
  }

  private async park(
    envelope: Pick<Envelope, 'id' | 'type' | 'tenantId'> & { raw?: string },
    error: string,
    attempts: number,
  ): Promise<void> {
    this.logger.error('event parked in dead_letters', { event: envelope.id, type: envelope.type });
    const { raw, ...fields } = envelope;
    await this.db.transaction(async (trx) => {
      const seen = await trx('inbox')
        .where({ consumer: this.groupId, event_id: envelope.id })
        .first('event_id');
      if (seen) return;
      await trx('inbox').insert({
        consumer: this.groupId,
        event_id: envelope.id,
        tenant_id: envelope.tenantId ?? 'unknown',
        type: envelope.type,
        processed_at: nowIso(),
      });
      await trx('dead_letters').insert({
        id: newId(),
        consumer: this.groupId,
        event_id: envelope.id,
        tenant_id: envelope.tenantId ?? 'unknown',
        type: envelope.type,
        envelope: raw ?? JSON.stringify(fields),
        error: error.slice(0, 4000),
        attempts,
        created_at: nowIso(),
      });
    });
  }
}
