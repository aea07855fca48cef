import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import rateLimit from 'express-rate-limit';
import helmet from 'helmet';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { allRoutes, matchPath, type RouteSpec, type ServiceName } from '@erp/contracts';
import { parseLanguage } from '@erp/i18n';
import {
  bearerToken,
  problemBody,
  sendProblem,
  type Logger,
  type ServiceHealth,
  type TokenService,
} from '@erp/service-kit';
import { docsRouter } from './docs';
import { buildOpenApi } from './openapi';
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

const SESSION_ROUTES = new Set(['/api/Users/auth', '/api/Users/refresh', '/api/Users/forget-password']);

/** The contracts' routes by method and number of segments, each list in declaration order (first match wins). */
const routesByShape = new Map<string, RouteSpec[]>();
for (const r of allRoutes) {
  const shape = `${r.method} ${r.path.split('/').length}`;
  routesByShape.set(shape, [...(routesByShape.get(shape) ?? []), r]);
}

function findRoute(req: Request): RouteSpec | undefined {
  const path = req.path;
  const shape = `${req.method.toLowerCase()} ${path.replace(/\/+$/, '').split('/').length}`;
  return routesByShape.get(shape)?.find((r) => matchPath(r.path, path));
}

function problem(req: Request, res: Response, status: number, key: Parameters<typeof problemBody>[1]): void {
  sendProblem(res, problemBody(status, key, parseLanguage(req.header('Language')), [], {}, req.originalUrl));
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
  app.use(docsRouter(buildOpenApi(allRoutes)));

  const loginLimiter = rateLimit({
    windowMs: 60_000,
    limit: options.loginRateLimit ?? 20,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (req, res) => problem(req, res, 429, 'tooManyLoginAttempts'),
  });
  app.use((req, res, next) =>
    req.method === 'POST' && SESSION_ROUTES.has(req.path) ? loginLimiter(req, res, next) : next(),
  );

  const proxies = new Map<string, RequestHandler>();
  for (const [name, target] of Object.entries(options.services)) {
    if (target.kind === 'remote') {
      proxies.set(name, createProxyMiddleware({ target: target.url, changeOrigin: true, xfwd: true }));
    }
  }

  app.use('/api', async (req, res, next) => {
    try {
      // express strips the mount path; restore it so routes match their public paths
      req.url = req.originalUrl;
      const route = findRoute(req);
      if (!route) return problem(req, res, 404, 'routeNotFound');
      const open = route.access.kind === 'public' || route.access.kind === 'provider';
      if (!open) {
        const token = bearerToken(req.header('Authorization'));
        const principal = token ? options.tokens.verify(token) : 'invalid';
        if (principal === 'expired') return problem(req, res, 401, 'expiredToken');
        if (principal === 'invalid') return problem(req, res, 401, 'unauthenticated');
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
  app.use((error: unknown, req: Request, res: Response, _next: unknown) => {
    options.logger.error('gateway error', {
      url: req.originalUrl,
      error: String((error as Error)?.stack ?? error),
    });
    if (!res.headersSent) problem(req, res, 502, 'serviceUnavailable');
  });
  return app;
}
