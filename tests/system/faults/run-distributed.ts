import { FAULTABLE, NAMESPACED, startCluster } from './cluster';
import type { FaultRecord } from './report';
import { faultSchedule } from './schedule';
import { FAULTS_PASSWORD, FaultSession, type RunResult } from './session';

/**
 * The distributed fault run (issue 16 items 1 to 3): the workload through the gateway while the seeded schedule
 * injects its faults, the invariants that hold at any moment checked after each fault, and all of them once the
 * workload stops and every event is applied.
 */
export interface DistributedRunOptions {
  seed: number;
  faults: number;
  spacingMs: number;
  holdMs: [number, number];
  burst: number;
  gapMs: number;
  clients: number;
  /** Each client's mean pause between two writes (workload.ts). */
  thinkMs: number;
  log: (line: string) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runDistributed(o: DistributedRunOptions): Promise<RunResult> {
  const started = performance.now();
  const clock = () => Math.round(performance.now() - started);
  const cluster = await startCluster(
    { ERP_ADMIN_PASSWORD: FAULTS_PASSWORD, ERP_LOGIN_RATE_LIMIT: '1000000' },
    (line) => o.log(`[cluster] ${line}`),
  );
  const session = new FaultSession(cluster.gateway, cluster.dbs, clock, o.log);
  try {
    o.log(
      `topology up in ${clock()} ms: ${Object.keys(cluster.topology.procs).length} processes, ${NAMESPACED.join(', ')} in network namespaces`,
    );
    await session.start(o.seed, o.clients, o.thinkMs);
    await sleep(3_000); // the workload under way before the first fault
    const schedule = faultSchedule({
      seed: o.seed,
      count: o.faults,
      spacingMs: o.spacingMs,
      holdMs: o.holdMs,
      processes: FAULTABLE,
      namespaced: NAMESPACED,
      burst: o.burst,
      gapMs: o.gapMs,
    });
    const faultsStart = clock();
    const busy = new Map<string, Promise<void>>();
    const inFlight: Promise<void>[] = [];
    // SIGINT or SIGTERM ends the schedule early: the run then settles, checks and prints what it did
    let interrupted = false;
    const interrupt = () => {
      interrupted = true;
      o.log('interrupted: no more faults; settling and checking');
    };
    process.once('SIGINT', interrupt);
    process.once('SIGTERM', interrupt);
    for (const fault of schedule) {
      const wait = faultsStart + fault.at - clock();
      if (wait > 0) await sleep(wait);
      if (interrupted) break;
      const target = fault.target.split(':')[0]!;
      // a target still held by an earlier fault (a slow restart) takes the next one after it
      await busy.get(target);
      const record: FaultRecord = { fault, startedAt: clock(), endedAt: 0 };
      session.records.push(record);
      const injected = cluster.inject(fault).then(
        () => undefined,
        (error: unknown) => {
          o.log(`fault ${fault.n} (${fault.kind} ${fault.target}) failed: ${String(error).slice(0, 300)}`);
          record.error = String(error);
        },
      );
      // the target is free again once the fault ended (its restart included); the check after it runs apart
      const ended = injected.then(() => {
        record.endedAt = clock();
      });
      busy.set(target, ended);
      inFlight.push(ended.then(() => session.check(`fault ${fault.n} (${fault.kind} ${fault.target})`)));
      if (fault.n % 25 === 0)
        o.log(
          `${fault.n}/${schedule.length} faults started at ${clock()} ms; ${session.outcomes.acks.length} writes acknowledged`,
        );
    }
    await Promise.all(inFlight);
    o.log(`every fault ended at ${clock()} ms`);
    return await session.finish();
  } catch (error) {
    process.stdout.write(`\n----- process output -----\n${cluster.topology.logs.slice(-300).join('\n')}\n`);
    throw error;
  } finally {
    const keep = session.violations.length > 0;
    if (keep)
      o.log(
        `the databases are kept for a look: ${cluster.topology.prefix}<service> at ${process.env.ERP_TEST_MYSQL_URL || 'mysql://root@127.0.0.1:3306'}`,
      );
    await cluster.stop({ keepDatabases: keep });
  }
}
