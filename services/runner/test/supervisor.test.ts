import { supervise, type Supervised } from '../src/supervisor';

/** A process that dies when told, as the supervisor sees it. */
function fakeProcess(name: string) {
  let die!: (how: { code: number | null; signal: string | null }) => void;
  const ended = new Promise<{ code: number | null; signal: string | null }>((r) => (die = r));
  const p: Supervised & { die: typeof die; stopped: boolean } = {
    name,
    exited: () => ended,
    stop: async () => {
      p.stopped = true;
      die({ code: 0, signal: null });
    },
    die: (how) => die(how),
    stopped: false,
  };
  return p;
}

const tick = () => new Promise((r) => setImmediate(r));

describe('the supervisor of the distributed mode (issue 10 item 5)', () => {
  it('restarts a child that dies, with a doubling backoff that resets once it ran long enough, and says so', async () => {
    let clock = 0;
    const waits: number[] = [];
    const said: string[] = [];
    const started: ReturnType<typeof fakeProcess>[] = [];
    const first = fakeProcess('inventory');
    const sup = supervise(
      [first],
      async (name) => {
        const next = fakeProcess(name);
        started.push(next);
        return next;
      },
      {
        say: (line) => said.push(line),
        sleep: async (ms) => {
          waits.push(ms);
          clock += ms;
        },
        now: () => clock,
        stableMs: 60_000,
      },
    );
    first.die({ code: 1, signal: null });
    await tick();
    await tick();
    expect(started).toHaveLength(1);
    started[0]!.die({ code: null, signal: 'SIGKILL' });
    await tick();
    await tick();
    expect(started).toHaveLength(2);
    clock += 120_000; // the third one runs for two minutes before it dies
    started[1]!.die({ code: 137, signal: null });
    await tick();
    await tick();
    expect(waits).toEqual([1000, 2000, 1000]);
    expect(said[0]).toBe('inventory exited (code 1, signal -); restarting in 1 s');
    expect(said).toContain('inventory restarted');
    expect(sup.current('inventory')).toBe(started[2]);
    await sup.stop();
    expect(started[2]!.stopped).toBe(true);
    await tick();
    expect(started).toHaveLength(3);
  });
});
