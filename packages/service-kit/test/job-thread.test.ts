import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createTokenService, InProcessBus, startService, type Logger, type RunningService } from '../src';
import { newWriteGate, WriteGate } from '../src/db/write-gate';
import { threadJobModule } from './support/thread-job-module';

/**
 * The job thread (jobs/job-thread.ts) and the write gate (db/write-gate.ts), embedded SQLite: a `thread` kind
 * runs in a worker thread on a connection of its own while the service keeps writing on its own, in
 * transactions and outside them; a kind without the mark stays on the service's thread, and so does every
 * kind with ERP_JOB_THREAD=off.
 */
describe('job thread on sqlite', () => {
  let dir: string;
  let service: RunningService | null = null;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'erp-job-thread-'));
  });
  afterEach(async () => {
    await service?.stop();
    service = null;
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async (env: Record<string, string> = {}) =>
    (service = await startService(threadJobModule, {
      db: { client: 'sqlite', filename: path.join(dir, 'threadtest.sqlite') },
      bus: new InProcessBus(),
      tokens: createTokenService('x'.repeat(32)),
      env: { ...process.env, ...env },
      jobPollMs: 50,
      seed: false,
    }));

  const queue = (s: RunningService, kind: string, to: number, perChunk: number) =>
    s.deps.transact(async (trx) =>
      s.deps.jobs.enqueueIn(
        trx,
        { system: true, tenantId: 't1', correlationId: 'c1' },
        { kind, resource: `${kind}:${to}`, input: { to, perChunk }, total: to },
      ),
    );

  async function finished(s: RunningService, id: string): Promise<Record<string, unknown>> {
    for (let i = 0; i < 600; i++) {
      const row = (await s.db('jobs').where({ id }).first()) as Record<string, unknown>;
      if (row.status !== 'queued' && row.status !== 'running') return row;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`job ${id} did not finish`);
  }

  it('runs a thread kind in the job thread while the service writes beside it, every number once', async () => {
    const s = await start();
    const to = 3000;
    const job = await queue(s, 'test.threaded', to, 50);
    // the service writes meanwhile: transactions (a read, then a write) and single writes, none refused
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    let writes = 0;
    const writer = (async () => {
      for (;;) {
        const current = (await s.db('jobs').where({ id: job.id }).first('status')) as { status: string };
        if (current.status !== 'queued' && current.status !== 'running') break;
        await s.deps.transact(async (trx) => {
          const [counted] = (await trx('thread_counted').count({ n: '*' })) as { n: number }[];
          await trx('thread_service_writes').insert({ label: `in ${counted?.n}` });
        });
        await s.db('thread_service_writes').insert({ label: 'alone' });
        writes += 2;
      }
    })();
    const row = await finished(s, job.id);
    await writer;
    delay.disable();
    expect(row.status).toBe('succeeded');
    const { threads } = JSON.parse(String(row.result)) as { threads: number[] };
    expect(threads.length).toBeGreaterThan(0);
    expect(threads).not.toContain(0);
    const counted = (await s.db('thread_counted').where({ job_id: job.id }).select('n')) as { n: number }[];
    expect(counted.map((r) => Number(r.n)).sort((a, b) => a - b)).toEqual([...Array(to).keys()]);
    const [written] = (await s.db('thread_service_writes').count({ n: '*' })) as { n: number }[];
    expect(Number(written?.n)).toBe(writes);
    expect(writes).toBeGreaterThan(0);
    // the service's event loop never waited a whole second for the thread's turn
    expect(delay.max / 1e6).toBeLessThan(1000);
  });

  it('starts the thread with the service when warmed, before any job; otherwise with the first job', async () => {
    const logged: string[] = [];
    const logger: Logger = {
      info: (message) => void logged.push(message),
      warn: () => undefined,
      error: () => undefined,
      child: () => logger,
    };
    const startWith = async (warmJobThread: boolean) =>
      (service = await startService(threadJobModule, {
        db: { client: 'sqlite', filename: path.join(dir, `warm-${String(warmJobThread)}.sqlite`) },
        bus: new InProcessBus(),
        tokens: createTokenService('x'.repeat(32)),
        env: process.env,
        jobPollMs: 50,
        seed: false,
        logger,
        warmJobThread,
      }));
    let s = await startWith(false);
    await new Promise((r) => setTimeout(r, 300));
    expect(logged).not.toContain('job thread started');
    const lazy = await queue(s, 'test.threaded', 100, 50);
    expect((await finished(s, lazy.id)).status).toBe('succeeded');
    expect(logged.filter((m) => m === 'job thread started')).toHaveLength(1);
    await s.stop();
    logged.length = 0;
    s = await startWith(true);
    // started by the service's start, no job queued
    expect(logged).toContain('job thread started');
    const warm = await queue(s, 'test.threaded', 100, 50);
    const row = await finished(s, warm.id);
    expect(row.status).toBe('succeeded');
    expect((JSON.parse(String(row.result)) as { threads: number[] }).threads).not.toContain(0);
    expect(logged.filter((m) => m === 'job thread started')).toHaveLength(1);
  });

  it('keeps a kind without the mark on the service thread, and every kind with ERP_JOB_THREAD=off', async () => {
    let s = await start();
    const inline = await queue(s, 'test.inline', 200, 50);
    const a = await finished(s, inline.id);
    expect(JSON.parse(String(a.result))).toEqual({ threads: [0] });
    await s.stop();
    service = null;
    s = await start({ ERP_JOB_THREAD: 'off' });
    const threaded = await queue(s, 'test.threaded', 200, 50);
    const b = await finished(s, threaded.id);
    expect(JSON.parse(String(b.result))).toEqual({ threads: [0] });
  });

  it('resumes a thread job a stopped service left half done, in a new thread', async () => {
    let s = await start({ ERP_JOB_PAUSE_MS: 'test.threaded=20' });
    const job = await queue(s, 'test.threaded', 400, 10);
    for (let i = 0; i < 400; i++) {
      const r = (await s.db('jobs').where({ id: job.id }).first('done')) as { done: number };
      if (Number(r.done) >= 50) break;
      await new Promise((res) => setTimeout(res, 20));
    }
    await s.stop();
    service = null;
    s = await start();
    const row = await finished(s, job.id);
    expect(row.status).toBe('succeeded');
    const counted = (await s.db('thread_counted').where({ job_id: job.id }).select('n')) as { n: number }[];
    expect(counted.map((r) => Number(r.n)).sort((a, b) => a - b)).toEqual([...Array(400).keys()]);
  });
});

