import type { FeatureManifest, FeatureRoute } from '@erp/ui-kit/src/declare';

/** Spec section 2: without a session only these are open (besides /login). */
export const OPEN_PATH_PREFIXES = ['/shareInvoice', '/SmartMenu', '/ForgetPassword'] as const;

export const HOME = '/';
export const LOGIN = '/login';
export const NOT_FOUND = '/error-404';

export function isOpenPath(path: string): boolean {
  const p = path.toLowerCase();
  return OPEN_PATH_PREFIXES.some(
    (prefix) => p === prefix.toLowerCase() || p.startsWith(`${prefix.toLowerCase()}/`),
  );
}

export interface FeatureRouteEntry {
  remote: string;
  route: FeatureRoute;
}

/** The route table from the manifests; the first app to claim a path keeps it. */
export function featureRoutes(manifests: readonly FeatureManifest[]): FeatureRouteEntry[] {
  const seen = new Set<string>();
  const out: FeatureRouteEntry[] = [];
  for (const manifest of manifests) {
    for (const route of manifest.routes) {
      const key = route.path.toLowerCase();
      if (seen.has(key) || key === HOME || key === LOGIN || key === NOT_FOUND) continue;
      seen.add(key);
      out.push({ remote: manifest.name, route });
    }
  }
  return out;
}
