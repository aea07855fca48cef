import { threadId } from 'node:worker_threads';
import type { Db, JobKind, ServiceDeps, ServiceModule } from '../../src';

/**
 * A service for the job thread's test (job-thread.test.ts): one kind that may run in the job thread and one
 * that may not. Each chunk writes `perChunk` numbers with its checkpoint and the result names the thread that
 * ran it (0: the service's own).
 */
interface Input {
  to: number;
  perChunk: number;
}
interface State {
  next: number;
  threads: number[];
}

const countingMigration = {
  name: 'thread_test_0001',
  async up(knex: Db) {
    await knex.schema.createTable('thread_counted', (t) => {
      t.string('job_id', 36).notNullable();
      t.integer('n').notNullable();
      t.integer('thread').notNullable();
      t.primary(['job_id', 'n']);
    });
    await knex.schema.createTable('thread_service_writes', (t) => {
      t.increments('id');
      t.string('label', 60).notNullable();
    });
  },
};

function counting(deps: ServiceDeps, kind: string, thread: boolean): JobKind<Input, State> {
  return {
    kind,
    resumable: true,
    thread,
    initialState: () => ({ next: 0, threads: [] }),
    async step(run) {
      const { to, perChunk } = run.input;
      if (run.state.next >= to)
        return { state: run.state, done: to, total: to, result: { threads: run.state.threads } };
      return deps.transact(async (trx) => {
        const end = Math.min(to, run.state.next + perChunk);
        const rows = [];
        for (let n = run.state.next; n < end; n++) rows.push({ job_id: run.id, n, thread: threadId });
        await trx('thread_counted').insert(rows);
        const threads = run.state.threads.includes(threadId)
          ? run.state.threads
          : [...run.state.threads, threadId];
        const state = { next: end, threads };
        await run.checkpoint(trx, state, end);
        return { state, done: end, total: to };
      });
    },
  };
}

export const threadJobModule: ServiceModule = {
  source: { file: __filename, exportName: 'threadJobModule' },
  name: 'threadtest',
  migrations: [countingMigration],
  routes: () => [],
  jobs: (deps) => [counting(deps, 'test.threaded', true), counting(deps, 'test.inline', false)],
};
