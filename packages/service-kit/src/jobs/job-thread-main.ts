import { parentPort } from 'node:worker_threads';
import { openDatabase } from '../db/database';
import { transactor } from '../db/transact';
import { createLogger } from '../logger';
import type { ServiceDeps, ServiceModule } from '../service';
import { JobRunner } from './job-runner';

/** What the service hands its job thread (see job-thread.ts); all of it crosses as a structured clone. */
export interface JobThreadData {
  service: string;
  /** The file and export of the service's module: the thread builds the module's job kinds anew. */
  source: { file: string; exportName: string };
  filename: string;
  /** The service connection's write gate (db/write-gate.ts), shared memory. */
  gate: SharedArrayBuffer;
  /** The kinds the thread runs (the module's `thread` kinds). */
  kinds: string[];
  processId: string;
  env: Record<string, string | undefined>;
  pollMs?: number | undefined;
  leaseMs?: number | undefined;
  pauseMs: Record<string, number>;
}

/** What a thread job cannot use: it has the database only. */
const absent = (what: string) =>
  new Proxy(
    {},
    {
      get() {
        throw new Error(`${what} is not available in a job thread: run the kind on the service's own thread`);
      },
    },
  );

/** The thread's side: a runner of the thread kinds on a second connection, until the service says stop. */
export async function runJobThread(data: JobThreadData): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('runJobThread runs in a worker thread');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const module = require(data.source.file)[data.source.exportName] as ServiceModule;
  const db = await openDatabase({
    client: 'sqlite',
    filename: data.filename,
    secondary: { gate: data.gate },
  });
  const logger = createLogger(`${data.service}.job-thread`);
  const jobs = new JobRunner(db, logger, {
    processId: data.processId,
    pollMs: data.pollMs,
    leaseMs: data.leaseMs,
    pauseMs: data.pauseMs,
    housekeeping: false,
    yieldMs: 0,
    claims: (kind) => kind.thread === true,
  });
  const deps: ServiceDeps = {
    name: data.service,
    db,
    logger,
    env: data.env,
    jobs,
    tokens: absent('tokens') as ServiceDeps['tokens'],
    internal: absent('internal') as ServiceDeps['internal'],
    transact: transactor(db, () => port.postMessage('committed')),
  };
  jobs.register((module.jobs?.(deps) ?? []).filter((k) => k.thread === true));
  port.on('message', (m) => {
    if (m === 'nudge') jobs.nudge();
    else if (m === 'stop')
      void (async () => {
        await jobs.stop();
        await db.destroy();
        process.exit(0);
      })();
  });
  await jobs.start();
}
