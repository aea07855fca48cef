/**
 * Frontend figures (issue 3): gzipped JavaScript of the shell before the login form is usable, of each feature
 * app's remote entry plus its first route, and the time from navigation to that first screen being usable.
 * Not a timed test; run `pnpm bench:web` (it builds what is missing and starts the embedded product).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Request, type Response } from '@playwright/test';
import { masterDataEntities } from '@erp/contracts';
import { repoRoot, startEmbedded } from '@erp/runner';
import { ensureWebBuilt } from '../../services/runner/src/web-build';

const PASSWORD = 'Bench!Pass1';
const APPS: Record<string, string> = {
  sales: 'mfe_sales',
  purchases: 'mfe_purchases',
  inventory: 'mfe_inventory',
  accounts: 'mfe_accounts',
  restaurant: 'mfe_restaurant',
  concrete: 'mfe_concrete',
};

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

interface Loaded {
  /** Scripts that had arrived when `work` finished (what the first usable screen needed). */
  initial: Map<string, number>;
  /** Everything until the network went idle (including chunks fetched after the first paint). */
  total: Map<string, number>;
}

/** Gzipped sizes of the scripts a page loads while `work` runs, by the folder they come from. */
async function scriptsDuring(page: Page, work: () => Promise<void>, ready?: () => boolean): Promise<Loaded> {
  const seen: { owner: string; early: boolean; size: Promise<number> }[] = [];
  const early = new Set<Request>();
  let done = false;
  const onRequest = (req: Request) => {
    if (!done && !(ready?.() ?? false)) early.add(req);
  };
  const onResponse = (res: Response) => {
    if (res.request().resourceType() !== 'script') return;
    const pathname = new URL(res.url()).pathname;
    const owner = pathname.startsWith('/mfe/') ? pathname.split('/')[2]! : 'shell';
    const size = res.body().then(
      (b) => gzipSync(b, { level: 9 }).length,
      () => 0,
    );
    seen.push({ owner, early: early.has(res.request()), size });
    if (process.env.ERP_BENCH_VERBOSE)
      void size.then((n) =>
        console.log(`  ${early.has(res.request()) ? 'initial' : 'later  '} ${kb(n).padStart(9)} ${pathname}`),
      );
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  await work();
  done = true;
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  page.off('request', onRequest);
  const initial = new Map<string, number>();
  const total = new Map<string, number>();
  for (const s of seen) {
    const size = await s.size;
    total.set(s.owner, (total.get(s.owner) ?? 0) + size);
    if (s.early) initial.set(s.owner, (initial.get(s.owner) ?? 0) + size);
  }
  return { initial, total };
}

/** Runs in the page: reports the moment the login form enters the DOM (before any effect it triggers). */
const FORM_WATCH = `new MutationObserver(function (_, observer) {
  if (document.getElementById('login-user-name')) { observer.disconnect(); window.erpFormShown(); }
}).observe(document, { childList: true, subtree: true });`;

async function main(): Promise<void> {
  ensureWebBuilt(repoRoot);
  const dir = mkdtempSync(path.join(tmpdir(), 'erp-bench-web-'));
  const app = await startEmbedded({
    dataDir: dir,
    port: 0,
    jwtSecret: randomBytes(32).toString('hex'),
    env: { ERP_ADMIN_PASSWORD: PASSWORD, ERP_LOG: 'silent' },
    web: { root: repoRoot },
  });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const context = await browser.newContext({ baseURL: app.url, locale: 'ar' });
    const page = await context.newPage();
    // The moment the form enters the DOM, reported from the page itself: scripts requested after it (chunks
    // the form loads once shown) are not part of the initial JavaScript.
    let formShown = false;
    await page.exposeBinding('erpFormShown', () => {
      formShown = true;
    });
    await page.addInitScript(FORM_WATCH);
    const loginScripts = await scriptsDuring(
      page,
      async () => {
        await page.goto('/login');
        await page.locator('#login-user-name').waitFor();
      },
      () => formShown,
    );
    console.log(
      `shell initial JS (login form shown): ${kb(loginScripts.initial.get('shell') ?? 0)} gz (target ≤ 250 KB); with chunks fetched after first paint: ${kb(loginScripts.total.get('shell') ?? 0)} gz`,
    );
    await page.locator('#login-user-name').fill('admin');
    await page.locator('#login-password').fill(PASSWORD);
    await page.locator('form button[type=submit]').click();
    await page.waitForURL((url) => url.pathname === '/');
    for (const [service, remote] of Object.entries(APPS)) {
      const first = masterDataEntities.find((e) => e.service === service);
      if (!first) continue;
      const fresh = await context.newPage();
      const started = performance.now();
      const scripts = await scriptsDuring(fresh, async () => {
        await fresh.goto(first.route);
        await fresh.locator('.p-datatable').first().waitFor({ timeout: 30_000 });
      });
      const usable = performance.now() - started;
      console.log(
        `${remote.padEnd(15)} ${first.route.padEnd(16)} remote entry + first route: ${kb(scripts.total.get(remote) ?? 0)} gz (target ≤ 150 KB); navigation → usable list ${usable.toFixed(0)} ms`,
      );
      await fresh.close();
    }
  } finally {
    await browser.close();
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
