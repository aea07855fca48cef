import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import rateLimit from 'express-rate-limit';
import helmet from 'helmet';
import { createProxyMiddleware } from 'http-proxy-middleware';
import {
  allRoutes,
  canonicalPath,
  decodePath,
  matchPath,
  type RouteSpec,
  type ServiceName,
} from '@erp/contracts';
import { parseLanguage } from '@erp/i18n';
import {
  bearerToken,
  countRequests,
  problemBody,
  sendProblem,
  type Logger,
  type ServiceHealth,
  type TokenService,
} from '@erp/service-kit';
import { docsRouter } from './docs';
import { buildOpenApi } from './openapi';
import type { SessionReplica } from './sessions';
import type { SubscriptionReplica } from './subscriptions';

/** Where a service answers: in this process (embedded mode) or at a URL (distributed mode). */
export type ServiceTarget =
  { kind: 'local'; app: Express; health?: () => ServiceHealth } | { kind: 'remote'; url: string };

export interface GatewayOptions {
  services: Readonly<Record<ServiceName, ServiceTarget>>;
  /** The gateway's own small service app (its dead letters). */
  ownApp: Express;
  /** The gateway's own consumer (the subscription replica), reported as `gateway` in /api/health. */
  ownHealth?: () => ServiceHealth;
  tokens: TokenService;
  subscriptions: SubscriptionReplica;
  /** Ends access tokens at once (deleted, suspended, changed rights, logout); without it tokens live to expiry. */
  sessions?: SessionReplica;
  logger: Logger;
  loginRateLimit?: number;
  /** Extra handlers mounted after the API: the shell and the feature frontends (`webRouter`). */
  after?: RequestHandler[];
  /**
   * The other origins the shell loads feature apps from (`remoteOrigins` of the remotes config): the CSP's
   * `script-src` and `connect-src` allow them beside 'self', and nothing else.
   */
  frontendOrigins?: string[];
}

/** Seconds a client is told to wait before trying a service that did not answer. */
const RETRY_AFTER_SECONDS = 5;

/** The contracts' routes by method and number of segments, each list in declaration order (first match wins). */
const routesByShape = new Map<string, RouteSpec[]>();
for (const r of allRoutes) {
  const shape = `${r.method} ${r.path.split('/').length}`;
  routesByShape.set(shape, [...(routesByShape.get(shape) ?? []), r]);
}

function findRoute(method: string, path: string): RouteSpec | undefined {
  const shape = `${method.toLowerCase()} ${path.replace(/\/+$/, '').split('/').length}`;
  return routesByShape.get(shape)?.find((r) => matchPath(r.path, path));
}

function problem(req: Request, res: Response, status: number, key: Parameters<typeof problemBody>[1]): void {
  sendProblem(res, problemBody(status, key, parseLanguage(req.header('Language')), [], {}, req.originalUrl));
}

/** A service that cannot be reached: a translated 503 the client may retry (issue 9 item 12). */
function unavailable(req: Request, res: Response): void {
  res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
  problem(req, res, 503, 'serviceUnavailable');
}

type Health = { up: boolean; consumer: ServiceHealth['consumer'] };

const local = (h: ServiceHealth): Health => ({ up: h.status === 'ok', consumer: h.consumer });

async function healthOfTarget(target: ServiceTarget): Promise<Health> {
  if (target.kind === 'local') return local(target.health?.() ?? { status: 'ok', consumer: null });
  try {
    const res = await fetch(`${target.url}/healthz`, { signal: AbortSignal.timeout(1500) });
    const body = (await res.json().catch(() => ({}))) as Partial<ServiceHealth>;
    return { up: res.ok, consumer: body.consumer ?? null };
  } catch {
    return { up: false, consumer: null };
  }
}

/**
 * 200 once every service answers its own health check (remote) or has started (local), and no consumer has
 * stopped; each service's consumer state and lag beside.
 */
async function healthOf(services: GatewayOptions['services'], own: GatewayOptions['ownHealth']) {
  const entries = await Promise.all(
    Object.entries(services).map(async ([name, target]) => [name, await healthOfTarget(target)] as const),
  );
  if (own) entries.push(['gateway', local(own())]);
  return {
    services: Object.fromEntries(
      entries.filter(([name]) => name !== 'gateway').map(([name, h]) => [name, h.up ? 'up' : 'down']),
    ) as Record<string, 'up' | 'down'>,
    consumers: Object.fromEntries(entries.map(([name, h]) => [name, h.consumer])),
    ok: entries.every(([, h]) => h.up),
  };
}

/**
 * The one public origin: security headers, login rate limit, docs, health, then for every /api call the
 * route's owner is looked up in the contracts; a token is verified (and the tenant's subscription checked)
 * unless the route is public; the call goes to the owning service in-process or over HTTP.
 */
