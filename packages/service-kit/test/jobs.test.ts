import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  AppError,
  JobRunner,
  createLogger,
  jobPauses,
  jobsMigration,
  migrate,
  openDatabase,
  type Db,
  type JobKind,
  type Principal,
  type RequestContext,
} from '../src';
import { engines, testDatabases, type TestDatabases } from '../../../tests/support/databases';

const logger = createLogger('test');

function contextOf(userId = 'u1', tenantId = 'tenant-a', isAdmin = false): RequestContext {
  const principal: Principal = {
    userId,
    tenantId,
    userName: userId,
    isAdmin,
    permissions: new Set(['addItems']),
    branches: [],
    subscriptionEnd: '2099-12-31',
    subscriptionActive: true,
    tokenVersion: 0,
  };
  return {
    allowedBranches: null,
    requestId: 'r',
    correlationId: 'c',
    language: 'en',
    branchId: 'b1',
    fiscalYear: null,
    principal,
  };
}

const countedMigration = {
  name: 'test_0001_counted',
  async up(knex: Db) {
    await knex.schema.createTable('counted', (t) => {
      t.string('job_id', 36).notNullable();
      t.integer('n').notNullable();
      t.string('by', 60).notNullable();
      t.primary(['job_id', 'n']);
    });
  },
};

/**
 * Counts to `input.to`, `input.perChunk` numbers a chunk, one row per number written in the same transaction
 * as the checkpoint: a repeated or skipped number after a resumption shows as a duplicate key or a gap.
 */
function countingKind(
  db: Db,
  runner: () => JobRunner,
  options: { resumable?: boolean; spinMs?: number } = {},
) {
  const kind: JobKind<{ to: number; perChunk: number; refuseEvery?: number }, { next: number }> = {
    kind: options.resumable === false ? 'fragile' : 'count',
    resumable: options.resumable ?? true,
    initialState: () => ({ next: 1 }),
    async step(run) {
      const started = Date.now();
      // busy work a chunk's budget long: what a synchronous engine does to the event loop
      while (options.spinMs && Date.now() - started < options.spinMs);
      let next = run.state.next;
      const end = Math.min(run.input.to, next + run.input.perChunk - 1);
      for (; next <= end; next++) {
        if (run.input.refuseEvery && next % run.input.refuseEvery === 0) {
          await run.reject(next, [`${next} refused`]);
          continue;
        }
        const n = next;
        await db.transaction(async (trx) => {
          await trx('counted').insert({ job_id: run.id, n, by: runner().processId });
          await run.checkpoint(trx, { next: n + 1 }, n);
        });
      }
      const state = { next };
      if (next > run.input.to)
        return { state, done: run.input.to, total: run.input.to, result: { counted: next - 1 } };
      return { state, done: next - 1, total: run.input.to };
    },
  };
  return kind;
}

