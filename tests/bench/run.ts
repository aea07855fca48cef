/**
 * Backbone figures in the embedded mode (not a timed test: the machine is shared; compare within one run).
 * Run: pnpm bench
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbedded } from '@erp/runner';

const PASSWORD = 'Bench!Pass1';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function measure(label: string, n: number, call: () => Promise<Response>): Promise<void> {
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await call();
    if (!res.ok) throw new Error(`${label}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    times.push(performance.now() - t);
  }
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(34)} n=${String(n).padStart(4)}  p50=${percentile(times, 50).toFixed(2)} ms  p99=${percentile(times, 99).toFixed(2)} ms  ${(n / (total / 1000)).toFixed(0)} req/s`,
  );
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'erp-bench-'));
  const app = await startEmbedded({
    dataDir: dir,
    port: 0,
    jwtSecret: randomBytes(32).toString('hex'),
    env: { ERP_ADMIN_PASSWORD: PASSWORD, ERP_LOG: 'silent' },
    loginRateLimit: 1_000_000,
  });
  try {
    const post = (p: string, body: unknown, token?: string) =>
      fetch(`${app.url}${p}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    const login = async () =>
      (
        (await (await post('/api/Users/auth', { userName: 'admin', password: PASSWORD })).json()) as {
          token: string;
        }
      ).token;
    const token = await login();
    const get = (p: string) => () =>
      fetch(`${app.url}${p}`, { headers: { Authorization: `Bearer ${token}`, Language: 'ar' } });
    console.log(`embedded mode, scrypt N=2^${process.env.ERP_SCRYPT_LOG_N ?? 15}`);
    await measure('POST /api/Users/auth (scrypt)', 20, () =>
      post('/api/Users/auth', { userName: 'admin', password: PASSWORD }),
    );
    await measure('GET /api/aggregates/StartUp', 500, get('/api/aggregates/StartUp'));
    await measure('GET /api/FiscalYears', 500, get('/api/FiscalYears'));
    const startUp = (await (await get('/api/aggregates/StartUp')()).json()) as {
      branches: { id: string; isMaster: boolean }[];
    };
    const branch = startUp.branches.find((b) => !b.isMaster)!.id;
    let i = 0;
    await measure('POST /api/Users (hash + audit event)', 50, () =>
      post(
        '/api/Users',
        {
          fullName: `U ${i}`,
          userName: `bench_${i++}`,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          branches: [branch],
        },
        token,
      ),
    );
    await measure('GET /api/Users page of 15 (search)', 300, get('/api/Users?pageSize=15&search=bench_4'));
    // event crossing: a change, its audit event through outbox → bus → consumer → audit_logs
    const crossings: number[] = [];
    for (let k = 0; k < 30; k++) {
      const t = performance.now();
      await post('/api/FavoriteRoutes', { routeUrl: `/x${k}`, title: 'x' }, token);
      const res = await post('/api/Branches', { code: `B${k}`, arabicName: `فرع ${k}` }, token);
      const { id } = (await res.json()) as { id: string };
      for (;;) {
        const logs = (await (await get(`/api/AuditLogs?entity=branch&entityId=${id}`)()).json()) as {
          total: number;
        };
        if (logs.total > 0) break;
        await new Promise((r) => setTimeout(r, 1));
      }
      crossings.push(performance.now() - t);
    }
    crossings.sort((a, b) => a - b);
    console.log(
      `change → audit row visible (event crossing)   p50=${percentile(crossings, 50).toFixed(2)} ms  p99=${percentile(crossings, 99).toFixed(2)} ms`,
    );
  } finally {
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
