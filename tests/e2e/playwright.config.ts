import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../support/chromium';

/** A free port, asked of the OS once and shared with the workers through the environment. */
function freePort(): string {
  const probe = spawnSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]);
  return probe.stdout.toString().trim();
}

process.env.E2E_PORT ??= freePort();
// The shell's service worker fetches are seen (and routable) by the journeys that let it run (the till's offline
// reload): Playwright's offline switch alone does not reach a service worker (microsoft/playwright#2311).
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'erp-e2e-'));
export const ADMIN_PASSWORD = 'Adm1n!E2e-pass';
/** The SaaS operator's key: the start-up journey provisions a new tenant through /api/provider/tenants. */
export const PROVIDER_KEY = 'e2e-provider-key-0123456789';
/** The provider's chat link, served at run time in /app-config.json. */
export const SUPPORT_CHAT_URL = 'https://wa.me/966500000000';
const root = path.resolve(__dirname, '../..');

/**
 * User journeys in Debian's Chromium (toolchain.md: never `playwright install`). The embedded product is started
 * for the run on a free port with a throw-away data folder, and stopped after.
 */
export default defineConfig({
  testDir: './specs',
  outputDir: path.join(root, 'test-results', 'e2e'),
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: path.join(root, '.tmp', 'e2e.json') }]]
    : [['list']],
  projects: [
    // the embedded product (the webServer below), every journey but the distributed one
    { name: 'embedded', testIgnore: /distributed\.spec\.ts$/ },
    // the distributed topology (services on MariaDB, a real Kafka broker, a server per feature app), which its
    // spec starts itself (support/distributed.ts)
    { name: 'distributed', testMatch: /distributed\.spec\.ts$/ },
  ],
  use: {
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT}`,
    viewport: { width: 1280, height: 800 },
    locale: 'ar',
    // a trace only for a journey's retry (CI retries once): recording one for every journey, to keep it on a
    // failure, had Chromium draw and encode a screencast all along, two thirds of the browser's CPU (master-data's
    // six journeys 1.4 min to 56 s); `--trace on` records one for a run by hand
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
    // the shell's service worker only where a journey is about it (pos-journey's reload with no network): the
    // others see the server's every answer, as their routes and waits expect
    serviceWorkers: 'block',
  },
  webServer: {
    command: 'node_modules/.bin/tsx services/runner/src/embedded.ts',
    cwd: root,
    url: `http://127.0.0.1:${process.env.E2E_PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: process.env.E2E_PORT,
      HOST: '127.0.0.1',
      ERP_DATA_DIR: process.env.E2E_DATA_DIR,
      ERP_ADMIN_PASSWORD: ADMIN_PASSWORD,
      ERP_LOG: 'silent',
      ERP_LOGIN_RATE_LIMIT: '10000',
      ERP_SCRYPT_LOG_N: '10',
      ERP_PROVIDER_KEY: PROVIDER_KEY,
      ERP_SUPPORT_CHAT_URL: SUPPORT_CHAT_URL,
      // a stocktaking of more than two lines closes as a background job (inventory-jobs.spec.ts)
      ERP_CLOSE_INLINE_LINES: '2',
      // a back-dated posting ahead of more than ten movements is re-costed by a job, which waits before each
      // chunk so its "Being re-costed" tags stay on screen long enough to be seen (inventory-jobs.spec.ts)
      ERP_RECOST_INLINE_LIMIT: '10',
      // bulk posting pauses before each chunk so its overlay and progress bar can be seen (post-vouchers.spec.ts)
      ERP_JOB_PAUSE_MS: 'inventory.recost=30000,accounts.bulkPosting=700',
    },
  },
});
