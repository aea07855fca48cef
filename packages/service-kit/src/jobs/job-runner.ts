import { randomBytes } from 'node:crypto';
import { isJobFinished, type Job, type JobStatus } from '@erp/contracts';
import { isServerMessageKey, parseLanguage, translate, type Language } from '@erp/i18n';
import { isLockConflict, parseJson, type Db, type Executor } from '../db/database';
import { AppError } from '../errors';
import { allowedBranchesOf, type RequestContext } from '../http/context';
import type { Principal } from '../http/tokens';
import { newId, nowIso } from '../ids';
import type { Logger } from '../logger';
import { insertJob, markQueuedIn, type JobOwner, type StoredContext } from './job-queue';
import type { JobKind, JobRun, JobRunnerOptions, JobStep, StartJob } from './job-types';
import { afterRequests } from './request-pressure';

type Row = Record<string, unknown>;

const MAX_LOCK_RETRIES = 20;

const ACTIVE: JobStatus[] = ['queued', 'running'];

/**
 * Runs a service's background jobs in chunks off the request path. Jobs live in the `jobs` table: a process
 * claims one with a lease (an update that only one process can win), runs a chunk, stores its state and
 * progress, and yields to the event loop before the next chunk, taking the least recently advanced job so
 * jobs share the process. A process that dies leaves its lease to expire; whoever claims the job next
 * resumes it from its last state (or fails it, for kinds that cannot resume).
 */