async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.each(engines())('background jobs on %s', (engine) => {
  let dbs: TestDatabases;
  let db: Db;
  const runners: JobRunner[] = [];

  function runnerFor(options: ConstructorParameters<typeof JobRunner>[2] = {}) {
    const runner: JobRunner = new JobRunner(db, logger, { pollMs: 20, ...options });
    runner.register([countingKind(db, () => runner), countingKind(db, () => runner, { resumable: false })]);
    runners.push(runner);
    return runner;
  }

  async function jobRow(id: string) {
    return db('jobs').where({ id }).first();
  }
  async function counted(id: string) {
    return (await db('counted').where({ job_id: id }).orderBy('n').select('n', 'by')) as {
      n: number;
      by: string;
    }[];
  }

  beforeEach(async () => {
    dbs = testDatabases(engine);
    db = await openDatabase(dbs.config('jobs'));
    await migrate(db, [jobsMigration, countedMigration]);
  });
  afterEach(async () => {
    for (const r of runners.splice(0)) await r.stop();
    await db.destroy();
    await dbs.cleanup();
  });

  it('runs a job in chunks off the caller, reports progress, its refused inputs and its result', async () => {
    const runner = runnerFor();
    const ctx = contextOf();
    const job = await runner.enqueue(ctx, {
      kind: 'count',
      resource: 'r1',
      input: { to: 50, perChunk: 7, refuseEvery: 10 },
      total: 50,
    });
    expect(job).toEqual(expect.objectContaining({ status: 'queued', done: 0, total: 50, rejected: [] }));
    const seenProgress = new Set<number>();
    await runner.start();
    const finished = await waitFor(async () => {
      const row = await jobRow(job.id);
      seenProgress.add(Number(row.done));
      return row.status === 'succeeded' && row;
    });
    expect(finished.active_key).toBeNull();
    const view = await runner.describe((await runner.find(ctx, job.id))!, 'en');
    expect(view).toEqual(
      expect.objectContaining({
        status: 'succeeded',
        done: 50,
        total: 50,
        result: { counted: 50 },
        error: null,
      }),
    );
    expect(view.rejected).toEqual([10, 20, 30, 40, 50].map((row) => ({ row, reasons: [`${row} refused`] })));
    expect((await counted(job.id)).map((r) => r.n)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1).filter((n) => n % 10 !== 0),
    );
  });

  it('pauses before each chunk of the kinds named (ERP_JOB_PAUSE_MS), and only those', async () => {
    expect(jobPauses('count=150, other=x,=5,fragile=0')).toEqual({ count: 150 });
    const runner = runnerFor({ pauseMs: jobPauses('count=150') });
    const ctx = contextOf();
    const started = Date.now();
    const job = await runner.enqueue(ctx, {
      kind: 'count',
      resource: 'paused',
      input: { to: 6, perChunk: 2 },
    });
    await runner.start();
    await waitFor(async () => (await jobRow(job.id)).status === 'succeeded');
    // three chunks, each after its pause
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    const quick = await runner.enqueue(ctx, {
      kind: 'fragile',
      resource: 'quick',
      input: { to: 6, perChunk: 2 },
    });
    const at = Date.now();
    await waitFor(async () => (await jobRow(quick.id)).status === 'succeeded');
    expect(Date.now() - at).toBeLessThan(450);
  });

  it('allows one active job per resource: a second gets 409 jobInProgress until the first finishes', async () => {
    const runner = runnerFor();
    const ctx = contextOf();
    const first = await runner.enqueue(ctx, {
      kind: 'count',
      resource: 'items',
      input: { to: 5, perChunk: 5 },
    });
    const second = runner.enqueue(contextOf('u2'), {
      kind: 'count',
      resource: 'items',
      input: { to: 5, perChunk: 5 },
    });
    await expect(second).rejects.toEqual(expect.objectContaining({ status: 409, key: 'jobInProgress' }));
    await expect(second).rejects.toBeInstanceOf(AppError);
    // another resource, or the same resource of another tenant, is free
    await runner.enqueue(ctx, { kind: 'count', resource: 'other', input: { to: 1, perChunk: 1 } });
    await runner.enqueue(contextOf('u9', 'tenant-b'), {
      kind: 'count',
      resource: 'items',
      input: { to: 1, perChunk: 1 },
    });
    await runner.start();
    await waitFor(async () => (await jobRow(first.id)).status === 'succeeded');
    await expect(
      runner.enqueue(ctx, { kind: 'count', resource: 'items', input: { to: 1, perChunk: 1 } }),
    ).resolves.toEqual(expect.objectContaining({ status: 'queued' }));
  });

  it('shows a job to its owner and the tenant admins only', async () => {
    const runner = runnerFor();
    const job = await runner.enqueue(contextOf('u1'), {
      kind: 'count',
      resource: 'r',
      input: { to: 1, perChunk: 1 },
    });
    expect(await runner.find(contextOf('u1'), job.id)).toBeTruthy();
    expect(await runner.find(contextOf('admin', 'tenant-a', true), job.id)).toBeTruthy();
    expect(await runner.find(contextOf('u2'), job.id)).toBeNull();
    expect(await runner.find(contextOf('admin', 'tenant-b', true), job.id)).toBeNull();
  });

  it('cancels a queued job at once and a running one after its current chunk', async () => {
    const runner = runnerFor();
    const ctx = contextOf();
    const queued = await runner.enqueue(ctx, { kind: 'count', resource: 'q', input: { to: 5, perChunk: 1 } });
    await runner.cancel((await runner.find(ctx, queued.id))!);
    expect(await jobRow(queued.id)).toEqual(
      expect.objectContaining({ status: 'cancelled', active_key: null }),
    );
    const long = await runner.enqueue(ctx, {
      kind: 'count',
      resource: 'q',
      input: { to: 100_000, perChunk: 3 },
    });
    await runner.start();
    await waitFor(async () => Number((await jobRow(long.id)).done) >= 6);
    await runner.cancel((await runner.find(ctx, long.id))!);
    const row = await waitFor(async () => {
      const r = await jobRow(long.id);
      return r.status === 'cancelled' && r;
    });
    expect(Number(row.done)).toBeLessThan(100_000);
    // what the chunks wrote stays, each number once, up to the last checkpoint
    expect((await counted(long.id)).length).toBe(Number(row.done));
  });

  it('resumes a job after its process stopped mid-way, each step exactly once', async () => {
    // a short lease stands for the dead process's claim running out (MySQL); SQLite's single process voids it
    const first = runnerFor({ leaseMs: 200 });
    const ctx = contextOf();
    const job = await first.enqueue(ctx, { kind: 'count', resource: 'r', input: { to: 60, perChunk: 4 } });
    await first.start();
    await waitFor(async () => Number((await jobRow(job.id)).done) >= 12);
    await first.stop();
    const halfway = await jobRow(job.id);
    expect(halfway.status).toBe('running');
    const second = runnerFor({ leaseMs: 200, exclusive: engine === 'sqlite' });
    await second.start();
    const done = await waitFor(async () => {
      const r = await jobRow(job.id);
      return r.status === 'succeeded' && r;
    });
    expect(Number(done.attempts)).toBe(1);
    const rows = await counted(job.id);
    expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.by))).toEqual(new Set([first.processId, second.processId]));
  });

  it('reports a job that cannot resume as interrupted after a restart', async () => {
    const first = runnerFor({ leaseMs: 200 });
    const ctx = contextOf();
    const job = await first.enqueue(ctx, {
      kind: 'fragile',
      resource: 'r',
      input: { to: 100_000, perChunk: 2 },
    });
    await first.start();
    await waitFor(async () => Number((await jobRow(job.id)).done) >= 4);
    await first.stop();
    const second = runnerFor({ leaseMs: 200, exclusive: engine === 'sqlite' });
    await second.start();
    await waitFor(async () => (await jobRow(job.id)).status === 'failed');
    const view = await second.describe((await second.find(ctx, job.id))!, 'en');
    expect(view.error).toBe('The job was interrupted by a restart and could not continue; start it again');
    expect((await jobRow(job.id)).active_key).toBeNull();
  });

  if (engine === 'mysql')
    it('lets only one of several processes run a job at a time (distributed mode)', async () => {
      const a = runnerFor({ leaseMs: 10_000 });
      const b = runnerFor({ leaseMs: 10_000 });
      const ctx = contextOf();
      const jobs = [];
      for (let i = 0; i < 4; i++)
        jobs.push(await a.enqueue(ctx, { kind: 'count', resource: `r${i}`, input: { to: 30, perChunk: 3 } }));
      await Promise.all([a.start(), b.start()]);
      for (const job of jobs) {
        await waitFor(async () => (await jobRow(job.id)).status === 'succeeded');
        const rows = await counted(job.id);
        expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
        // each job stayed with the process that claimed it
        expect(new Set(rows.map((r) => r.by)).size).toBe(1);
      }
    });

  it('yields to the event loop between chunks, so requests are served while a job runs', async () => {
    const runner: JobRunner = new JobRunner(db, logger, { pollMs: 20 });
    runner.register([countingKind(db, () => runner, { spinMs: 40 })]);
    runners.push(runner);
    const job = await runner.enqueue(contextOf(), {
      kind: 'count',
      resource: 'r',
      input: { to: 40, perChunk: 2 },
    });
    const lag = monitorEventLoopDelay({ resolution: 5 });
    lag.enable();
    await runner.start();
    await waitFor(async () => (await jobRow(job.id)).status === 'succeeded');
    lag.disable();
    // 20 chunks of 40 ms each: the loop was blocked one chunk at a time, never for the whole job
    expect(lag.max / 1e6).toBeLessThan(400);
  });
  it("queues a job in the caller's transaction: kept if it commits, gone if it rolls back; a system job for events", async () => {
    const runner = runnerFor();
    const input = { to: 3, perChunk: 3 };
    await expect(
      db.transaction(async (trx) => {
        await runner.enqueueIn(trx, contextOf(), { kind: 'count', resource: 'tx', input });
        throw new Error('the posting failed');
      }),
    ).rejects.toThrow('the posting failed');
    expect(await db('jobs').where({ resource: 'tx' }).first()).toBeUndefined();
    // an event caused the work: no user, the tenant's system job, seen by the tenant's admins only
    const job = await db.transaction((trx) =>
      runner.enqueueIn(
        trx,
        { system: true, tenantId: 'tenant-a', correlationId: 'c' },
        {
          kind: 'count',
          resource: 'tx',
          input,
        },
      ),
    );
    expect(job).toEqual(expect.objectContaining({ status: 'queued', resource: 'tx' }));
    // one active job per resource holds inside a transaction too
    await expect(
      db.transaction((trx) => runner.enqueueIn(trx, contextOf(), { kind: 'count', resource: 'tx', input })),
    ).rejects.toEqual(expect.objectContaining({ status: 409, key: 'jobInProgress' }));
    expect(await runner.find(contextOf('u1'), job.id)).toBeNull();
    expect(await runner.find(contextOf('u2', 'tenant-a', true), job.id)).not.toBeNull();
    await runner.start();
    await waitFor(async () => (await jobRow(job.id)).status === 'succeeded');
    expect((await counted(job.id)).map((r) => r.n)).toEqual([1, 2, 3]);
  });
});