describe('write gate', () => {
  it('lets one writer in at a time, the service waiting without blocking, each writer reentrant', async () => {
    const memory = newWriteGate();
    const thread = new WriteGate(memory, 'thread');
    const service = new WriteGate(memory, 'service');
    thread.enter();
    thread.enter();
    let serviceIn = false;
    const waiting = service.enterAsync().then(() => {
      serviceIn = true;
    });
    // the event loop runs on while the service waits
    await new Promise((r) => setTimeout(r, 30));
    expect(serviceIn).toBe(false);
    // a writer that is not in leaves nothing
    service.leave();
    expect(serviceIn).toBe(false);
    thread.leave();
    await waiting;
    expect(serviceIn).toBe(true);
    service.enter();
    await service.enterAsync();
    service.leave();
    const started = Date.now();
    thread.enter();
    expect(Date.now() - started).toBeLessThan(50);
    thread.leave();
  });

  it('gives the service its turn without entering: waits while the thread is in, then holds the thread off until it is done', async () => {
    const memory = newWriteGate();
    const thread = new WriteGate(memory, 'thread');
    const service = new WriteGate(memory, 'service');
    thread.enter();
    let done: (() => void) | null = null;
    const turn = service.turn().then((d) => (done = d));
    await new Promise((r) => setTimeout(r, 30));
    expect(done).toBeNull();
    thread.leave();
    await turn;
    // the turn does not enter: the service's write enters then, at once
    const entering = Date.now();
    await service.enterAsync();
    expect(Date.now() - entering).toBeLessThan(20);
    service.leave();
    // until it is done the thread lets the service go first, for its patience (50 ms), then enters anyway
    const yielding = Date.now();
    thread.enter();
    expect(Date.now() - yielding).toBeGreaterThanOrEqual(40);
    thread.leave();
    done!();
    done!();
    const free = Date.now();
    thread.enter();
    expect(Date.now() - free).toBeLessThan(20);
    thread.leave();
  });
});
