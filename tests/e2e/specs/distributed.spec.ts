import type { Response } from '@playwright/test';
import { MasterDataScreen } from '../pages/MasterDataScreen';
import { ShellLayout } from '../pages/ShellLayout';
import { expect, test } from '../support/distributed';
import { adminApi } from '../support/master-data';
import { signInAsAdmin } from '../support/session';

/**
 * The distributed mode's frontends (issue 3, items 7 and 8; design.md section 4): the gateway serves the shell and
 * /remotes.json, and each feature app is loaded from its own origin, its own server on its own port, by the
 * federation runtime, with the API still reached through the gateway.
 */
test.describe('distributed mode: each feature app from its own origin', () => {
  test.beforeAll(async ({ request }) => {
    // restaurant and concrete entries are gated by business types (spec section 2)
    await (await adminApi(request)).enableBusinessTypes({ restaurant: true, concrete: true });
  });

  test('the admin opens a main-data list in each of the six feature apps', async ({ page, topology }) => {
    const shellOrigin = new URL(topology.gatewayUrl).origin;
    const apps = new Map(topology.web.apps.map((a) => [a.name, new URL(a.url).origin]));
    expect([...apps.keys()].sort()).toEqual([
      'mfe_accounts',
      'mfe_concrete',
      'mfe_inventory',
      'mfe_purchases',
      'mfe_restaurant',
      'mfe_sales',
    ]);
    expect(new Set([shellOrigin, ...apps.values()]).size).toBe(7);

    const responses: Response[] = [];
    const problems: string[] = [];
    page.on('response', (r) => responses.push(r));
    page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
    });

    // the remotes config names each app's own origin, and the page's CSP allows exactly those
    const remotes = await page.request.get('/remotes.json');
    expect(await remotes.json()).toEqual(
      Object.fromEntries([...apps].map(([name, origin]) => [name, `${origin}/remoteEntry.js`])),
    );
    const csp = (await page.request.get('/login')).headers()['content-security-policy'] ?? '';
    const directives = csp.split(';').map((d) => d.trim());
    const allowed = `'self' ${[...apps.values()].sort().join(' ')}`;
    expect(directives).toContain(`script-src ${allowed}`);
    expect(directives).toContain(`connect-src ${allowed}`);

    const home = await signInAsAdmin(page);
    for (const name of apps.keys()) await home.expectModuleStatus(name, 'ready');

    const layout = new ShellLayout(page);
    const md = new MasterDataScreen(page);
    // [app, menu label, entity, screen path, API path]
    const lists: [string, string, string, string, string][] = [
      ['mfe_sales', 'المناطق', 'areas', '/areas', '/api/Areas'],
      ['mfe_purchases', 'الموردون', 'suppliers', '/suppliers', '/api/Suppliers'],
      ['mfe_inventory', 'الوحدات', 'units', '/units', '/api/Units'],
      ['mfe_accounts', 'البنوك', 'banks', '/banks', '/api/Banks'],
      ['mfe_restaurant', 'الطاولات', 'tables', '/tables', '/api/Tables'],
      ['mfe_concrete', 'ألوان السيارات', 'carColors', '/car-colors', '/api/CarColors'],
    ];
    for (const [app, label, entity, path, api] of lists) {
      // the feature app asks for its list through the shell's API client: on the gateway, not its own origin
      const listed = page.waitForResponse(
        (r) => r.url().startsWith(`${shellOrigin}${api}?`) && r.request().method() === 'GET',
      );
      await layout.menuLink(label).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      expect((await listed).status(), `${app}: GET ${api}`).toBe(200);
      await md.expectList(entity);
      await expect(md.list.locator('h1')).toHaveText(label);
    }

    // Each app's remoteEntry.js and its chunks came from its own origin, in CORS mode for the shell's origin.
    for (const [name, origin] of apps) {
      const fromApp = responses.filter((r) => new URL(r.url()).origin === origin);
      const entry = fromApp.filter((r) => new URL(r.url()).pathname === '/remoteEntry.js');
      const chunks = fromApp.filter((r) => /^\/assets\/[\w.-]+\.js$/.test(new URL(r.url()).pathname));
      // the menu's manifest.json, fetched (CORS) from the app's origin before any of its code
      const manifest = fromApp.filter((r) => new URL(r.url()).pathname === '/manifest.json');
      expect(
        manifest.map((r) => r.status()),
        `${name}: manifest.json from ${origin}`,
      ).toEqual([200]);
      expect(manifest[0]!.headers()['access-control-allow-origin']).toBe(shellOrigin);
      expect(entry.length, `${name}: remoteEntry.js from ${origin}`).toBeGreaterThan(0);
      expect(chunks.length, `${name}: chunks from ${origin}`).toBeGreaterThan(0);
      for (const r of [...entry, ...chunks]) {
        expect(r.status(), r.url()).toBe(200);
        expect(r.request().resourceType(), r.url()).toBe('script');
        expect(r.headers()['access-control-allow-origin'], r.url()).toBe(shellOrigin);
      }
      // nothing else is asked of a feature app's origin: no API call, no other file
      const known = [...entry, ...chunks, ...manifest];
      expect(fromApp.filter((r) => !known.includes(r)).map((r) => r.url())).toEqual([]);
    }
    // the gateway serves no feature app itself, and every API call went to it
    const shellRequests = responses.filter((r) => new URL(r.url()).origin === shellOrigin);
    expect(shellRequests.filter((r) => new URL(r.url()).pathname.startsWith('/mfe/'))).toEqual([]);
    const origins = new Set(responses.map((r) => new URL(r.url()).origin));
    expect([...origins].sort()).toEqual([shellOrigin, ...apps.values()].sort());
    expect(problems).toEqual([]);
  });
});
