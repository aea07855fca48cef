import type { z } from 'zod';
import type { PermissionName } from './permissions';

export const serviceNames = [
  'identity',
  'accounts',
  'sales',
  'purchases',
  'inventory',
  'restaurant',
  'concrete',
] as const;
export type ServiceName = (typeof serviceNames)[number];
/** The gateway answers a few routes itself (its own dead letters); everything else belongs to a service. */
export type RouteOwner = ServiceName | 'gateway';

/**
 * Who may call a route. Every route declares one; a test fails when a service registers a route without it
 * (style.md example 13). 'provider' is the SaaS operator's key, not a tenant user.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'permission'; name: PermissionName }
  | { kind: 'admin' }
  | { kind: 'provider' };

export const access = {
  public: { kind: 'public' } as Access,
  authenticated: { kind: 'authenticated' } as Access,
  admin: { kind: 'admin' } as Access,
  provider: { kind: 'provider' } as Access,
  permission: (name: PermissionName): Access => ({ kind: 'permission', name }),
};

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

export interface RouteSpec {
  method: HttpMethod;
  /** Express-style path under the public origin, e.g. `/api/Users/:id`. */
  path: string;
  service: RouteOwner;
  access: Access;
  summary: string;
  tag: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
  /** Status of a successful answer; 200 unless said. */
  status?: number;
  /**
   * Largest body the route accepts, in bytes (issue 9 item 13): routes without a body take
   * {@link NO_BODY_LIMIT}, others {@link DEFAULT_BODY_LIMIT} unless they say more (attachments, images).
   */
  bodyLimit?: number;
  /** 'signIn': counted by the gateway's sign-in limiter per address (and by identity per user name). */
  rateLimit?: 'signIn';
}

/** A route without a body still may receive `{}` or a small JSON from a generic client. */
export const NO_BODY_LIMIT = 1024;
/** Enough for a document of several hundred lines; attachments and images declare their own. */
export const DEFAULT_BODY_LIMIT = 512 * 1024;

export function bodyLimitOf(route: RouteSpec): number {
  return route.bodyLimit ?? (route.body ? DEFAULT_BODY_LIMIT : NO_BODY_LIMIT);
}

/** The actual path with its segments decoded; null when a segment is not valid percent-encoding. */
export function decodePath(path: string): string | null {
  try {
    return path
      .split('/')
      .map((segment) => decodeURIComponent(segment))
      .join('/');
  } catch {
    return null;
  }
}

/**
 * The route's own spelling of a matched path: its literal segments as declared, its parameters as sent. The
 * gateway hands services this form, so that what the gateway matched (and limited) is what the service runs.
 */
export function canonicalPath(pattern: string, path: string): string {
  const actual = path.replace(/\/+$/, '').split('/');
  return pattern
    .split('/')
    .map((seg, i) => (seg.startsWith(':') ? (actual[i] ?? '') : seg))
    .join('/');
}

export function defineRoutes<const T extends Record<string, RouteSpec>>(routes: T): T {
  return routes;
}

/** Express-style pattern match, case-insensitive like the spec's paths ('/api/users/auth' finds '/api/Users/auth'). */
export function matchPath(pattern: string, path: string): boolean {
  const a = pattern.split('/');
  const b = path.replace(/\/+$/, '').split('/');
  if (a.length !== b.length) return false;
  return a.every((seg, i) => seg.startsWith(':') || seg.toLowerCase() === (b[i] ?? '').toLowerCase());
}
