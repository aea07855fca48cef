import { runDistributed } from './run-distributed';
import { runEmbedded } from './run-embedded';
import { summary } from './report';

/**
 * `pnpm faults`: the fault-injection run (issue 16; README "Fault run"). Options (or the variables beside them):
 *   --seed N        FAULTS_SEED      the schedule's and the workload's seed (default 1; a failing seed replays)
 *   --faults N      FAULTS_COUNT     faults to inject (default 1,000)
 *   --smoke                          the CI size: 100 faults, closer together, shorter holds
 *   --spacing MS    FAULTS_SPACING   mean time between two faults' starts
 *   --clients N     FAULTS_CLIENTS   back-office clients beside the two tills (default 4)
 *   --think MS      FAULTS_THINK     each client's mean pause between two writes (default 2,000; the smoke 0):
 *                                    a workload below what the distributed topology books, so the event lag
 *                                    after a fault is the fault's, not a backlog that never drains
 *   --recovery N    FAULTS_RECOVERY  the distributed run's recovery phase before the schedule: each kind of
 *                                    fault N times, one at a time, each once the last recovered (default 3;
 *                                    the smoke 0), so each kind's recovery is read alone
 *   --mode M        FAULTS_MODE      embedded, distributed or both (default both, the embedded run first)
 *   --kills N       FAULTS_KILLS     the embedded run's SIGKILLs (default 20; the smoke 4), beside a full disk
 *                                    for every fourth of them (at least one)
 * Exits 1 when any invariant is violated.
 */
function option(name: string, variable: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : process.env[variable];
}

async function main(): Promise<void> {
  const smoke = process.argv.includes('--smoke') || process.env.FAULTS_SMOKE === '1';
  const seed = Number(option('seed', 'FAULTS_SEED') ?? 1);
  const faults = Number(option('faults', 'FAULTS_COUNT') ?? (smoke ? 100 : 1_000));
  const spacingMs = Number(option('spacing', 'FAULTS_SPACING') ?? (smoke ? 1_000 : 1_500));
  // a quiet gap after every burst: recovery is measured on faults no other one overlaps
  const burst = smoke ? 10 : 20;
  const gapMs = smoke ? 8_000 : 20_000;
  const clients = Number(option('clients', 'FAULTS_CLIENTS') ?? 4);
  const thinkMs = Number(option('think', 'FAULTS_THINK') ?? (smoke ? 0 : 2_000));
  const holdMs: [number, number] = smoke ? [5_000, 8_000] : [5_000, 30_000];
  const started = performance.now();
  const log = (line: string) =>
    process.stdout.write(`[faults ${((performance.now() - started) / 1000).toFixed(1)}s] ${line}\n`);
  log(
    `seed ${seed}: ${faults} faults about every ${spacingMs} ms, holds ${holdMs[0]}-${holdMs[1]} ms, ${clients} clients and 2 tills (think ${thinkMs} ms)`,
  );
  const mode = option('mode', 'FAULTS_MODE') ?? 'both';
  let violations = 0;
  if (mode === 'embedded' || mode === 'both') {
    const kills = Number(option('kills', 'FAULTS_KILLS') ?? (smoke ? 4 : 20));
    const fullDisks = Math.max(1, Math.floor(kills / 4));
    const t = performance.now();
    const result = await runEmbedded({ seed, kills, fullDisks, clients, thinkMs, log });
    process.stdout.write(`${summary(`embedded mode, seed ${seed}`, result, performance.now() - t)}\n`);
    violations += result.violations.length;
  }
  if (mode === 'distributed' || mode === 'both') {
    const t = performance.now();
    const result = await runDistributed({
      seed,
      faults,
      spacingMs,
      holdMs,
      burst,
      gapMs,
      clients,
      thinkMs,
      recoveryRounds: Number(option('recovery', 'FAULTS_RECOVERY') ?? (smoke ? 0 : 3)),
      log,
    });
    process.stdout.write(`${summary(`distributed mode, seed ${seed}`, result, performance.now() - t)}\n`);
    violations += result.violations.length;
  }
  if (violations > 0) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
