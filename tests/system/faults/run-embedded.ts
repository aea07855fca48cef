import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serviceNames } from '@erp/contracts';
import { openDatabase, type Db } from '@erp/service-kit';
import { freePort } from '../../support/topology';
import { seeded } from '../../support/seeded';
import type { Databases } from './invariants';
import type { FaultRecord } from './report';
import type { Fault } from './schedule';
import { FAULTS_PASSWORD, FaultSession, type RunResult } from './session';

/**
 * The embedded mode's fault run (issue 16 item 1): the one process (embedded-main.ts) with its SQLite files on a
 * small tmpfs the run mounts, the same workload, and two faults: SIGKILL of the process in the middle of the
 * stream (then a restart), and a full disk (the tmpfs filled to the last byte, then freed). After each, the
 * invariants that hold at any moment; at the end, all of them.
 */
export interface EmbeddedRunOptions {
  seed: number;
  kills: number;
  fullDisks: number;
  clients: number;
  /** Each client's mean pause between two writes (workload.ts). */
  thinkMs: number;
  log: (line: string) => void;
}

const MAIN = path.join(__dirname, 'embedded-main.ts');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Read-only connections to the process's SQLite files (WAL: readers see the last commit, never block it). */
async function readOnly(dir: string): Promise<Record<string, Db>> {
  const dbs: Record<string, Db> = {};
  for (const name of serviceNames)
    dbs[name] = await openDatabase({
      client: 'sqlite',
      filename: path.join(dir, `${name}.sqlite`),
      readonly: true,
    });
  return dbs;
}

/** Fills the file system at `dir` until it refuses a byte more; returns the file to delete to free it. */
function fillDisk(dir: string): string {
  const file = path.join(dir, `filler-${randomBytes(4).toString('hex')}`);
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(1 << 20);
  try {
    for (;;) writeSync(fd, chunk);
  } catch {
    // ENOSPC: full; the last small pieces too
    const small = Buffer.alloc(4096);
    try {
      for (;;) writeSync(fd, small);
    } catch {
      // full to the block
    }
  } finally {
    closeSync(fd);
  }
  return file;
}

export async function runEmbedded(o: EmbeddedRunOptions): Promise<RunResult> {
  const started = performance.now();
  const clock = () => Math.round(performance.now() - started);
  const mount = mkdtempSync(path.join(tmpdir(), 'erp-faults-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=192m', 'tmpfs', mount]);
  } catch (error) {
    rmSync(mount, { recursive: true, force: true });
    throw new Error(`the full-disk fault needs a tmpfs (root: mount -t tmpfs): ${String(error)}`, {
      cause: error,
    });
  }
  const dataDir = path.join(mount, 'data');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const jwtSecret = randomBytes(32).toString('hex');
  const logs: string[] = [];
  let child: ChildProcess | undefined;
  const start = async () => {
    const proc = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        PORT: String(port),
        ERP_DATA_DIR: dataDir,
        ERP_JWT_SECRET: jwtSecret,
        ERP_ADMIN_PASSWORD: FAULTS_PASSWORD,
        ERP_SCRYPT_LOG_N: '10',
        ERP_LOG: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    const collect = (chunk: Buffer) => {
      logs.push(...chunk.toString().split('\n').filter(Boolean));
      if (logs.length > 2000) logs.splice(0, logs.length - 2000);
    };
    proc.stderr!.on('data', collect);
    await new Promise<void>((resolve, reject) => {
      proc.stdout!.on('data', (chunk: Buffer) => {
        collect(chunk);
        if (chunk.toString().includes('ready')) resolve();
      });
      proc.once('exit', (code, signal) =>
        reject(new Error(`the embedded process exited (${code}, ${signal})`)),
      );
    });
  };
  const kill = async () => {
    const proc = child!;
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGKILL');
    await exited;
  };
  let dbs: Record<string, Db> = {};
  try {
    await start();
    o.log(`embedded process up in ${clock()} ms (data on a 192 MB tmpfs)`);
    dbs = await readOnly(dataDir);
    const session = new FaultSession(url, dbs as Databases, clock, o.log);
    await session.start(o.seed, o.clients, o.thinkMs);

    // the faults, in a seeded order, each after a few seconds of the stream
    const g = seeded(o.seed);
    const kinds = [
      ...Array.from({ length: o.kills }, () => 'kill' as const),
      ...Array.from({ length: o.fullDisks }, () => 'fullDisk' as const),
    ];
    for (let i = kinds.length - 1; i > 0; i--) {
      const j = g.int(i + 1);
      [kinds[i], kinds[j]] = [kinds[j]!, kinds[i]!];
    }
    for (const [i, kind] of kinds.entries()) {
      await sleep(2_000 + g.int(3_000));
      const fault: Fault = { n: i + 1, kind, target: 'embedded', at: clock(), durationMs: 0, offsetMs: 0 };
      const record: FaultRecord = { fault, startedAt: clock(), endedAt: 0 };
      session.records.push(record);
      if (kind === 'kill') {
        await kill();
        await start();
      } else {
        const filler = fillDisk(mount);
        record.fault.durationMs = 3_000 + g.int(4_000);
        await sleep(record.fault.durationMs);
        unlinkSync(filler);
      }
      record.endedAt = clock();
      await session.check(`fault ${i + 1} (${kind})`);
      o.log(
        `fault ${i + 1}/${kinds.length} (${kind}) ended at ${record.endedAt} ms; ${session.outcomes.acks.length} writes acknowledged`,
      );
    }
    return await session.finish();
  } catch (error) {
    process.stdout.write(`\n----- process output -----\n${logs.slice(-200).join('\n')}\n`);
    throw error;
  } finally {
    for (const db of Object.values(dbs)) await db.destroy().catch(() => undefined);
    if (child) await kill();
    try {
      execFileSync('umount', [mount]);
    } catch {
      // still busy: lazily
      execFileSync('umount', ['-l', mount]);
    }
    rmSync(mount, { recursive: true, force: true });
  }
}
