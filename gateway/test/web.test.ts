import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { builtRemotes, webRouter } from '../src/web';

function fakeRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'erp-web-'));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write('shell/dist/index.html', '<!doctype html><title>shell</title>');
  write('shell/dist/assets/main.0123456789.js', 'console.log(1)');
  write('mfe-sales/dist/remoteEntry.js', 'var mfe_sales');
  write('mfe-sales/dist/assets/12.abcdef0123.js', 'chunk');
  write('mfe-accounts/rspack.config.mjs', '// not built');
  return root;
}

function app(root: string, remotesJson?: string) {
  const a = express();
  a.use('/api', (_req, res) => void res.status(404).json({ code: 'routeNotFound' }));
  a.use(webRouter({ root, remotesJson }));
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
    expect((await app(root, json).get('/remotes.json')).body).toEqual(JSON.parse(json));
    expect(() => webRouter({ root, remotesJson: '["x"]' })).toThrow(/JSON object/);
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
