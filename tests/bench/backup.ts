/**
 * Backup figures (issue 10 item 6): the time to back up about 1 GB of embedded data while the product runs, and
 * the API's latency meanwhile against the same calls before. Not a timed test: compare within one run.
 * Run: pnpm bench:backup [megabytes]   (default 1024)
 */
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot, startEmbedded } from '@erp/runner';
import { openDatabase } from '@erp/service-kit';

const PASSWORD = 'Bench!Pass1';
const megabytes = Number(process.argv[2] ?? 1024);
const backupCli = path.join(repoRoot, 'services/runner/src/backup-cli.ts');
const tsxCli = require.resolve('tsx/cli', { paths: [path.join(repoRoot, 'services/runner')] });

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Fills the audit log store (identity) with realistic rows until the file holds about `mb` megabytes. */
async function fill(file: string, mb: number): Promise<void> {
  const db = await openDatabase({ client: 'sqlite', filename: file });
  try {
    const tenant = String((await db('tenants').first('id')).id);
    const text = 'قيمة سابقة للحقل '.repeat(40);
    for (let batch = 0; statSync(file).size < mb * 1024 * 1024; batch++) {
      await db.transaction(async (trx) => {
        for (let i = 0; i < 20; i++) {
          await trx('audit_logs').insert(
            Array.from({ length: 50 }, (_, j) => ({
              id: `${batch}-${i}-${j}-${randomBytes(6).toString('hex')}`,
              tenant_id: tenant,
              event_id: randomBytes(16).toString('hex'),
              service: 'inventory',
              entity: 'items',
              entity_id: randomBytes(16).toString('hex'),
              action: 'modified',
              property: 'arabicName',
              before_value: text,
              after_value: text,
              user_id: null,
              user_name: 'admin',
              occurred_at: new Date().toISOString(),
            })),
          );
        }
      });
    }
  } finally {
    await db.destroy();
  }
}

async function main(): Promise<void> {
  const root = mkdtempSync(path.join(tmpdir(), 'erp-bench-backup-'));
  const dataDir = path.join(root, 'data');
  const options = {
    dataDir,
    port: 0,
    jwtSecret: randomBytes(32).toString('hex'),
    env: { ERP_ADMIN_PASSWORD: PASSWORD, ERP_LOG: 'silent' },
    loginRateLimit: 1_000_000,
  };
  try {
    await (await startEmbedded(options)).stop();
    const seeded = performance.now();
    await fill(path.join(dataDir, 'identity.sqlite'), megabytes);
    console.log(`seeded ${megabytes} MB in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
    const app = await startEmbedded(options);
    try {
      const auth = await fetch(`${app.url}/api/Users/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: 'admin', password: PASSWORD }),
      });
      const token = ((await auth.json()) as { token: string }).token;
      const call = async () => {
        const t = performance.now();
        const res = await fetch(`${app.url}/api/Units`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify({ arabicName: `وحدة ${randomBytes(4).toString('hex')}` }),
        });
        if (res.status !== 201) throw new Error(`write: ${res.status}`);
        await res.arrayBuffer();
        return performance.now() - t;
      };
      const idle: number[] = [];
      for (let i = 0; i < 200; i++) idle.push(await call());
      const during: number[] = [];
      let running = true;
      const load = (async () => {
        while (running) during.push(await call());
      })();
      // as `pnpm backup` runs it: its own process, so the snapshot never holds the product's event loop
      const archive = path.join(root, 'backup.tar.gz');
      const started = performance.now();
      await new Promise<void>((resolve, reject) => {
        const child = spawn(process.execPath, [tsxCli, backupCli, 'backup', archive], {
          env: { ...process.env, ERP_DATA_DIR: dataDir },
          stdio: ['ignore', 'inherit', 'inherit'],
        });
        child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`backup exited ${code}`))));
      });
      const seconds = (performance.now() - started) / 1000;
      const result = {
        databases: readdirSync(dataDir).filter((f) => f.endsWith('.sqlite')),
        bytes: statSync(archive).size,
      };
      running = false;
      await load;
      idle.sort((a, b) => a - b);
      during.sort((a, b) => a - b);
      const data = result.databases.reduce((t, f) => t + statSync(path.join(dataDir, f)).size, 0);
      console.log(
        `backup of ${(data / 1024 / 1024).toFixed(0)} MB in ${seconds.toFixed(1)} s ` +
          `(archive ${(result.bytes / 1024 / 1024).toFixed(0)} MB)`,
      );
      console.log(
        `API writes: idle p50 ${percentile(idle, 50).toFixed(1)} ms p99 ${percentile(idle, 99).toFixed(1)} ms; ` +
          `during the backup (n=${during.length}) p50 ${percentile(during, 50).toFixed(1)} ms p99 ${percentile(during, 99).toFixed(1)} ms`,
      );
    } finally {
      await app.stop();
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
