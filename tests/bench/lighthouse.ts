/**
 * Lighthouse scores (issue 12): performance and accessibility of /login, home and a document form, in Arabic, with
 * Lighthouse's desktop settings (the product is used on shop and office desktops) and Debian's chromium.
 * Not a timed test; run `pnpm bench:lighthouse` (it builds what is missing and starts the embedded product).
 * The shared machine is noisy: the performance score moves with its load, the accessibility score does not.
 * `LH_DETAILS=1` also prints what moves the score on each page: its layout shifts (the elements that moved), long
 * tasks, the scripts' start-up time and the main thread's work by kind.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { stockDocuments } from '@erp/contracts';
import { repoRoot, startEmbedded } from '@erp/runner';
import { ensureWebBuilt } from '../../services/runner/src/web-build';

const run = promisify(execFile);
const PASSWORD = 'Bench!Pass1';
const GOALS = { performance: 90, accessibility: 100 };

interface Scores {
  path: string;
  performance: number;
  accessibility: number;
  failing: string[];
  problem?: string;
  metrics: { fcp: number; lcp: number; tbt: number; si: number; clsMilli: number };
}

async function main(): Promise<void> {
  ensureWebBuilt(repoRoot);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'erp-bench-lh-'));
  const app = await startEmbedded({
    dataDir,
    port: 0,
    jwtSecret: randomBytes(32).toString('hex'),
    env: { ERP_ADMIN_PASSWORD: PASSWORD, ERP_LOG: 'silent' },
    web: { root: repoRoot },
  });
  try {
    // Lighthouse runs in a plain Node process (see lighthouse-audit.mjs), asynchronously: the product it
    // measures is served by this one
    const { stdout, stderr } = await run(process.execPath, [
      path.join(__dirname, 'lighthouse-audit.mjs'),
      app.url,
      PASSWORD,
      stockDocuments[0]!.route,
    ]);
    if (stderr.trim()) console.error(stderr.trim());
    for (const line of stdout.trim().split('\n')) {
      const s = JSON.parse(line) as Scores;
      console.log(
        `${s.path.padEnd(28)} performance ${String(s.performance).padStart(3)} (goal ${GOALS.performance}), accessibility ${String(s.accessibility).padStart(3)} (goal ${GOALS.accessibility}); FCP ${s.metrics.fcp} ms, LCP ${s.metrics.lcp} ms, TBT ${s.metrics.tbt} ms, SI ${s.metrics.si} ms, CLS ${(s.metrics.clsMilli / 1000).toFixed(3)}${s.failing.length ? `; failing: ${s.failing.join(', ')}` : ''}${s.problem ? `; not measured: ${s.problem}` : ''}`,
      );
    }
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
