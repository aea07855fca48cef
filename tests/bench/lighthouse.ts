/**
 * Lighthouse scores (issue 12): performance and accessibility of /login, home and a document form, in Arabic, with
 * Lighthouse's desktop settings (the product is used on shop and office desktops) and Debian's chromium.
 * Not a timed test; run `pnpm bench:lighthouse` (it builds what is missing and starts the embedded product).
 * The shared machine is noisy: the performance score moves with its load, the accessibility score does not.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { stockDocuments } from '@erp/contracts';
import { repoRoot, startEmbedded } from '@erp/runner';
import { ensureWebBuilt } from '../../services/runner/src/web-build';
import { freePort } from '../support/topology';

const PASSWORD = 'Bench!Pass1';
const GOALS = { performance: 90, accessibility: 100 };

interface Scores {
  performance: number;
  accessibility: number;
  failing: string[];
}

/** Audits one page in a plain Node process (see lighthouse-audit.mjs) against the browser's debugging port. */
function audit(url: string, port: number): Scores {
  const run = spawnSync(process.execPath, [path.join(__dirname, 'lighthouse-audit.mjs'), url, String(port)], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`lighthouse ${url}: ${run.stderr}`);
  return JSON.parse(run.stdout) as Scores;
}

async function main(): Promise<void> {
  ensureWebBuilt(repoRoot);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'erp-bench-lh-'));
  const profile = mkdtempSync(path.join(tmpdir(), 'erp-bench-lh-profile-'));
  const app = await startEmbedded({
    dataDir,
    port: 0,
    jwtSecret: randomBytes(32).toString('hex'),
    env: { ERP_ADMIN_PASSWORD: PASSWORD, ERP_LOG: 'silent' },
    web: { root: repoRoot },
  });
  const port = await freePort();
  // one persistent profile: the tab Lighthouse opens shares the storage the sign-in wrote
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    locale: 'ar',
    args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu', '--lang=ar'],
  });
  try {
    const document = stockDocuments[0]!;
    const pages: [string, string][] = [
      ['/login', `${app.url}/login`],
      ['home', `${app.url}/`],
      [`document form ${document.route}/new`, `${app.url}${document.route}/new`],
    ];
    const results: [string, Scores][] = [];
    results.push([pages[0]![0], audit(pages[0]![1], port)]);
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto(`${app.url}/login`);
    await page.locator('#login-user-name').fill('admin');
    await page.locator('#login-password').fill(PASSWORD);
    await page.locator('form button[type=submit]').click();
    await page.waitForURL((url) => url.pathname === '/');
    for (const [name, url] of pages.slice(1)) results.push([name, audit(url, port)]);
    for (const [name, s] of results)
      console.log(
        `${name.padEnd(36)} performance ${String(s.performance).padStart(3)} (goal ${GOALS.performance}), accessibility ${String(s.accessibility).padStart(3)} (goal ${GOALS.accessibility})${s.failing.length ? `; failing: ${s.failing.join(', ')}` : ''}`,
      );
  } finally {
    await browser.close();
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
