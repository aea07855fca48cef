import { seeded, type Seeded } from '../../support/seeded';

/**
 * The fault run's seeded schedule (issue 16 item 1): which fault, on which process or link, when and for how
 * long. The same seed and sizes give the same schedule, so a failing seed replays its faults exactly (the
 * processes' own timing is the machine's). Faults overlap, but never two on one target at once.
 */
/** `fullDisk` is the embedded run's own (run-embedded.ts). */
export type FaultKind = 'kill' | 'pause' | 'broker' | 'cutDb' | 'cutBus' | 'clock' | 'fullDisk';

export interface Fault {
  n: number;
  kind: FaultKind;
  /** A process (`sales`, `gateway`, ...), `kafka`, or a namespaced service for a cut. */
  target: string;
  /** When it starts, in ms after the faults begin. */
  at: number;
  /** How long the process stays stopped, the link cut or the clock off (a kill: the pause before restart). */
  durationMs: number;
  /** A clock jump's size in ms (forward or back). */
  offsetMs: number;
}

export interface ScheduleOptions {
  seed: number;
  count: number;
  /** Mean time between two faults' starts. */
  spacingMs: number;
  /** How long a SIGSTOP, a cut or a clock jump lasts: [min, max] ms. */
  holdMs: [number, number];
  /** Processes that may be killed, stopped or have their clock moved. */
  processes: readonly string[];
  /** Services in their own network namespace (their database and broker links can be cut). */
  namespaced: readonly string[];
  /** After every `burst` faults, `gapMs` with no new fault: the recovery figures are read there. */
  burst: number;
  gapMs: number;
}

/** Each kind's share of the faults. */
const WEIGHTS: readonly [FaultKind, number][] = [
  ['kill', 0.3],
  ['pause', 0.25],
  ['cutDb', 0.12],
  ['cutBus', 0.12],
  ['clock', 0.13],
  ['broker', 0.08],
];

/** Where a fault of `kind` may strike: the broker, a namespaced service's link, or a process. */
function candidatesOf(
  kind: FaultKind,
  o: Pick<ScheduleOptions, 'processes' | 'namespaced'>,
): readonly string[] {
  if (kind === 'broker') return ['kafka'];
  if (kind === 'cutDb' || kind === 'cutBus')
    return o.namespaced.map((s) => `${s}:${kind === 'cutDb' ? 'db' : 'bus'}`);
  return o.processes;
}

/** A hold's length, drawn before the target (the order a seed's schedule has always been drawn in). */
const drawHold = (g: Seeded, holdMs: [number, number]) => holdMs[0] + g.int(holdMs[1] - holdMs[0] + 1);

/** A fault of `kind` on `target`: its length (a kill: the pause before the restart) and a clock jump's size. */
function faultOn(g: Seeded, kind: FaultKind, target: string, hold: number, n: number, at: number): Fault {
  const durationMs = kind === 'kill' ? g.int(2_000) : hold;
  const offsetMs = kind === 'clock' ? (g.chance(0.5) ? 1 : -1) * (600_000 + g.int(3 * 3_600_000)) : 0;
  return { n, kind, target, at, durationMs, offsetMs };
}

export function faultSchedule(o: ScheduleOptions): Fault[] {
  const g = seeded(o.seed);
  const busyUntil = new Map<string, number>();
  const faults: Fault[] = [];
  let at = 0;
  let gapBefore = 0;
  while (faults.length < o.count) {
    at += Math.round(o.spacingMs * (0.5 + g.next()));
    if (faults.length > 0 && faults.length % o.burst === 0 && gapBefore !== faults.length) {
      gapBefore = faults.length;
      at += o.gapMs;
    }
    let roll = g.next();
    let kind: FaultKind = 'kill';
    for (const [k, w] of WEIGHTS) {
      if (roll < w) {
        kind = k;
        break;
      }
      roll -= w;
    }
    const hold = drawHold(g, o.holdMs);
    const candidates = candidatesOf(kind, o);
    // a target is free when no fault holds it; a link's service and the service itself are one target
    const free = candidates.filter((t) => (busyUntil.get(t.split(':')[0]!) ?? -1) < at);
    if (free.length === 0 || candidates.length === 0) continue;
    const target = g.pick(free);
    const fault = faultOn(g, kind, target, hold, faults.length + 1, at);
    // a kill holds its target for its restart too (seconds on these machines), a broker restart likewise
    const holds = kind === 'kill' || kind === 'broker' ? fault.durationMs + 20_000 : fault.durationMs + 1_000;
    busyUntil.set(target.split(':')[0]!, at + holds);
    faults.push(fault);
  }
  return faults;
}

/**
 * The recovery phase's faults (issue 16 item 3, "the time to recover after each kind of fault"): every kind in
 * turn, `rounds` times, each on a seeded target, for the run to inject one at a time, each once the system
 * recovered from the one before; so each kind's recovery is its own, not the sum of overlapping faults'.
 * Numbered from `firstN`.
 */
export function recoveryFaults(o: {
  seed: number;
  rounds: number;
  holdMs: [number, number];
  processes: readonly string[];
  namespaced: readonly string[];
  firstN: number;
}): Fault[] {
  const g = seeded(o.seed * 1000 + 31);
  const faults: Fault[] = [];
  for (let round = 0; round < o.rounds; round++)
    for (const [kind] of WEIGHTS) {
      const candidates = candidatesOf(kind, o);
      if (candidates.length === 0) continue;
      const hold = drawHold(g, o.holdMs);
      faults.push(faultOn(g, kind, g.pick(candidates), hold, o.firstN + faults.length, 0));
    }
  return faults;
}
