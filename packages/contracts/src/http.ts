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