export function createGateway(options: GatewayOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  // background jobs in this process give way to the requests being served (embedded mode)
  app.use(countRequests);
  const frontendOrigins = options.frontendOrigins ?? [];
  app.use(
    helmet({
      crossOriginResourcePolicy: { policy: 'same-site' },
      contentSecurityPolicy: {
        directives: {
          // the embedded mode is often reached over plain http on a shop's network: never rewrite to https
          upgradeInsecureRequests: null,
          scriptSrc: ["'self'", ...frontendOrigins],
          connectSrc: ["'self'", ...frontendOrigins],
        },
      },
    }),
  );

  app.get('/api/health', async (_req, res) => {
    const { ok, services, consumers } = await healthOf(options.services, options.ownHealth);
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'unhealthy', services, consumers });
  });
  app.use(docsRouter(() => buildOpenApi(allRoutes)));

  // One limiter for the routes the contracts mark 'signIn', decided by the same match that routes the call, so
  // no spelling of the path (case, trailing slash) reaches the handler unlimited (issue 9 item 1).
  const signInLimiter = rateLimit({
    windowMs: 60_000,
    limit: options.loginRateLimit ?? 20,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (req, res) => problem(req, res, 429, 'tooManyLoginAttempts'),
  });
  const limited = (req: Request, res: Response) =>
    new Promise<boolean>((resolve, reject) => {
      res.once('finish', () => resolve(true));
      Promise.resolve(
        signInLimiter(req, res, (error?: unknown) => (error ? reject(error) : resolve(false))),
      ).catch(reject);
    });

  const proxies = new Map<string, RequestHandler>();
  for (const [name, target] of Object.entries(options.services)) {
    if (target.kind === 'remote') {
      proxies.set(
        name,
        createProxyMiddleware({
          target: target.url,
          changeOrigin: true,
          xfwd: true,
          on: {
            error: (error, req, res) => {
              options.logger.warn('service unreachable', { service: name, error: String(error) });
              const r = res as Response;
              if (typeof r.setHeader === 'function' && !r.headersSent) unavailable(req as Request, r);
              else (res as { destroy?: () => void }).destroy?.();
            },
          },
        }),
      );
    }
  }

  app.use('/api', async (req, res, next) => {
    try {
      // answers carry tokens, prices and customers' data: never kept by a browser or a proxy (issue 9 item 11)
      res.setHeader('Cache-Control', 'no-store');
      const decoded = decodePath(req.path);
      if (decoded === null) return problem(req, res, 400, 'invalidAddress');
      const route = findRoute(req.method, `/api${req.path}`);
      if (!route) return problem(req, res, 404, 'routeNotFound');
      // the service receives the route's own spelling, so what matched here is what runs there
      const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
      req.url = canonicalPath(route.path, `/api${req.path}`) + query;
      if (route.rateLimit === 'signIn' && (await limited(req, res))) return;
      const open = route.access.kind === 'public' || route.access.kind === 'provider';
      if (!open) {
        const token = bearerToken(req.header('Authorization'));
        const principal = token ? options.tokens.verify(token) : 'invalid';
        if (principal === 'expired') return problem(req, res, 401, 'expiredToken');
        if (principal === 'invalid') return problem(req, res, 401, 'unauthenticated');
        if (options.sessions && !(await options.sessions.allows(principal)))
          return problem(req, res, 401, 'expiredToken');
        const verdict = await options.subscriptions.verdict(principal);
        if (verdict !== 'ok') return problem(req, res, 401, verdict);
      }
      if (route.service === 'gateway') return options.ownApp(req, res, next);
      const target = options.services[route.service];
      if (target.kind === 'local') return target.app(req, res, next);
      return proxies.get(route.service)!(req, res, next);
    } catch (error) {
      next(error);
    }
  });
  for (const handler of options.after ?? []) app.use(handler);
  // Every answer of the gateway is a translated problem (issue 9 item 12): a missing file is a 404, a bad
  // address a 400, the rest is logged and answered as the service's own errors are.
  app.use((error: unknown, req: Request, res: Response, _next: unknown) => {
    if (res.headersSent) return;
    const status = (error as { status?: number; statusCode?: number })?.status ?? 0;
    if (status === 404) return problem(req, res, 404, 'routeNotFound');
    if (status === 400) return problem(req, res, 400, 'invalidAddress');
    if (status === 413) return problem(req, res, 413, 'requestTooLarge');
    options.logger.error('gateway error', {
      url: req.originalUrl,
      error: String((error as Error)?.stack ?? error),
    });
    problem(req, res, 500, 'internalError');
  });
  return app;
}
