/**
 * Frontend figures (issue 3): gzipped JavaScript of the shell before the login form is usable, the shared
 * singletons (what the shell provides to every feature app), each feature app's remote entry plus its first route
 * beyond those singletons, and the time from navigation to that first screen being usable.
 * Not a timed test; run `pnpm bench:web` (it builds what is missing and starts the embedded product);
 * `ERP_BENCH_VERBOSE=1` lists each script, `ERP_BENCH_ONLY=form` measures the document form alone.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../support/chromium';
import { kb, screenShown, scriptsFetchedDuring } from '../support/script-weight';
import { masterDataEntities, stockDocuments } from '@erp/contracts';
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

/** Cold loads timed per page: the shared machine's load moves single runs by hundreds of ms; the median less. */
const RUNS = Math.max(1, Number(process.env.ERP_BENCH_RUNS ?? 3));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (xs: number[]) =>
  `${median(xs).toFixed(0)} ms (median of ${xs.length}; ${xs.map((x) => x.toFixed(0)).join(', ')})`;

/** A cold load's time: from `goto` to usable, and on the page's own clock (from its navigation start). */
interface Timing {
  wall: number;
  onPage: number;
}
const timings = (xs: Timing[]) =>
  `${ms(xs.map((x) => x.wall))}, ${median(xs.map((x) => x.onPage)).toFixed(0)} ms on the page's clock`;

/** What makes a screen usable, as `screenShown` waits for it, seen from inside the page. */
const USABLE = {
  login: ['#login-user-name'],
  list: ['.p-datatable'],
  form: ['[data-testid="doc-save"]', '[data-testid="doc-form"] table'],
} as const;

/**
 * Navigates a fresh page to `route` and waits until the screen is usable: on the wall clock, from `goto` to the
 * first frame that shows it; on the page's own clock, from its navigation start to the DOM change that made it
 * usable (read inside the page). The two differ by Playwright's round trips, tens of milliseconds.
 */
async function timedLoad(page: Page, route: string, kind: keyof typeof USABLE): Promise<Timing> {
  await page.addInitScript(
    `new MutationObserver(function (_, observer) {
      if (${JSON.stringify(USABLE[kind])}.every(function (s) { return document.querySelector(s); })) {
        observer.disconnect(); window.erpUsableAt = performance.now();
      }
    }).observe(document, { childList: true, subtree: true });`,
  );
  const started = performance.now();
  // from the response on, the screen's own criterion decides, checked every frame: the page's load event waits for
  // what the screen does not need (a web font, chunks fetched after the first paint) and came after the screen as
  // often as not, and a locator's wait polls at growing intervals (up to 500 ms)
  await page.goto(route, { waitUntil: 'commit' });
  await page.waitForFunction(() => 'erpUsableAt' in globalThis, null, { polling: 'raf', timeout: 30_000 });
  const wall = performance.now() - started;
  if (kind === 'login') await page.locator('#login-user-name').waitFor();
  else await screenShown(page, kind);
  const onPage = await page.evaluate(
    () => (globalThis as { erpUsableAt?: number }).erpUsableAt ?? Number.NaN,
  );
  return { wall, onPage };
}

/** The shell's scripts that hold the shared singletons, by module, from its build's federation manifest. */
function sharedScripts(): Map<string, string> {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'shell/dist/mf-manifest.json'), 'utf8')) as {
    shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
  };
  const byFile = new Map<string, string>();
  for (const { name, assets } of manifest.shared)
    for (const file of [...assets.js.sync, ...assets.js.async]) byFile.set(`/${file}`, name);
  return byFile;
}

/** Gzipped size of a built file of the shell. */
const gzOfShellFile = (file: string) =>
  gzipSync(readFileSync(path.join(repoRoot, 'shell/dist', file)), { level: 9 }).length;

const SHARED = 'shared';

interface Loaded {
  /** Scripts that had arrived when `work` finished (what the first usable screen needed). */
  initial: Map<string, number>;
  /** Everything until the network went idle (including chunks fetched after the first paint). */
  total: Map<string, number>;
}

