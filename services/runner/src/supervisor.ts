/** What the supervisor needs of a process: to know when it ends, to stop it, and to start it again. */
export interface Supervised {
  name: string;
  /** Resolves when the process has exited, with how. */
  exited(): Promise<{ code: number | null; signal: string | null }>;
  stop(): Promise<void>;
}

export interface SupervisorOptions {
  /** First wait before a restart; it doubles after each quick death, up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A process that ran this long before dying is restarted after the base delay again. */
  stableMs?: number;
  say: (line: string) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/**
 * Keeps the distributed mode's processes running (issue 10 item 5): a child that dies is started again after a
 * backoff (1 s, 2 s, 4 s, ... at most 30 s; back to 1 s once it has run for a minute), and each death and restart
 * is said. `stop()` ends supervision and the processes.
 */
export function supervise(
  initial: readonly Supervised[],
  start: (name: string) => Promise<Supervised>,
  options: SupervisorOptions,
): { stop(): Promise<void>; current(name: string): Supervised | undefined } {
  const base = options.baseDelayMs ?? 1000;
  const max = options.maxDelayMs ?? 30_000;
  const stable = options.stableMs ?? 60_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref()));
  const now = options.now ?? Date.now;
  const running = new Map(initial.map((p) => [p.name, p]));
  let stopping = false;

  const watch = async (first: Supervised) => {
    let process = first;
    let delay = base;
    let startedAt = now();
    for (;;) {
      const { code, signal } = await process.exited();
      if (stopping) return;
      if (now() - startedAt >= stable) delay = base;
      options.say(
        `${process.name} exited (code ${code ?? '-'}, signal ${signal ?? '-'}); restarting in ${(delay / 1000).toFixed(0)} s`,
      );
      await sleep(delay);
      if (stopping) return;
      try {
        process = await start(process.name);
        running.set(process.name, process);
        startedAt = now();
        options.say(`${process.name} restarted`);
      } catch (error) {
        options.say(`${process.name} did not start again: ${(error as Error).message}`);
        startedAt = now();
      }
      delay = Math.min(max, delay * 2);
    }
  };
  for (const p of initial) void watch(p);

  return {
    current: (name) => running.get(name),
    async stop() {
      stopping = true;
      await Promise.all([...running.values()].map((p) => p.stop()));
    },
  };
}