export class JobRunner {
  readonly processId: string;
  private readonly kinds = new Map<string, JobKind<unknown, unknown>>();
  /** Jobs this process has claimed and run, so a claim found on another job means a resumption. */
  private readonly owned = new Set<string>();
  /** Chunks in a row lost to lock conflicts, per job: retried up to MAX_LOCK_RETRIES times. */
  private readonly lockRetries = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  readonly budgetMs: number;
  private readonly yieldMs: number;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly options: JobRunnerOptions = {},
  ) {
    this.processId = options.processId ?? `${process.pid}-${randomBytes(4).toString('hex')}`;
    this.pollMs = options.pollMs ?? 1000;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.budgetMs = options.budgetMs ?? 10;
    // only a synchronous driver (SQLite, the exclusive mode) holds the event loop while a chunk runs
    this.yieldMs = options.yieldMs ?? (options.exclusive ? 200 : 0);
  }

  register(kinds: readonly JobKind<never, unknown>[]): void {
    for (const k of kinds) this.kinds.set(k.kind, k as unknown as JobKind<unknown, unknown>);
  }

  /** The kinds this runner claims (undefined: every kind, as registered). */
  private claimed(): string[] | undefined {
    const claims = this.options.claims;
    if (!claims) return undefined;
    return [...this.kinds.values()].filter((k) => claims(k)).map((k) => k.kind);
  }

  async start(): Promise<void> {
    if (this.options.housekeeping === false) {
      this.stopped = false;
      this.nudge();
      return;
    }
    if (this.options.exclusive)
      await this.db('jobs').whereIn('status', ACTIVE).update({ claimed_by: null, lease_until: null });
    const cutoff = new Date(Date.now() - (this.options.retentionDays ?? 30) * 86_400_000).toISOString();
    const old = this.db('jobs').whereNotIn('status', ACTIVE).where('finished_at', '<', cutoff).select('id');
    await this.db('job_rejections').whereIn('job_id', old).delete();
    await this.db('jobs').whereNotIn('status', ACTIVE).where('finished_at', '<', cutoff).delete();
    this.stopped = false;
    this.nudge();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Queues a job for the request's caller; a second active job on the same resource is a 409. */
  async enqueue<I>(ctx: RequestContext, job: StartJob<I>): Promise<Job> {
    const kind = this.kinds.get(job.kind);
    if (!kind) throw new Error(`unknown job kind ${job.kind}`);
    const p = ctx.principal;
    if (!p) throw new AppError(401, 'unauthenticated');
    const row = await insertJob(this.db, ctx, { ...job, state: kind.initialState(job.input) });
    this.nudge();
    return this.view(row, ctx.language, []);
  }

  /**
   * Queues a job in the caller's transaction (see `enqueueJobIn`), so the job exists exactly when the work
   * that needs it commits; `deps.transact` wakes the runner after the commit, else its next poll finds it.
   */
  async enqueueIn<I>(trx: Executor, owner: JobOwner, job: StartJob<I>): Promise<Job> {
    const kind = this.kinds.get(job.kind);
    if (!kind) throw new Error(`unknown job kind ${job.kind}`);
    const row = await insertJob(trx, owner, { ...job, state: kind.initialState(job.input) });
    markQueuedIn(trx);
    return this.view(row, 'language' in owner ? owner.language : 'en', []);
  }

  /** The tenant's job as its owner (or an admin) sees it; anyone else finds nothing. */
  async find(ctx: RequestContext, id: string): Promise<Row | null> {
    const p = ctx.principal;
    if (!p) throw new AppError(401, 'unauthenticated');
    const row = (await this.db('jobs').where({ id, tenant_id: p.tenantId }).first()) as Row | undefined;
    if (!row || (!p.isAdmin && row.user_id !== p.userId)) return null;
    return row;
  }

  async describe(row: Row, language: Language): Promise<Job> {
    const finished = isJobFinished(row.status as JobStatus);
    const rejected = finished
      ? ((await this.db('job_rejections')
          .where({ job_id: row.id })
          .orderBy('row')
          .select('row', 'reasons')) as Row[])
      : [];
    return this.view(
      row,
      language,
      rejected.map((r) => ({ row: Number(r.row), reasons: parseJson<string[]>(r.reasons, []) })),
    );
  }

  /** Asks a job to stop: a queued job nobody runs yet stops now, a running one after its current chunk. */
  async cancel(row: Row): Promise<void> {
    const now = nowIso();
    const stoppedNow = await this.db('jobs')
      .where({ id: row.id, status: 'queued' })
      .whereNull('claimed_by')
      .update({
        status: 'cancelled',
        active_key: null,
        cancel_requested: true,
        finished_at: now,
        updated_at: now,
      });
    if (stoppedNow === 0)
      await this.db('jobs')
        .where({ id: row.id })
        .whereIn('status', ACTIVE)
        .update({ cancel_requested: true });
    this.nudge();
  }

  /** Ask for a pass soon (a job was queued or cancelled). */
  nudge(): void {
    if (this.stopped) return;
    this.options.onNudge?.();
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.loop()
      .catch((error) =>
        this.logger.error('job loop failed', { error: String((error as Error)?.stack ?? error) }),
      )
      .finally(() => {
        this.running = null;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.nudge();
        } else this.timer = setTimeout(() => this.nudge(), this.pollMs);
      });
  }

  /** Resolves once no job is runnable by this process (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      const row = await this.claimNext();
      if (!row) return;
      const pause = this.options.pauseMs?.[String(row.kind)];
      if (pause) await new Promise((resolve) => setTimeout(resolve, pause));
      await this.runChunk(row);
      // the next chunk waits for the requests being served (better-sqlite3 is synchronous: a chunk holds the loop)
      await afterRequests(this.yieldMs);
    }
  }

  private async claimNext(): Promise<Row | null> {
    const now = nowIso();
    const kinds = this.claimed();
    if (kinds && kinds.length === 0) return null;
    const claimable = (q: ReturnType<Db>) =>
      (kinds ? q.whereIn('kind', kinds) : q)
        .whereIn('status', ACTIVE)
        .where((w) =>
          w.whereNull('claimed_by').orWhere('claimed_by', this.processId).orWhere('lease_until', '<', now),
        );
    const candidates = (await claimable(this.db('jobs'))
      .orderBy('updated_at')
      .limit(5)
      .select('id')) as Row[];
    for (const { id } of candidates) {
      const won = await claimable(this.db('jobs').where({ id })).update({
        claimed_by: this.processId,
        lease_until: new Date(Date.now() + this.leaseMs).toISOString(),
      });
      if (won === 1) return (await this.db('jobs').where({ id }).first()) as Row;
    }
    return null;
  }

  private mine(id: unknown) {
    return this.db('jobs').where({ id: String(id), claimed_by: this.processId });
  }

  private async runChunk(row: Row): Promise<void> {
    const id = String(row.id);
    const kind = this.kinds.get(String(row.kind));
    if (!kind) return this.finish(row, 'failed', { errorKey: 'internalError' });
    const resumed = row.status === 'running' && !this.owned.has(id);
    this.owned.add(id);
    if (Number(row.cancel_requested)) return this.finish(row, 'cancelled', {});
    if (resumed && !kind.resumable) return this.finish(row, 'failed', { errorKey: 'jobInterrupted' });
    if (row.status === 'queued' || resumed)
      await this.mine(id).update({ status: 'running', attempts: Number(row.attempts) + (resumed ? 1 : 0) });
    const stored = parseJson<StoredContext>(row.context, {} as StoredContext);
    const principal: Principal = { ...stored.principal, permissions: new Set(stored.principal.permissions) };
    const run: JobRun<unknown, unknown> = {
      id,
      tenantId: String(row.tenant_id),
      resource: String(row.resource),
      input: parseJson(row.input, null),
      state: parseJson(row.state, null),
      ctx: {
        requestId: newId(),
        correlationId: stored.correlationId,
        language: parseLanguage(stored.language),
        branchId: stored.branchId,
        fiscalYear: stored.fiscalYear ?? null,
        allowedBranches: allowedBranchesOf(principal),
        principal,
      },
      budgetMs: this.budgetMs,
      resumed,
      checkpoint: async (trx, state, done) => {
        const n = await trx('jobs')
          .where({ id, claimed_by: this.processId })
          .update({ state: JSON.stringify(state), done, updated_at: nowIso() });
        // another process took the job over (this one stalled past its lease): its writes must not commit
        if (n !== 1) throw new Error(`job ${id} is no longer claimed by this process`);
      },
      reject: async (at, reasons, trx) => {
        await (trx ?? this.db)('job_rejections')
          .insert({ job_id: id, row: at, tenant_id: row.tenant_id, reasons: JSON.stringify(reasons) })
          .onConflict(['job_id', 'row'])
          .ignore();
      },
    };
    let step: JobStep<unknown>;
    try {
      step = await kind.step(run);
    } catch (error) {
      if (error instanceof AppError)
        return this.finish(row, 'failed', { errorKey: error.key, params: error.params });
      // a chunk that lost a deadlock to a request rolled back whole: it runs again from the same checkpoint
      const retries = (this.lockRetries.get(id) ?? 0) + 1;
      if (isLockConflict(error) && retries <= MAX_LOCK_RETRIES) {
        this.lockRetries.set(id, retries);
        this.logger.warn('job chunk lost a lock conflict, retrying', { id, kind: kind.kind, retries });
        await this.mine(id).update({
          updated_at: nowIso(),
          lease_until: new Date(Date.now() + this.leaseMs).toISOString(),
        });
        return;
      }
      this.logger.error('job failed', {
        id,
        kind: kind.kind,
        error: String((error as Error)?.stack ?? error),
      });
      return this.finish(row, 'failed', { errorKey: 'internalError' });
    }
    this.lockRetries.delete(id);
    if (step.result !== undefined)
      return this.finish(row, 'succeeded', { result: step.result, done: step.done, total: step.total });
    await this.mine(id).update({
      state: JSON.stringify(step.state),
      done: step.done,
      total: step.total,
      updated_at: nowIso(),
      lease_until: new Date(Date.now() + this.leaseMs).toISOString(),
    });
  }

  private async finish(
    row: Row,
    status: JobStatus,
    outcome: {
      result?: unknown;
      errorKey?: string;
      params?: Record<string, unknown>;
      done?: number;
      total?: number;
    },
  ): Promise<void> {
    const id = String(row.id);
    const now = nowIso();
    await this.mine(id).update({
      status,
      active_key: null,
      claimed_by: null,
      lease_until: null,
      result: outcome.result === undefined ? null : JSON.stringify(outcome.result),
      error_key: outcome.errorKey ?? null,
      error_params: outcome.params ? JSON.stringify(outcome.params) : null,
      ...(outcome.done !== undefined ? { done: outcome.done, total: outcome.total ?? outcome.done } : {}),
      finished_at: now,
      updated_at: now,
    });
    this.owned.delete(id);
    this.lockRetries.delete(id);
    this.kinds.get(String(row.kind))?.release?.(id);
  }

  private view(row: Row, language: Language, rejected: Job['rejected']): Job {
    const key = row.error_key ? String(row.error_key) : null;
    return {
      id: String(row.id),
      kind: String(row.kind),
      resource: String(row.resource),
      status: row.status as JobStatus,
      done: Number(row.done),
      total: Number(row.total),
      cancelRequested: Boolean(Number(row.cancel_requested)),
      createdAt: String(row.created_at),
      finishedAt: row.finished_at ? String(row.finished_at) : null,
      error: key
        ? translate(
            language,
            isServerMessageKey(key) ? key : 'internalError',
            parseJson(row.error_params, {}),
          )
        : null,
      result: parseJson(row.result, null),
      rejected,
    };
  }
}
