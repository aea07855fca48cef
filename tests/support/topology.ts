import { createServer } from 'node:net';
import mysql from 'mysql2/promise';
import type { ManagedProcess } from '@erp/runner';

/**
 * What the tests of the distributed topology share (the system test, the distributed e2e journey): free ports,
 * the MariaDB check that fails loudly, stopping a process.
 */

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** `count` consecutive free ports (the services take servicePort, servicePort + 1, ...), none of `avoid`. */
export async function freePorts(count: number, avoid: number[]): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const first = await freePort();
    const run = Array.from({ length: count }, (_, i) => first + i);
    if (run.some((p) => avoid.includes(p) || p > 65535)) continue;
    if ((await Promise.all(run.map(portIsFree))).every(Boolean)) return first;
  }
  throw new Error(`no run of ${count} free ports found`);
}

/** Throws, saying what to do, when MariaDB/MySQL does not answer: these tests never skip. */
export async function assertMysqlReachable(url: string): Promise<void> {
  try {
    const conn = await mysql.createConnection({ uri: url, connectTimeout: 5_000 });
    await conn.query('SELECT 1');
    await conn.end();
  } catch (error) {
    throw new Error(
      `MariaDB/MySQL is not reachable at ${url} (set ERP_TEST_MYSQL_URL; see docs/toolchain.md "MariaDB on these machines"): ${String(error)}`,
      { cause: error },
    );
  }
}

/** SIGTERM, then SIGKILL if the process is still there after 5 s. */
export async function stopProcess(p: ManagedProcess): Promise<void> {
  const alive = () => p.child.exitCode === null && p.child.signalCode === null;
  if (!alive()) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([p.kill('SIGTERM'), new Promise((resolve) => (timer = setTimeout(resolve, 5_000)))]);
  clearTimeout(timer);
  if (alive()) await p.kill('SIGKILL');
}
