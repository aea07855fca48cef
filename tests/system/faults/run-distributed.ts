import { FAULTABLE, NAMESPACED, startCluster } from './cluster';
import { s, type FaultRecord } from './report';
import { faultSchedule, recoveryFaults, type Fault } from './schedule';
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
  /**
   * The recovery phase before the schedule: every kind of fault this many times, one at a time, each once the
   * system recovered from the one before (or `RECOVERY_TIMEOUT_MS` passed), with the workload paced at 2 s or more.
   */
  recoveryRounds: number;
  log: (line: string) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long the recovery phase waits for one fault's recovery before it goes on (noted in the log). */
const RECOVERY_TIMEOUT_MS = 180_000;
/** The recovery phase's least mean pause between a client's writes: below what the topology books. */
const RECOVERY_THINK_MS = 2_000;

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
    const busy = new Map<string, Promise<unknown>>();
    const inFlight: Promise<void>[] = [];
    /** Injects `fault`; resolves when it ended (its restart included), the check after it under way. */
    const inject = (fault: Fault): Promise<FaultRecord> => {
      const record: FaultRecord = { fault, startedAt: clock(), endedAt: 0 };
      session.records.push(record);
      const injected = cluster.inject(fault).then(
        () => undefined,
        (error: unknown) => {
          o.log(`fault ${fault.n} (${fault.kind} ${fault.target}) failed: ${String(error).slice(0, 300)}`);
          record.error = String(error);
        },
      );
      const ended = injected.then(() => {
        record.endedAt = clock();
        return record;
      });
      inFlight.push(ended.then(() => session.check(`fault ${fault.n} (${fault.kind} ${fault.target})`)));
      return ended;
    };
    // SIGINT or SIGTERM ends the faults early: the run then settles, checks and prints what it did
    let interrupted = false;
    const interrupt = () => {
      interrupted = true;
      o.log('interrupted: no more faults; settling and checking');
    };
    process.once('SIGINT', interrupt);
    process.once('SIGTERM', interrupt);

    const isolated = recoveryFaults({
      seed: o.seed,
      rounds: o.recoveryRounds,
      holdMs: o.holdMs,
      processes: FAULTABLE,
      namespaced: NAMESPACED,
      firstN: 1,
    });
    if (isolated.length > 0) {
      session.pace(Math.max(o.thinkMs, RECOVERY_THINK_MS));
      // from a settled start: the backlog of the set-up and the first writes applied
      await session.recovered(clock(), RECOVERY_TIMEOUT_MS);
      for (const fault of isolated) {
        if (interrupted) break;
        const { endedAt } = await inject(fault);
        const recovery = await session.recovered(endedAt, RECOVERY_TIMEOUT_MS);
        o.log(
          `fault ${fault.n} (${fault.kind} ${fault.target}) alone: ` +
            (recovery
              ? `a write again ${s(recovery.writeMs)} after its end, the event lag under 1 s ${s(recovery.lagMs)}`
              : `not recovered ${s(RECOVERY_TIMEOUT_MS)} after its end`),
        );
      }
      o.log(`recovery phase: ${isolated.length} faults one at a time, ended at ${clock()} ms`);
      session.pace(o.thinkMs);
    }

    const schedule = faultSchedule({
      seed: o.seed,
      count: o.faults,
      spacingMs: o.spacingMs,
      holdMs: o.holdMs,
      processes: FAULTABLE,
      namespaced: NAMESPACED,
      burst: o.burst,
      gapMs: o.gapMs,
    }).map((f) => ({ ...f, n: f.n + isolated.length }));
    const faultsStart = clock();
    for (const fault of schedule) {
      const wait = faultsStart + fault.at - clock();
      if (wait > 0) await sleep(wait);
      if (interrupted) break;
      const target = fault.target.split(':')[0]!;
      // a target still held by an earlier fault (a slow restart) takes the next one after it
      await busy.get(target);
      // the target is free again once the fault ended (its restart included); the check after it runs apart
      busy.set(target, inject(fault));
      if (fault.n % 25 === 0)
        o.log(
          `${fault.n}/${schedule.length + isolated.length} faults started at ${clock()} ms; ${session.outcomes.acks.length} writes acknowledged`,
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
