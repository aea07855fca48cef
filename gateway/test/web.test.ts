import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { serviceNames } from '@erp/contracts';
import { createLogger, createTokenService, type Db } from '@erp/service-kit';
import { createGateway } from '../src/gateway';
import { SubscriptionReplica } from '../src/subscriptions';
import {
  appConfigFromEnv,
  builtRemotes,
  createFeatureAppServer,
  featureApps,
  parseRemotesJson,
  remoteOrigins,
  remotesFromEnv,
  webRouter,
  type WebOptions,
} from '../src/web';

function fakeRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'erp-web-'));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write('shell/dist/index.html', '<!doctype html><title>shell</title>');
  write('shell/dist/assets/main.0123456789.js', 'console.log(1)');
  write('mfe-sales/rspack.config.mjs', '// built');
  write('mfe-sales/dist/remoteEntry.js', 'var mfe_sales');
  write('mfe-sales/dist/assets/12.abcdef0123.js', 'chunk');
  write('mfe-accounts/rspack.config.mjs', '// not built');
  return root;
}

function app(root: string, options: Omit<WebOptions, 'root'> = {}) {
  const a = express();
  a.use('/api', (_req, res) => void res.status(404).json({ code: 'routeNotFound' }));
  a.use(webRouter({ root, ...options }));
  return request(a);
}

describe('web frontends on the gateway (embedded mode)', () => {
  const root = fakeRoot();

  it('lists the feature apps built on disk in /remotes.json', async () => {
    expect(builtRemotes(root)).toEqual({ mfe_sales: '/mfe/mfe_sales/remoteEntry.js' });
    const res = await app(root).get('/remotes.json');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toEqual({ mfe_sales: '/mfe/mfe_sales/remoteEntry.js' });
  });

  it('serves ERP_REMOTES_JSON instead when given, and refuses a malformed one', async () => {
    const json = '{"mfe_sales":"https://sales.example.com/remoteEntry.js"}';
    expect((await app(root, { remotes: parseRemotesJson(json) }).get('/remotes.json')).body).toEqual(
      JSON.parse(json),
    );
    expect(() => parseRemotesJson('["x"]')).toThrow(/JSON object/);
    expect(() => parseRemotesJson('{"mfe_sales":1}')).toThrow(/mfe_sales must map to a URL/);
  });

  it('serves the run-time /app-config.json: the chat link from ERP_SUPPORT_CHAT_URL, or none', async () => {
    const none = await app(root).get('/app-config.json');
    expect(none.status).toBe(200);
    expect(none.headers['cache-control']).toBe('no-cache');
    expect(none.body).toEqual({ supportChatUrl: null });

    const appConfig = appConfigFromEnv({ ERP_SUPPORT_CHAT_URL: ' https://wa.me/966500000000 ' });
    expect(appConfig).toEqual({ supportChatUrl: 'https://wa.me/966500000000' });
    const set = await app(root, { appConfig }).get('/app-config.json');
    expect(set.body).toEqual({ supportChatUrl: 'https://wa.me/966500000000' });
    // the distributed gateway serves it too (featureApps off)
    expect((await app(root, { appConfig, featureApps: false }).get('/app-config.json')).body).toEqual(
      appConfig,
    );

    expect(appConfigFromEnv({})).toEqual({ supportChatUrl: null });
    expect(appConfigFromEnv({ ERP_SUPPORT_CHAT_URL: '' })).toEqual({ supportChatUrl: null });
    expect(() => appConfigFromEnv({ ERP_SUPPORT_CHAT_URL: 'wa.me/966500000000' })).toThrow(/not a URL/);
    expect(() => appConfigFromEnv({ ERP_SUPPORT_CHAT_URL: 'javascript:alert(1)' })).toThrow(/http/);
  });

  it('answers every page path with index.html, revalidated', async () => {
    for (const url of ['/', '/login', '/vouchers/edit/7']) {
      const res = await app(root).get(url).set('Accept', 'text/html');
      expect(res.status).toBe(200);
      expect(res.text).toContain('<title>shell</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for good, revalidates remote entries, and 404s a missing file', async () => {
    const asset = await app(root).get('/assets/main.0123456789.js');
    expect(asset.headers['cache-control']).toContain('immutable');
    const entry = await app(root).get('/mfe/mfe_sales/remoteEntry.js');
    expect(entry.status).toBe(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    const chunk = await app(root).get('/mfe/mfe_sales/assets/12.abcdef0123.js');
    expect(chunk.headers['cache-control']).toContain('immutable');
    expect((await app(root).get('/assets/gone.0123456789.js')).status).toBe(404);
    expect((await app(root).get('/mfe/mfe_sales/missing.js')).status).toBe(404);
    expect((await app(root).get('/mfe/mfe_accounts/remoteEntry.js')).status).toBe(404);
  });

  it('leaves /api to the gateway', async () => {
    const res = await app(root).get('/api/nothing').set('Accept', 'text/html');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'routeNotFound' });
  });

  it('says how to build when the shell is not built', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'erp-web-empty-'));
    const res = await app(empty).get('/').set('Accept', 'text/html');
    expect(res.status).toBe(503);
    expect(res.text).toContain('pnpm build:web');
  });
});

