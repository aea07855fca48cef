// The fault run's clock jump (issue 16 item 1), loaded into each process with `node --import`: Date reads the
// real clock plus an offset in milliseconds, read from `$ERP_FAULT_CLOCK_DIR/<process name>` at start and again
// on SIGUSR2. Monotonic clocks (performance.now, timers) are untouched, as on a host whose wall clock jumps.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.env.ERP_FAULT_CLOCK_DIR;
if (dir) {
  // the name service-main is given (`service-main.ts <name>`), else the script's
  const file = path.join(dir, process.argv[2] ?? path.basename(process.argv[1] ?? 'process'));
  let offset = 0;
  const read = () => {
    try {
      offset = Number(readFileSync(file, 'utf8')) || 0;
    } catch {
      offset = 0;
    }
  };
  read();
  process.on('SIGUSR2', read);
  const RealDate = Date;
  const now = () => RealDate.now() + offset;
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) =>
      args.length === 0
        ? Reflect.construct(target, [now()], newTarget)
        : Reflect.construct(target, args, newTarget),
    apply: () => new RealDate(now()).toString(),
    get: (target, property, receiver) => (property === 'now' ? now : Reflect.get(target, property, receiver)),
  });
}
