import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { type Request, type Response, type Router } from 'express';

export interface WebOptions {
  /** The repository root: the shell is served from `shell/dist`, each feature app from `mfe-<x>/dist`. */
  root: string;
  /**
   * The run-time remotes config as JSON (`{"mfe_sales": "https://sales.example.com/remoteEntry.js"}`), for
   * feature apps served elsewhere (ERP_REMOTES_JSON). Unset: every feature app built on disk, at /mfe/<name>/.
   */
  remotesJson?: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Feature apps built on disk: `mfe-sales/dist/remoteEntry.js` → `mfe_sales`. */
export function builtRemotes(root: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const dir of readdirSync(root).sort()) {
    if (!/^mfe-[a-z0-9-]+$/.test(dir)) continue;
    if (!existsSync(path.join(root, dir, 'dist', 'remoteEntry.js'))) continue;
    const name = dir.replace(/-/g, '_');
    found[name] = `/mfe/${name}/remoteEntry.js`;
  }
  return found;
}

function parseRemotesJson(text: string): Record<string, string> {
  const value = JSON.parse(text) as unknown;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('ERP_REMOTES_JSON must be a JSON object of name → remoteEntry URL');
  }
  for (const [name, url] of Object.entries(value)) {
    if (typeof url !== 'string') throw new Error(`ERP_REMOTES_JSON: ${name} must map to a URL`);
  }
  return value as Record<string, string>;
}

/** Hashed assets never change under their name; entry points (index.html, remoteEntry.js) are revalidated. */
function cacheHeaders(res: Response, file: string): void {
  const base = path.basename(file);
  const hashed = /\.[0-9a-f]{10}\.(js|css)(\.map)?$/.test(base) || /\.[0-9a-f]{10}\.[a-z0-9]+$/.test(base);
  res.setHeader('Cache-Control', hashed ? IMMUTABLE : REVALIDATE);
}

/**
 * The web frontends on the gateway's origin (embedded mode, design.md section 4): `/remotes.json`, each feature
 * app at `/mfe/<name>/`, and the shell at `/` with every other page path answered by its index.html (the
 * shell routes on the client). /api never reaches here: the gateway answers it first.
 */
export function webRouter(options: WebOptions): Router {
  const router = express.Router();
  const shellDir = path.join(options.root, 'shell', 'dist');
  const fixed = options.remotesJson ? parseRemotesJson(options.remotesJson) : null;
  // the shell's first load is ~1.3 MB of JavaScript before compression; gzip brings it to about a quarter
  router.use(compression());

  router.get('/remotes.json', (_req, res) => {
    res.setHeader('Cache-Control', REVALIDATE);
    res.json(fixed ?? builtRemotes(options.root));
  });

  router.use('/mfe/:name', (req: Request, res, next) => {
    const name = String(req.params.name ?? '');
    if (!/^mfe_[a-z0-9_]+$/.test(name)) return next();
    const dir = path.join(options.root, name.replace(/_/g, '-'), 'dist');
    return express.static(dir, { index: false, fallthrough: false, setHeaders: cacheHeaders })(
      req,
      res,
      next,
    );
  });

  router.use(express.static(shellDir, { index: false, setHeaders: cacheHeaders }));

  router.get(/.*/, (req, res, next) => {
    // a missing file (an old hashed asset, a typo) is a 404, not the app
    if (path.extname(req.path) !== '' || !req.accepts('html')) return next();
    const index = path.join(shellDir, 'index.html');
    if (!existsSync(index)) {
      res
        .status(503)
        .type('text/plain')
        .send('The web frontends are not built yet: run `pnpm build:web` (pnpm start does it on its own).');
      return;
    }
    res.setHeader('Cache-Control', REVALIDATE);
    res.sendFile(index);
  });
  return router;
}