describe('web compression', () => {
  it('gzips what the browser accepts gzipped', async () => {
    const root = fakeRoot();
    writeFileSync(path.join(root, 'shell/dist/assets/big.0123456789.js'), 'const a = 1;\n'.repeat(5000));
    const res = await app(root).get('/assets/big.0123456789.js').set('Accept-Encoding', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('precompressed assets (issue 12: the first screen comes fast)', () => {
  const root = fakeRoot();
  const text = 'export const a = 1;\n'.repeat(5000);
  for (const file of ['shell/dist/assets/big.0123456789.js', 'mfe-sales/dist/assets/big.0123456789.js']) {
    writeFileSync(path.join(root, file), text);
    // marked, to tell the build's files from compression on the fly
    writeFileSync(path.join(root, `${file}.br`), brotliCompressSync(`${text}// br`));
    writeFileSync(path.join(root, `${file}.gz`), gzipSync(`${text}// gz`));
  }
  // the bytes as sent: the very file the build wrote
  const raw = (req: request.Test) =>
    req.buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

  it('serves the brotli file the build wrote when the browser accepts it, with the asset cache rules', async () => {
    for (const url of ['/assets/big.0123456789.js', '/mfe/mfe_sales/assets/big.0123456789.js']) {
      const res = await raw(app(root).get(url).set('Accept-Encoding', 'gzip, deflate, br, zstd'));
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toContain('immutable');
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect((res.body as Buffer).toString()).toBe(`${text}// br`);
    }
  });

  it('falls back to the gzip file, then to the plain file, and serves nothing outside the build', async () => {
    const gz = await app(root).get('/assets/big.0123456789.js').set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(`${text}// gz`);
    const plain = await app(root).get('/assets/big.0123456789.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(text);
    // the shell's file, asked for through a feature app's folder
    const outside = await app(root)
      .get('/mfe/mfe_sales/..%2F..%2Fshell/dist/assets/big.0123456789.js')
      .set('Accept-Encoding', 'br');
    expect(outside.status).toBe(403);
  });
});

describe('feature apps on their own origins (distributed mode)', () => {
  const root = fakeRoot();
  const shell = 'https://erp.example.com';
  const server = () =>
    request(createFeatureAppServer({ dir: path.join(root, 'mfe-sales', 'dist'), shellOrigins: [shell] }));

  it("builds /remotes.json from each app's public URL, naming the apps left without one", () => {
    expect(featureApps(root)).toEqual([
      { dir: 'mfe-accounts', name: 'mfe_accounts' },
      { dir: 'mfe-sales', name: 'mfe_sales' },
    ]);
    expect(
      remotesFromEnv(root, {
        ERP_MFE_SALES_URL: 'https://sales.example.com/',
        ERP_MFE_ACCOUNTS_URL: 'http://10.0.0.5:8201',
      }),
    ).toEqual({
      remotes: {
        mfe_accounts: 'http://10.0.0.5:8201/remoteEntry.js',
        mfe_sales: 'https://sales.example.com/remoteEntry.js',
      },
      missing: [],
    });
    expect(remotesFromEnv(root, { ERP_MFE_SALES_URL: 'https://sales.example.com' })).toEqual({
      remotes: { mfe_sales: 'https://sales.example.com/remoteEntry.js' },
      missing: ['ERP_MFE_ACCOUNTS_URL'],
    });
    expect(() => remotesFromEnv(root, { ERP_MFE_SALES_URL: 'sales.example.com' })).toThrow();
    expect(() => remotesFromEnv(root, { ERP_MFE_SALES_URL: 'ftp://sales.example.com' })).toThrow(/http/);
    // ERP_REMOTES_JSON, when set, is the whole config
    expect(remotesFromEnv(root, { ERP_REMOTES_JSON: '{"mfe_x":"/x/remoteEntry.js"}' }).remotes).toEqual({
      mfe_x: '/x/remoteEntry.js',
    });
  });

  it('lists the origins the CSP must allow: absolute entries only, once each', () => {
    expect(
      remoteOrigins({
        mfe_sales: 'https://sales.example.com/remoteEntry.js',
        mfe_accounts: 'http://127.0.0.1:8202/remoteEntry.js',
        mfe_other: 'https://sales.example.com/other/remoteEntry.js',
        mfe_local: '/mfe/mfe_local/remoteEntry.js',
      }),
    ).toEqual(['http://127.0.0.1:8202', 'https://sales.example.com']);
  });

  it('the gateway serves the shell and the configured remotes, not the feature apps themselves', async () => {
    const remotes = { mfe_sales: 'https://sales.example.com/remoteEntry.js' };
    const gateway = app(root, { remotes, featureApps: false });
    expect((await gateway.get('/remotes.json')).body).toEqual(remotes);
    expect((await gateway.get('/mfe/mfe_sales/remoteEntry.js')).status).toBe(404);
    expect((await gateway.get('/assets/main.0123456789.js')).status).toBe(200);
  });

  it('serves the remote entry revalidated and chunks cached for good, with CORS for the shell only', async () => {
    const entry = await server().get('/remoteEntry.js?retry=1').set('Origin', shell);
    expect(entry.status).toBe(200);
    expect(entry.text).toBe('var mfe_sales');
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.headers['access-control-allow-origin']).toBe(shell);
    expect(entry.headers['vary']).toMatch(/Origin/);
    expect(entry.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(entry.headers['x-content-type-options']).toBe('nosniff');

    const chunk = await server().get('/assets/12.abcdef0123.js').set('Origin', shell);
    expect(chunk.headers['cache-control']).toContain('immutable');
    expect(chunk.headers['access-control-allow-origin']).toBe(shell);

    const elsewhere = await server().get('/remoteEntry.js').set('Origin', 'https://evil.example.com');
    expect(elsewhere.status).toBe(200); // a plain script tag may load it; CORS reads are the shell's alone
    expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();

    const preflight = await server().options('/remoteEntry.js').set('Origin', shell);
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(shell);
  });

  it('answers its liveness, 404s a missing file, serves nothing outside its dist, and gzips', async () => {
    expect((await server().get('/healthz')).body).toEqual({ status: 'ok' });
    expect((await server().get('/assets/gone.0123456789.js')).status).toBe(404);
    expect((await server().get('/')).status).toBe(404);
    expect((await server().get('/..%2F..%2Fshell/dist/index.html')).status).not.toBe(200);
    writeFileSync(path.join(root, 'mfe-sales/dist/assets/big.0123456789.js'), 'const a = 1;\n'.repeat(5000));
    const big = await server().get('/assets/big.0123456789.js').set('Accept-Encoding', 'gzip');
    expect(big.headers['content-encoding']).toBe('gzip');
  });
});

describe("the gateway's content security policy", () => {
  const gateway = (frontendOrigins?: string[]) =>
    request(
      createGateway({
        services: Object.fromEntries(
          serviceNames.map((s) => [s, { kind: 'remote' as const, url: 'http://127.0.0.1:9' }]),
        ) as Parameters<typeof createGateway>[0]['services'],
        ownApp: express(),
        tokens: createTokenService('x'.repeat(32)),
        // never asked here: no /api call is made
        subscriptions: new SubscriptionReplica({} as Db),
        logger: createLogger('test'),
        after: [(_req, res) => void res.send('<!doctype html>')],
        frontendOrigins,
      }),
    );
  const directive = (csp: string, name: string) =>
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `));

  it("allows scripts and connections from 'self' only when the feature apps are on the same origin", async () => {
    const csp = (await gateway().get('/')).headers['content-security-policy'] as string;
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(csp, 'default-src')).toBe("default-src 'self'");
  });

  it("adds exactly the feature apps' origins to script-src and connect-src", async () => {
    const origins = ['http://127.0.0.1:8201', 'https://sales.example.com'];
    const csp = (await gateway(origins).get('/')).headers['content-security-policy'] as string;
    expect(directive(csp, 'script-src')).toBe(`script-src 'self' ${origins.join(' ')}`);
    expect(directive(csp, 'connect-src')).toBe(`connect-src 'self' ${origins.join(' ')}`);
    expect(directive(csp, 'default-src')).toBe("default-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});
