import express, { type Request, type Response, type Router } from 'express';
import type { z } from 'zod';
import { bodyLimitOf, type RouteSpec } from '@erp/contracts';
import { AppError, forbidden, unauthorized } from '../errors';
import { unknownFields } from './unknown-fields';
import { contextFromRequest, hasPermission, type RequestContext } from './context';
import { bearerToken, type Principal, type TokenService } from './tokens';

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

export interface RouteInput<S extends RouteSpec> {
  ctx: RequestContext;
  /** The verified caller; reading it on a public route without a token answers 401. */
  principal: Principal;
  params: Infer<S['params']>;
  query: Infer<S['query']>;
  body: Infer<S['body']>;
  req: Request;
  res: Response;
}

export type RouteResult<S extends RouteSpec> = S['response'] extends z.ZodType
  ? z.input<S['response']>
  : unknown;

export interface BoundRoute {
  spec: RouteSpec;
  run(input: RouteInput<RouteSpec>): Promise<unknown>;
}

/** Binds a contract route to its use case. The route stays thin: parse, call, shape (style.md 6). */
export function handle<S extends RouteSpec>(
  spec: S,
  run: (input: RouteInput<S>) => Promise<RouteResult<S>>,
): BoundRoute {
  return { spec, run: run as unknown as BoundRoute['run'] };
}

export interface RouterDeps {
  tokens: TokenService;
  /** The SaaS operator's key for provider routes; provider routes answer 401 when it is unset. */
  providerKey?: string | undefined;
}

function authenticate(req: Request, tokens: TokenService): Principal | null {
  const token = bearerToken(req.header('Authorization'));
  if (!token) return null;
  const result = tokens.verify(token);
  if (result === 'expired') throw new AppError(401, 'expiredToken');
  if (result === 'invalid') throw unauthorized();
  return result;
}

function authorize(spec: RouteSpec, req: Request, principal: Principal | null, deps: RouterDeps): void {
  const a = spec.access;
  if (a.kind === 'public') return;
  if (a.kind === 'provider') {
    if (!deps.providerKey || req.header('X-Provider-Key') !== deps.providerKey)
      throw new AppError(401, 'providerKeyInvalid');
    return;
  }
  if (!principal) throw unauthorized();
  if (a.kind === 'admin' && !principal.isAdmin) throw forbidden();
  if (a.kind === 'permission' && !hasPermission(principal, a.name)) throw forbidden();
}

/** Parses the body with the contract's schema; a field the contract does not know is a 400, not dropped. */
function parseBody(spec: RouteSpec, raw: unknown): unknown {
  if (!spec.body) return undefined;
  const body = spec.body.parse(raw ?? {});
  const unknown = unknownFields(raw, body, spec.response);
  if (unknown.length) throw new AppError(400, 'validationFailed', {}, unknown);
  return body;
}

/**
 * Builds an express router from bound routes: body size limit of the route → token → access check → zod parsing
 * → use case → JSON. Every route has an access rule by construction; responses are checked against the
 * contract under test.
 */
export function buildRouter(routes: readonly BoundRoute[], deps: RouterDeps): Router {
  const router = express.Router();
  for (const route of routes) {
    const { spec } = route;
    // each route reads no more than it needs (issue 9 item 13): a 2 MB body on logout is refused unread
    router[spec.method](spec.path, express.json({ limit: bodyLimitOf(spec) }), async (req, res) => {
      const principal = authenticate(req, deps.tokens);
      authorize(spec, req, principal, deps);
      const ctx = contextFromRequest(req, principal);
      const input: RouteInput<RouteSpec> = {
        ctx,
        get principal() {
          if (!principal) throw unauthorized();
          return principal;
        },
        params: spec.params ? spec.params.parse(req.params) : undefined,
        query: spec.query ? spec.query.parse(req.query) : undefined,
        body: parseBody(spec, req.body),
        req,
        res,
      };
      const result = await route.run(input);
      if (res.headersSent) return;
      const out = spec.response && process.env.NODE_ENV === 'test' ? spec.response.parse(result) : result;
      res.status(spec.status ?? 200).json(out ?? { ok: true });
    });
  }
  return router;
}
