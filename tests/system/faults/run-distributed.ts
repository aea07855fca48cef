import { FaultClient } from './client';
import { FAULTABLE, NAMESPACED, startCluster } from './cluster';
import { atAnyMoment, consumerTypes, whenSettled, type Violation } from './invariants';
import { LagProbe } from './lag';
import { recoveryFigures, type FaultRecord } from './report';
import { faultSchedule, type Fault } from './schedule';
import { newOutcomes, setUp, Workload, type Outcomes } from './workload';

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
  log: (line: string) => void;
}

export interface RunResult {
  outcomes: Outcomes;
  faults: FaultRecord[];
  violations: Violation[];
  /** Instant checks made (one after each fault), and the final one. */
  checks: number;
  drainMs: number;
}

const PASSWORD = 'Faults!Pass1';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runDistributed(o: DistributedRunOptions): Promise<RunResult> {
  const started = performance.now();
  const clock = () => Math.round(performance.now() - started);
  const cluster = await startCluster(
    { ERP_ADMIN_PASSWORD: PASSWORD, ERP_LOGIN_RATE_LIMIT: '1000000' },
    (line) => o.log(`[cluster] ${line}`),
  );
  const violations: Violation[] = [];
  const records: FaultRecord[] = [];
  let checks = 0;
  try {
    o.log(
      `topology up in ${clock()} ms: ${Object.keys(cluster.topology.procs).length} processes, ${NAMESPACED.join(', ')} in network namespaces`,
    );
    const admin = new FaultClient(cluster.gateway, 'admin', PASSWORD);
    await admin.signIn();
    const fixture = await setUp(admin, o.seed);
    o.log(`master data, shift and tills ready at ${clock()} ms`);
    const consumers = consumerTypes();
    const outcomes = newOutcomes();
    const workload = new Workload(fixture, outcomes, { seed: o.seed, clients: o.clients, clock });
    const clients: FaultClient[] = [];
    const running = workload.run(async () => {
      const c = new FaultClient(cluster.gateway, 'admin', PASSWORD);
      c.branchId = admin.branchId;
      await c.signIn();
      clients.push(c);
      return c;
    });
    running.catch(() => undefined);

    const probe = new LagProbe(cluster.dbs, consumers, clock);
    let probing = true;
    const probing$ = (async () => {
      while (probing) {
        await probe.poll().catch((error) => o.log(`lag probe: ${String(error)}`));
        await sleep(500);
      }
    })();

    // instant invariants after each fault, one check at a time
    let checking = Promise.resolve();
    const check = (why: string) => {
      checking = checking.then(async () => {
        const found = await atAnyMoment(cluster.dbs);
        checks += 1;
        for (const v of found) o.log(`VIOLATION after ${why}: ${v.invariant}: ${v.detail}`);
        violations.push(...found);
      });
      return checking;
    };

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
      const run = (async () => {
        const record: FaultRecord = { fault, startedAt: clock(), endedAt: 0 };
        records.push(record);
        try {
          await cluster.inject(fault);
        } catch (error) {
          o.log(`fault ${fault.n} (${fault.kind} ${fault.target}) failed: ${String(error).slice(0, 300)}`);
          record.error = String(error);
        }
        record.endedAt = clock();
        await check(`fault ${fault.n} (${fault.kind} ${fault.target})`);
      })();
      busy.set(target, run);
      inFlight.push(run);
      if (fault.n % 25 === 0)
        o.log(
          `${fault.n}/${schedule.length} faults started at ${clock()} ms; ${outcomes.acks.length} writes acknowledged`,
        );
    }
    await Promise.all(inFlight);
    o.log(`every fault ended at ${clock()} ms`);
    await sleep(5_000); // writes after the last fault: the recovery figures need them
    workload.stop();
    for (const c of clients) c.stopped = true;
    await running;

    // settled: every event applied (bounded), then every invariant
    const drainFrom = clock();
    for (;;) {
      const { pending } = await probe.poll();
      if (pending === 0) break;
      if (clock() - drainFrom > 300_000) {
        violations.push({
          invariant: 'every event is applied',
          detail: `${pending} pending after 5 minutes`,
        });
        break;
      }
      await sleep(250);
    }
    const drainMs = clock() - drainFrom;
    probing = false;
    await probing$;
    await checking;
    const final = [
      ...(await atAnyMoment(cluster.dbs)),
      ...(await whenSettled(cluster.dbs, outcomes, consumers)),
    ];
    checks += 1;
    for (const v of final) o.log(`VIOLATION at the end: ${v.invariant}: ${v.detail}`);
    violations.push(...final);
    recoveryFigures(records, outcomes.ackTimes, probe);
    return { outcomes, faults: records, violations, checks, drainMs };
  } catch (error) {
    process.stdout.write(`\n----- process output -----\n${cluster.topology.logs.slice(-300).join('\n')}\n`);
    throw error;
  } finally {
    const keep = violations.length > 0;
    if (keep)
      o.log(
        `the databases are kept for a look: ${cluster.topology.prefix}<service> at ${process.env.ERP_TEST_MYSQL_URL || 'mysql://root@127.0.0.1:3306'}`,
      );
    await cluster.stop({ keepDatabases: keep });
  }
}

export type { Fault };
