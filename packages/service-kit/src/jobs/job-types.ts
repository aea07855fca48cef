import type { Executor } from '../db/database';
import type { RequestContext } from '../http/context';

/** What one chunk of a job hands back: its new state and progress, and the result once the work is done. */
export interface JobStep<S> {
  state: S;
  done: number;
  total: number;
  /** Set when the job has finished; it is stored and shown to the job's owner. */
  result?: unknown;
}

/** A job as one chunk sees it. */
export interface JobRun<I, S> {
  id: string;
  tenantId: string;
  resource: string;
  input: I;
  state: S;
  /** The request that started the job, rebuilt: its caller, language, branch and fiscal year. */
  ctx: RequestContext;
  /** How long a chunk may run before it returns and lets the event loop serve requests. */
  budgetMs: number;
  /** True on the first chunk in this process of a job another process (or an earlier run) started. */
  resumed: boolean;
  /**
   * Records the state in the caller's transaction, so a chunk's writes and the checkpoint commit together
   * and a job resumed after a crash neither repeats nor skips them.
   */
  checkpoint(trx: Executor, state: S, done: number): Promise<void>;
  /**
   * Reports a refused input (an import's row) with its translated reasons; recording one twice is harmless.
   * With `trx` it is written in the chunk's transaction (and rolled back with it); SQLite's one connection
   * then stays the transaction's.
   */
  reject(row: number, reasons: string[], trx?: Executor): Promise<void>;
}

/** A kind of job a service runs: its chunks and whether it can continue after a restart. */
export interface JobKind<I = unknown, S = unknown> {
  kind: string;
  /** Resumable jobs continue from their last checkpoint after a restart; the others fail as interrupted. */
  resumable: boolean;
  initialState(input: I): S;
  step(run: JobRun<I, S>): Promise<JobStep<S>>;
  /** Frees what this process keeps for a job (a parsed file) once it leaves the process. */
  release?(jobId: string): void;
  /**
   * May run in the service's job thread (embedded SQLite, see job-thread.ts): its chunks use only the
   * database (`deps.db`, `deps.transact`) and keep nothing in memory between chunks, so a second connection
   * in another thread can run them while the service's own event loop serves requests.
   */
  thread?: boolean;
}

export interface JobRunnerOptions {
  /** Polling for jobs other processes queued or abandoned (distributed mode). */
  pollMs?: number;
  /** A claim not renewed for this long is taken over by another process. */
  leaseMs?: number;
  /** Time budget of one chunk before yielding to the event loop. */
  budgetMs?: number;
  /** The longest a chunk waits for requests in flight before it runs anyway. */
  yieldMs?: number;
  /** The only process using the database (embedded SQLite): claims left by a previous run are void at start. */
  exclusive?: boolean;
  /** Finished jobs are deleted after this many days. */
  retentionDays?: number;
  /**
   * A pause before each chunk of these kinds of job (`ERP_JOB_PAUSE_MS=inventory.recost=800`): throttles a kind
   * on a busy database; the e2e server uses it so a short job stays on screen long enough to be seen.
   */
  pauseMs?: Readonly<Record<string, number>>;
  /** This runner's id in `claimed_by` (a job thread keeps one across restarts, so it resumes its own claims). */
  processId?: string;
  /** Which registered kinds this runner claims: all of them, or none of those it leaves to a job thread. */
  claims?: (kind: JobKind<unknown, unknown>) => boolean;
  /** Told of every nudge (a job queued or cancelled): the service's job thread, which claims the rest. */
  onNudge?: () => void;
  /** Leave finished jobs' retention to another runner of the same database (a job thread). */
  housekeeping?: boolean;
}

export interface StartJob<I> {
  kind: string;
  /** What the job works on; one active job per tenant, kind and resource. */
  resource: string;
  input: I;
  total?: number;
}
