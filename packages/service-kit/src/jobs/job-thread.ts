import { Worker } from 'node:worker_threads';
import type { Db } from '../db/database';
import { WriteGate } from '../db/write-gate';
import type { Logger } from '../logger';
import type { JobThreadData } from './job-thread-main';

/**
 * The service's job thread (embedded SQLite). better-sqlite3 is synchronous: a job's chunk run on the service's
 * own connection holds the event loop of the whole process, and the requests of every user wait behind it
 * (issue 11: other users' p99 while a re-costing runs), or the job waits behind them. Kinds marked `thread`
 * run here instead, in a worker thread with a connection of its own to the same file (WAL: the service's reads
 * never wait for it; a write waits for the lock, at most one chunk). The thread starts with the first such job,
 * or with the service when it is warmed (`warm`: loading its modules takes about a second, which the first
 * job would wait), and stays; its commits wake the service's relay. If it dies, the next nudge starts another,
 * which resumes its own claims (it keeps the runner's id).
 */
export class JobThread {
  private worker: Worker | null = null;
  private checking = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly data: JobThreadData,
    private readonly logger: Logger,
    private readonly committed: () => void,
  ) {}

  /** A job was queued or cancelled, or the poll came round: the thread looks for work, started if need be. */
  nudge(): void {
    if (this.stopped) return;
    if (this.worker) {
      this.worker.postMessage('nudge');
      return;
    }
    if (this.checking) return;
    this.checking = true;
    this.db('jobs')
      .whereIn('kind', this.data.kinds)
      .whereIn('status', ['queued', 'running'])
      .first('id')
      .then((row: unknown) => {
        if (row && !this.stopped && !this.worker) this.spawn();
      })
      .catch((error: unknown) =>
        this.logger.warn('job thread: no look at the jobs', { error: String(error) }),
      )
      .finally(() => {
        this.checking = false;
      });
  }

  private spawn(): void {
    const worker = new Worker(BOOT, {
      eval: true,
      workerData: {
        tsx: require.resolve('tsx/cjs'),
        main: require.resolve('./job-thread-main'),
        data: this.data,
      },
    });
    worker.on('message', (m) => {
      if (m === 'committed') this.committed();
    });
    worker.on('error', (error) =>
      this.logger.error('job thread failed', { error: String((error as Error)?.stack ?? error) }),
    );
    // the process may end while a chunk runs: its transaction rolls back and the job resumes on the next start
    worker.unref();
    worker.on('exit', (code) => {
      // a thread that ended inside its turn (stopped by force, or crashed) lets the service write again
      new WriteGate(this.data.gate, 'thread').leave();
      if (this.worker === worker) this.worker = null;
      if (!this.stopped) this.logger.warn('job thread ended', { code });
    });
    this.worker = worker;
    this.logger.info('job thread started', { kinds: this.data.kinds });
  }

  /** Starts the thread now, before any job asks for it (the product's start; tests start it with a job). */
  warm(): void {
    if (!this.stopped && !this.worker) this.spawn();
  }

  /** Lets the running chunk finish and closes the thread's connection (before the service closes its own). */
  async stop(): Promise<void> {
    this.stopped = true;
    const worker = this.worker;
    if (!worker) return;
    await new Promise<void>((resolve) => {
      const late = setTimeout(() => void worker.terminate(), STOP_WAIT_MS);
      worker.once('exit', () => {
        clearTimeout(late);
        resolve();
      });
      worker.postMessage('stop');
    });
    this.worker = null;
  }
}

const STOP_WAIT_MS = 30_000;

// the service's sources are TypeScript: the thread loads them through tsx, as the process does
const BOOT = `
const { workerData } = require('node:worker_threads');
require(workerData.tsx);
require(workerData.main).runJobThread(workerData.data).catch((error) => {
  process.stderr.write('job thread: ' + (error && error.stack || error) + '\\n');
  process.exit(1);
});
`;