/** Gzipped sizes of the scripts a page loads while `work` runs, by the folder they come from. */
async function scriptsDuring(
  page: Page,
  shared: Map<string, string>,
  work: () => Promise<void>,
  ready?: () => boolean,
): Promise<Loaded> {
  const initial = new Map<string, number>();
  const total = new Map<string, number>();
  for (const { pathname, gz, early } of await scriptsFetchedDuring(page, work, ready)) {
    // a feature app's own scripts come from /mfe/<name>/; the shell's are its code or a shared singleton
    const owner = pathname.startsWith('/mfe/')
      ? pathname.split('/')[2]!
      : shared.has(pathname)
        ? SHARED
        : 'shell';
    if (process.env.ERP_BENCH_VERBOSE)
      console.log(`  ${early ? 'initial' : 'later  '} ${kb(gz).padStart(9)} ${pathname}`);
    total.set(owner, (total.get(owner) ?? 0) + gz);
    if (early) initial.set(owner, (initial.get(owner) ?? 0) + gz);
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
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
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
    const shared = sharedScripts();
    // the login form's time is the yardstick for the feature screens' (the shared machine's load moves both)
    const loginTimes: Timing[] = [];
    const loginScripts = await scriptsDuring(
      page,
      shared,
      async () => void loginTimes.push(await timedLoad(page, '/login', 'login')),
      () => formShown,
    );
    for (let run = 1; run < RUNS; run++) {
      const cold = await browser.newContext({ baseURL: app.url, locale: 'ar' });
      loginTimes.push(await timedLoad(await cold.newPage(), '/login', 'login'));
      await cold.close();
    }
    const initialShared = loginScripts.initial.get(SHARED) ?? 0;
    const initial = (loginScripts.initial.get('shell') ?? 0) + initialShared;
    const afterPaint = (loginScripts.total.get('shell') ?? 0) + (loginScripts.total.get(SHARED) ?? 0);
    console.log(
      `shell initial JS (login form shown): ${kb(initial)} gz (target ≤ 250 KB), of which shared singletons ${kb(initialShared)}; with chunks fetched after first paint: ${kb(afterPaint)} gz; navigation → login form ${timings(loginTimes)}`,
    );
    const allShared = [...new Set(shared.keys())].reduce((sum, file) => sum + gzOfShellFile(file), 0);
    const sharedNames = [...new Set(shared.values())];
    console.log(
      `shared singletons (provided by the shell, each fetched once per page on first use): ${kb(allShared)} gz in all, ${sharedNames.length} modules (${sharedNames.filter((n) => !n.startsWith('primereact/')).join(', ')}, primereact/*)`,
    );
    await page.locator('#login-user-name').fill('admin');
    await page.locator('#login-password').fill(PASSWORD);
    await page.locator('form button[type=submit]').click();
    await page.waitForURL((url) => url.pathname === '/');
    // each screen in a context of its own with the signed-in storage: a cold navigation (empty HTTP cache)
    const signedIn = await context.storageState();
    const report = (remote: string, route: string, scripts: Loaded, times: Timing[], what: string) => {
      const wall = (xs: Timing[]) => median(xs.map((x) => x.wall));
      const inAll = [...scripts.total.values()].reduce((a, b) => a + b, 0);
      const apps = [...scripts.total.keys()].filter((owner) => owner.startsWith('mfe_'));
      console.log(
        `${remote.padEnd(15)} ${route.padEnd(16)} JS in all for this screen: ${kb(inAll)} gz (target ≤ 400 KB) = shell ${kb(scripts.total.get('shell') ?? 0)} + shared ${kb(scripts.total.get(SHARED) ?? 0)} + feature app ${kb(scripts.total.get(remote) ?? 0)}; feature apps fetched: ${apps.join(', ') || 'none'}; navigation → usable ${what} ${timings(times)} (target ≤ 1000 ms; ${(wall(times) / wall(loginTimes)).toFixed(2)}× the login form's)`,
      );
    };
    // ERP_BENCH_ONLY=form: the document form alone (a look at its chunks without timing every list)
    const lists = process.env.ERP_BENCH_ONLY === 'form' ? [] : Object.entries(APPS);
    for (const [service, remote] of lists) {
      const first = masterDataEntities.find((e) => e.service === service);
      if (!first) continue;
      const cold = await browser.newContext({ baseURL: app.url, locale: 'ar', storageState: signedIn });
      const fresh = await cold.newPage();
      const times: Timing[] = [];
      const scripts = await scriptsDuring(
        fresh,
        shared,
        async () => void times.push(await timedLoad(fresh, first.route, 'list')),
      );
      await cold.close();
      for (let run = 1; run < RUNS; run++) {
        const again = await browser.newContext({ baseURL: app.url, locale: 'ar', storageState: signedIn });
        times.push(await timedLoad(await again.newPage(), first.route, 'list'));
        await again.close();
      }
      report(remote, first.route, scripts, times, 'list');
    }
    // a document form (issue 12: its cold load fetched the phone rules and zod of the master-data form it
    // does not show): usable once its lines grid and Save button are there
    const form = `${stockDocuments[0]!.route}/new`;
    const formTimes: Timing[] = [];
    let formScripts: Loaded | null = null;
    for (let run = 0; run < RUNS; run++) {
      const cold = await browser.newContext({ baseURL: app.url, locale: 'ar', storageState: signedIn });
      const fresh = await cold.newPage();
      const load = async () => void formTimes.push(await timedLoad(fresh, form, 'form'));
      if (run === 0) formScripts = await scriptsDuring(fresh, shared, load);
      else await load();
      await cold.close();
    }
    report('mfe_inventory', form, formScripts!, formTimes, 'form');
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
