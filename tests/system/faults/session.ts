import { FaultClient } from './client';
import { atAnyMoment, consumerTypes, whenSettled, type Databases, type Violation } from './invariants';
import { LagProbe } from './lag';
import { recoveryFigures, recoveryOf, type FaultRecord } from './report';
import { newOutcomes, setUp, Workload, type Outcomes } from './workload';

/** What a fault run (either mode) reports. */
export interface RunResult {
  outcomes: Outcomes;
  faults: FaultRecord[];
  violations: Violation[];
  /** Checks made: at least one after each fault (faults ending close together share one), and the final one. */
  checks: number;
  drainMs: number;
}

export const FAULTS_PASSWORD = 'Faults!Pass1';
/**
 * Refusals no write of the workload may get: a unique index that broke (two requests raced past the use case's
 * own check) or a key said to be reused with another body (the workload never does that).
 */
const RACE_REFUSALS = ['itemAlreadyExists', 'idempotencyKeyReused'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What both modes' runs share around their faults: the admin's set-up, the workload and its clients, the lag
 * probe, the checks after each fault (one at a time) and the end: the workload stopped, every event applied
 * (bounded by 5 minutes), every invariant checked and the recovery figures read.
 */
export class FaultSession {
  readonly outcomes = newOutcomes();
  readonly records: FaultRecord[] = [];
  readonly violations: Violation[] = [];
  private readonly consumers = consumerTypes();
  private readonly probe: LagProbe;
  private workload: Workload | null = null;
  private running: Promise<void> = Promise.resolve();
  private readonly clients: FaultClient[] = [];
  private probing = true;
  private probing$: Promise<void> = Promise.resolve();
  private checking: Promise<void> = Promise.resolve();
  /** The check not started yet that the next asks share, and what asked for it. */
  private next: Promise<void> | null = null;
  private readonly asked: string[] = [];
  private checks = 0;

  constructor(
    private readonly url: string,
    private readonly dbs: Databases,
    private readonly clock: () => number,
    private readonly log: (line: string) => void,
  ) {
    this.probe = new LagProbe(dbs, this.consumers, clock);
  }

  /** Signs the admin in, makes the master data, then starts the workload and the lag probe. */
  async start(seed: number, clients: number, thinkMs = 0): Promise<void> {
    const admin = new FaultClient(this.url, 'admin', FAULTS_PASSWORD);
    await admin.signIn();
    const fixture = await setUp(admin, seed);
    this.log(`master data, shift and tills ready at ${this.clock()} ms`);
    this.workload = new Workload(fixture, this.outcomes, { seed, clients, clock: this.clock, thinkMs });
    this.running = this.workload.run(async () => {
      const c = new FaultClient(this.url, 'admin', FAULTS_PASSWORD);
      c.branchId = admin.branchId;
      await c.signIn();
      this.clients.push(c);
      return c;
    });
    this.running.catch(() => undefined);
    this.probing$ = (async () => {
      while (this.probing) {
        // a database may be unreachable for a while (a cut, a restart): the next poll tries again
        await this.probe.poll().catch(() => undefined);
        await sleep(500);
      }
    })();
  }

  /**
   * The invariants that hold at any moment, after `why`; checks run one at a time. A check asked for while
   * another is under way waits for it, and every ask made meanwhile shares that one next check: it starts after
   * each of their faults ended, so every fault is still checked after it, and the schedule is not held up by a
   * queue of checks (each reads every database, seconds once the run has written thousands of documents).
   */
  check(why: string): Promise<void> {
    this.asked.push(why);
    if (this.next) return this.next;
    const next = this.checking.then(async () => {
      this.next = null;
      const whys = this.asked.splice(0);
      const found = await atAnyMoment(this.dbs);
      this.checks += 1;
      for (const v of found) this.log(`VIOLATION after ${whys.join(', ')}: ${v.invariant}: ${v.detail}`);
      this.violations.push(...found);
    });
    this.next = next;
    this.checking = next;
    return next;
  }

  /** Sets the workload's mean pause between writes (see `Workload.pace`). */
  pace(thinkMs: number): void {
    this.workload?.pace(thinkMs);
  }

  /**
   * Waits until the system has recovered from a fault that ended at `endedAt` (run clock): a write acknowledged
   * after it, then a lag poll under 1 s after that write. Gives both times from `endedAt`, or null when
   * `timeoutMs` passes first.
   */
  async recovered(endedAt: number, timeoutMs: number): Promise<{ writeMs: number; lagMs: number } | null> {
    const until = this.clock() + timeoutMs;
    while (this.clock() < until) {
      const { writeMs, lagMs } = recoveryOf(endedAt, this.outcomes.ackTimes, this.probe);
      if (writeMs !== null && lagMs !== null) return { writeMs, lagMs };
      await sleep(250);
    }
    return null;
  }

  async finish(): Promise<RunResult> {
    await sleep(5_000); // writes after the last fault: the recovery figures need them
    this.workload?.stop();
    for (const c of this.clients) c.stopped = true;
    await this.running;
    const drainFrom = this.clock();
    for (;;) {
      const { pending } = await this.probe.poll();
      if (pending === 0) break;
      if (this.clock() - drainFrom > 300_000) {
        this.violations.push({
          invariant: 'every event is applied',
          detail: `${pending} pending after 5 minutes`,
        });
        break;
      }
      await sleep(250);
    }
    const drainMs = this.clock() - drainFrom;
    this.probing = false;
    await this.probing$;
    await this.checking;
    const final = [
      ...(await atAnyMoment(this.dbs)),
      ...(await whenSettled(this.dbs, this.outcomes, this.consumers)),
    ];
    // a valid write refused because two requests raced on a unique key (the product's race, not the workload's)
    for (const [what, n] of this.outcomes.refused)
      if (RACE_REFUSALS.some((code) => what.endsWith(` ${code}`)))
        final.push({ invariant: 'no valid write is refused for a race', detail: `${what} ×${n}` });
    this.checks += 1;
    for (const v of final) this.log(`VIOLATION at the end: ${v.invariant}: ${v.detail}`);
    this.violations.push(...final);
    recoveryFigures(this.records, this.outcomes.ackTimes, this.probe);
    return {
      outcomes: this.outcomes,
      faults: this.records,
      violations: this.violations,
      checks: this.checks,
      drainMs,
    };
  }
}
