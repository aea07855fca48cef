import type { LagProbe } from './lag';
import type { Fault } from './schedule';
import type { Outcomes } from './workload';
import type { Violation } from './invariants';

/** One injected fault as it happened, on the run's clock, and how long the system took to recover from it. */
export interface FaultRecord {
  fault: Fault;
  startedAt: number;
  endedAt: number;
  error?: string;
  /** From the fault's end to the next acknowledged write. */
  writeMs?: number | null;
  /** From the fault's end to the event lag back under 1 s (after that write). */
  recoveredMs?: number | null;
  /** No other fault was under way from this one's end until it had recovered. */
  isolated?: boolean;
}

/**
 * How a fault that ended at `endedAt` recovered: the first write acknowledged at or after its end, then the first
 * lag poll under 1 s after that write; both as times from `endedAt`, null where it has not happened (yet).
 */
export function recoveryOf(
  endedAt: number,
  ackTimes: readonly number[],
  probe: Pick<LagProbe, 'settledAfter'>,
): { writeMs: number | null; lagMs: number | null } {
  let write: number | undefined;
  for (const t of ackTimes) if (t >= endedAt && (write === undefined || t < write)) write = t;
  const settled = write === undefined ? null : probe.settledAfter(write);
  return {
    writeMs: write === undefined ? null : write - endedAt,
    lagMs: settled === null ? null : settled - endedAt,
  };
}

/**
 * Recovery after each fault (issue 16 item 3): successful writes again, then the event lag back under 1 s,
 * both measured from the fault's end. Faults overlap, so a recovery can include another fault's.
 */
export function recoveryFigures(
  records: FaultRecord[],
  ackTimes: readonly number[],
  probe: Pick<LagProbe, 'settledAfter'>,
): void {
  for (const r of records) {
    const { writeMs, lagMs } = recoveryOf(r.endedAt, ackTimes, probe);
    r.writeMs = writeMs;
    r.recoveredMs = lagMs;
    const until = lagMs === null ? Infinity : r.endedAt + lagMs;
    r.isolated =
      lagMs !== null && !records.some((o) => o !== r && o.startedAt < until && o.endedAt > r.endedAt);
  }
}

const pct = (xs: number[], p: number) =>
  xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]! : NaN;
/** A time in ms as seconds to a tenth, for the run's lines ('n/a' for no figure). */
export const s = (ms: number) => (Number.isNaN(ms) ? 'n/a' : `${(ms / 1000).toFixed(1)} s`);

export function summary(
  title: string,
  result: {
    outcomes: Outcomes;
    faults: FaultRecord[];
    violations: Violation[];
    checks: number;
    drainMs: number;
  },
  elapsedMs: number,
): string {
  const { outcomes, faults, violations } = result;
  const lines = [`== ${title}: ${faults.length} faults injected in ${s(elapsedMs)} ==`];
  const kinds = [...new Set(faults.map((f) => f.fault.kind))].sort();
  lines.push(
    "recovery by kind, from the fault's end (faults alone: no other under way until recovered): " +
      'the next acknowledged write, then the event lag under 1 s',
  );
  for (const kind of kinds) {
    const of = faults.filter((f) => f.fault.kind === kind);
    const alone = of.filter((f) => f.isolated);
    const writes = alone.map((f) => f.writeMs!);
    const settled = alone.map((f) => f.recoveredMs!);
    const all = of.flatMap((f) => (f.recoveredMs == null ? [] : [f.recoveredMs]));
    const failed = of.filter((f) => f.error).length;
    lines.push(
      `  ${kind.padEnd(8)} ${String(of.length).padStart(4)} faults, ${String(alone.length).padStart(3)} alone: ` +
        `write again p50 ${s(pct(writes, 0.5))} max ${s(pct(writes, 1))}; ` +
        `lag < 1 s p50 ${s(pct(settled, 0.5))} max ${s(pct(settled, 1))}` +
        ` (with others under way: p50 ${s(pct(all, 0.5))} max ${s(pct(all, 1))})` +
        `${failed ? `, ${failed} failed to inject` : ''}`,
    );
  }
  const byKind = new Map<string, number>();
  for (const a of outcomes.acks) byKind.set(a.kind, (byKind.get(a.kind) ?? 0) + 1);
  lines.push(
    `writes acknowledged: ${outcomes.acks.length} (${[...byKind].map(([k, n]) => `${k} ${n}`).join(', ')}); ` +
      `refused: ${[...outcomes.refused.values()].reduce((a, b) => a + b, 0)}; ` +
      `outcome unknown (client gave up): ${outcomes.unknown.length}`,
  );
  if (outcomes.refused.size)
    lines.push(`  refusals: ${[...outcomes.refused].map(([k, n]) => `${k} ×${n}`).join('; ')}`);
  const lost = violations.filter((v) => v.invariant === 'nothing acknowledged is lost').length;
  const duplicated = violations.filter((v) => v.invariant === 'no key made two documents').length;
  lines.push(
    `lost ${lost}, duplicated ${duplicated}, invariant violations ${violations.length} ` +
      `(${result.checks} checks; every event applied ${s(result.drainMs)} after the workload stopped)`,
  );
  return lines.join('\n');
}
