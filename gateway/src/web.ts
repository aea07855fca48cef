import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, {
  type Express,
  type Request,
  type RequestHandler,
  type Response,
  type Router,
} from 'express';

export interface WebOptions {
  /** The repository root: the shell is served from `shell/dist`, each feature app from `mfe-<x>/dist`. */
  root: string;
  /**
   * The run-time remotes config (name → remoteEntry URL) when the feature apps are served elsewhere: parsed from
   * ERP_REMOTES_JSON, or built from each app's public URL in the distributed mode ({@link remotesFromEnv}).
   * Unset: every feature app built on disk, at /mfe/<name>/ on this origin.
   */
  remotes?: Record<string, string>;
  /** Serve the feature apps built on disk at /mfe/<name>/ (embedded mode). Default: true. */
  featureApps?: boolean;
  /** The shell's run-time settings at /app-config.json ({@link appConfigFromEnv}). Unset: nothing configured. */
  appConfig?: AppConfig;
}

/** The shell's run-time settings, read at start beside /remotes.json, so that none needs a rebuild. */
export interface AppConfig {
  /** The provider's messaging chat (spec sections 2 and 8: the contact link and contact-us button); null: hidden. */
  supportChatUrl: string | null;
}

/** ERP_SUPPORT_CHAT_URL → the shell's settings; a value that is not an http(s) URL stops the start-up. */
export function appConfigFromEnv(env: Record<string, string | undefined> = process.env): AppConfig {
  const chat = env.ERP_SUPPORT_CHAT_URL?.trim();
  if (!chat) return { supportChatUrl: null };
  let url: URL;
  try {
    url = new URL(chat);
  } catch {
    throw new Error(`ERP_SUPPORT_CHAT_URL: not a URL: ${chat}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error('ERP_SUPPORT_CHAT_URL: not http(s)');
  }
  return { supportChatUrl: url.href };
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** A feature app's package folder (`mfe-sales`) and its federation name (`mfe_sales`). */
export interface FeatureApp {
  dir: string;
  name: string;
}

/** The feature apps of the repository: every `mfe-<x>` folder with an rspack build. */
export function featureApps(root: string): FeatureApp[] {
  return readdirSync(root)
    .filter((d) => /^mfe-[a-z0-9-]+$/.test(d) && existsSync(path.join(root, d, 'rspack.config.mjs')))
    .sort()
    .map((dir) => ({ dir, name: dir.replace(/-/g, '_') }));
}

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

/** ERP_REMOTES_JSON: `{"mfe_sales": "https://sales.example.com/remoteEntry.js"}`. */
export function parseRemotesJson(text: string): Record<string, string> {
  const value = JSON.parse(text) as unknown;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('ERP_REMOTES_JSON must be a JSON object of name → remoteEntry URL');
  }
  for (const [name, url] of Object.entries(value)) {
    if (typeof url !== 'string') throw new Error(`ERP_REMOTES_JSON: ${name} must map to a URL`);
  }
  return value as Record<string, string>;
}

/** The variable holding a feature app's public URL in the distributed mode: `mfe-sales` → `ERP_MFE_SALES_URL`. */
export function featureAppUrlVariable(app: FeatureApp): string {
  return `ERP_${app.name.toUpperCase()}_URL`;
}

/**
 * The distributed mode's remotes config: ERP_REMOTES_JSON when set, else each feature app's public URL
 * (`ERP_MFE_SALES_URL=https://sales.example.com` → `https://sales.example.com/remoteEntry.js`). `missing` names
 * the variables of the repository's feature apps that are not set (those apps are not listed).
 */
export function remotesFromEnv(
  root: string,
  env: Record<string, string | undefined> = process.env,
): { remotes: Record<string, string>; missing: string[] } {
  if (env.ERP_REMOTES_JSON) return { remotes: parseRemotesJson(env.ERP_REMOTES_JSON), missing: [] };
  const remotes: Record<string, string> = {};
  const missing: string[] = [];
  for (const app of featureApps(root)) {
    const variable = featureAppUrlVariable(app);
    const url = env[variable];
    if (!url) {
      missing.push(variable);
      continue;
    }
    const base = new URL(url); // a malformed URL stops the start-up, naming the value
    if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new Error(`${variable}: not http(s)`);
    remotes[app.name] = `${url.replace(/\/+$/, '')}/remoteEntry.js`;
  }
  return { remotes, missing };
}

/**
 * The other origins the shell loads feature apps from (absolute remote entry URLs), for the CSP's `script-src`
 * and `connect-src`. Same-origin entries (`/mfe/...`) add nothing.
 */
export function remoteOrigins(remotes: Record<string, string>): string[] {
  const origins = new Set<string>();
  for (const entry of Object.values(remotes)) {
    if (!/^https?:\/\//i.test(entry)) continue;
    origins.add(new URL(entry).origin);
  }
  return [...origins].sort();
}

/** Hashed assets never change under their name; entry points (index.html, remoteEntry.js) are revalidated. */
function cacheHeaders(res: Response, file: string): void {
  const base = path.basename(file);
  const hashed = /\.[0-9a-f]{10}\.(js|css)(\.map)?$/.test(base) || /\.[0-9a-f]{10}\.[a-z0-9]+$/.test(base);
  res.setHeader('Cache-Control', hashed ? IMMUTABLE : REVALIDATE);
}

/** The encodings the web build writes beside each script, stylesheet and JSON file, best first. */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/**
 * A file the build compressed ahead (packages/web-build's PrecompressPlugin), in the best encoding the browser
 * accepts, with the cache rules above: no compression work per request. Anything else falls through (to
 * `compression()` and the plain file).
 */
function precompressedFiles(dir: string): RequestHandler {
  const root = path.resolve(dir);
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !/\.(js|css|json)$/.test(req.path)) return next();
    let file: string;
    try {
      file = path.resolve(root, `.${decodeURIComponent(req.path)}`);
    } catch {
      return next();
    }
    if (!file.startsWith(root + path.sep)) return next();
    res.vary('Accept-Encoding');
    const chosen = PRECOMPRESSED.find(
      ({ encoding, suffix }) => req.acceptsEncodings(encoding) === encoding && existsSync(file + suffix),
    );
    if (!chosen) return next();
    res.setHeader('Content-Encoding', chosen.encoding);
    res.type(path.extname(file));
    cacheHeaders(res, file);
    res.sendFile(file + chosen.suffix, (error) => {
      // gone since the check (a rebuild): the plain file, compressed on the fly, if any
      if (!error || res.headersSent) return;
      res.removeHeader('Content-Encoding');
      next();
    });
  };
}

/** A built app's files with the cache rules above; `fallthrough: false` answers a missing file 404 at once. */
function staticFiles(dir: string, fallthrough: boolean): RequestHandler {
  const plain = express.static(dir, { index: false, fallthrough, setHeaders: cacheHeaders });
  const compressed = precompressedFiles(dir);
  return (req, res, next) => compressed(req, res, () => plain(req, res, next));
}

/**
 * The web frontends on the gateway's origin (design.md section 4): `/remotes.json`, `/app-config.json`, each feature app at
 * `/mfe/<name>/` (embedded mode), and the shell at `/` with every other page path answered by its index.html
 * (the shell routes on the client). /api never reaches here: the gateway answers it first.
 */
export function webRouter(options: WebOptions): Router {
  const router = express.Router();
  const shellDir = path.join(options.root, 'shell', 'dist');
  const fixed = options.remotes ?? null;
  // the shell's first load is ~1.3 MB of JavaScript before compression; gzip brings it to about a quarter
  router.use(compression());

  router.get('/remotes.json', (_req, res) => {
    res.setHeader('Cache-Control', REVALIDATE);
    res.json(fixed ?? builtRemotes(options.root));
  });

  const appConfig: AppConfig = options.appConfig ?? { supportChatUrl: null };
  router.get('/app-config.json', (_req, res) => {
    res.setHeader('Cache-Control', REVALIDATE);
    res.json(appConfig);
  });

  if (options.featureApps ?? true) {
    router.use('/mfe/:name', (req: Request, res, next) => {
      const name = String(req.params.name ?? '');
      if (!/^mfe_[a-z0-9_]+$/.test(name)) return next();
      const dir = path.join(options.root, name.replace(/_/g, '-'), 'dist');
      return staticFiles(dir, false)(req, res, next);
    });
  }

  router.use(staticFiles(shellDir, true));

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

export interface FeatureAppRouterOptions {
  /** The built app: `mfe-sales/dist`. */
  dir: string;
  /** The shell's origins (`https://erp.example.com`): the only ones CORS lets read the app's files. */
  shellOrigins: string[];
}

/**
 * One feature app on its own origin (distributed mode, design.md section 4): its `remoteEntry.js` and chunks with
 * the gateway's cache rules and gzip. The shell's page loads them as scripts from another origin: the federation
 * runtime and the chunk loader ask for them in CORS mode (`crossorigin="anonymous"`, so a failing script reports
 * its error instead of "Script error."), which the shell's origin, and only it, is allowed.
 */
export function featureAppRouter(options: FeatureAppRouterOptions): Router {
  const allowed = new Set(options.shellOrigins);
  const router = express.Router();
  router.use((req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // scripts for another origin's page: a browser's default (or a same-origin policy) would block them
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.vary('Origin');
    const origin = req.header('Origin');
    if (origin && allowed.has(origin)) res.setHeader('Access-Control-Allow-Origin', origin);
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD');
      res.setHeader('Access-Control-Max-Age', '86400');
      res.status(204).end();
      return;
    }
    next();
  });
  router.use(compression());
  router.use(staticFiles(options.dir, false));
  return router;
}

/** A feature app's own server: its files ({@link featureAppRouter}) and a liveness answer at /healthz. */
export function createFeatureAppServer(options: FeatureAppRouterOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.use(featureAppRouter(options));
  return app;
}
