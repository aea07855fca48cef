import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

const dist = path.join(__dirname, '..', 'fixtures', 'mfe-probe', 'dist');
const types: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.map': 'application/json',
};

/**
 * Adds the probe feature app to the run-time remotes config and serves it, as a separately deployed remote
 * would be: the shell learns of it only from /remotes.json (design.md section 7).
 */
export async function withProbeRemote(page: Page): Promise<void> {
  await page.route('**/remotes.json', async (route) => {
    const response = await route.fetch();
    const remotes = (await response.json()) as Record<string, string>;
    await route.fulfill({ response, json: { ...remotes, mfe_probe: '/e2e-probe/remoteEntry.js' } });
  });
  await page.route('**/e2e-probe/**', async (route) => {
    const file = new URL(route.request().url()).pathname.replace(/^\/e2e-probe\//, '');
    const full = path.join(dist, path.normalize(file));
    if (!full.startsWith(dist)) return route.fulfill({ status: 404 });
    try {
      await route.fulfill({
        body: readFileSync(full),
        contentType: types[path.extname(full)] ?? 'application/octet-stream',
      });
    } catch {
      await route.fulfill({ status: 404 });
    }
  });
}
