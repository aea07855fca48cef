import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FEATURE_APP_TARGET, parseShellOrigins, startFeatureAppServer } from '../src/feature-app';
import { distributedWebPlan } from '../src/distributed';

function fakeRoot(built: boolean): string {
  const root = mkdtempSync(path.join(tmpdir(), 'erp-mfe-'));
  for (const app of ['mfe-sales', 'mfe-accounts']) {
    mkdirSync(path.join(root, app, 'dist'), { recursive: true });
    writeFileSync(path.join(root, app, 'rspack.config.mjs'), '// build');
    if (built) writeFileSync(path.join(root, app, 'dist', 'remoteEntry.js'), `var ${app.replace('-', '_')}`);
  }
  return root;
}

describe("a feature app's own server (distributed mode)", () => {
  it('is the run target web-mfe-<x>', () => {
    expect(FEATURE_APP_TARGET.exec('web-mfe-sales')?.[1]).toBe('mfe-sales');
    expect(FEATURE_APP_TARGET.test('sales')).toBe(false);
    expect(FEATURE_APP_TARGET.test('gateway')).toBe(false);
  });

  it("needs the shell's origins, as origins", () => {
    expect(parseShellOrigins('https://erp.example.com, http://localhost:8080')).toEqual([
      'https://erp.example.com',
      'http://localhost:8080',
    ]);
    expect(() => parseShellOrigins(undefined)).toThrow(/ERP_SHELL_ORIGIN is required/);
    expect(() => parseShellOrigins('https://erp.example.com/app')).toThrow(/not an origin/);
    expect(() => parseShellOrigins('erp.example.com')).toThrow(/not an origin/);
  });

  it('serves a built app on its port with CORS for the shell, and refuses an unbuilt or unknown one', async () => {
    const shell = 'http://localhost:8080';
    const running = await startFeatureAppServer({
      root: fakeRoot(true),
      app: 'mfe-sales',
      port: 0,
      shellOrigins: [shell],
    });
    try {
      const res = await fetch(`${running.url}/remoteEntry.js`, { headers: { Origin: shell } });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('var mfe_sales');
      expect(res.headers.get('access-control-allow-origin')).toBe(shell);
    } finally {
      await running.stop();
    }
    const unbuilt = fakeRoot(false);
    await expect(
      startFeatureAppServer({ root: unbuilt, app: 'mfe-sales', port: 0, shellOrigins: [shell] }),
    ).rejects.toThrow(/pnpm build:web/);
    await expect(
      startFeatureAppServer({ root: unbuilt, app: 'mfe-nope', port: 0, shellOrigins: [shell] }),
    ).rejects.toThrow(/unknown feature app 'mfe-nope'; one of: mfe-accounts, mfe-sales/);
  });

  it('the launcher gives each app the next port and its public URL', () => {
    expect(distributedWebPlan({ port: 8201 }, 8080, fakeRoot(false))).toEqual({
      shellOrigin: 'http://localhost:8080',
      apps: [
        {
          target: 'web-mfe-accounts',
          dir: 'mfe-accounts',
          name: 'mfe_accounts',
          port: 8201,
          url: 'http://localhost:8201',
        },
        {
          target: 'web-mfe-sales',
          dir: 'mfe-sales',
          name: 'mfe_sales',
          port: 8202,
          url: 'http://localhost:8202',
        },
      ],
    });
  });
});
