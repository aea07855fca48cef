/**
 * The first screen's requests, started by the page entry (index.ts) while the bootstrap chunk and React are still
 * loading, instead of one after the other (issue 12: a screen usable within 1 s): the remotes config, the feature
 * apps' manifests, and a preload of the remoteEntry.js of the app whose route the page opens on. The loader takes
 * these responses over (`takePrefetched`) rather than asking again. Nothing here may import React or any other
 * shared module: this runs before the federation has negotiated them.
 */
const early = new Map<string, Promise<Response>>();

/** Starts a GET now; the first `takePrefetched` of the same URL gets its response. */
function prefetch(url: string, init: RequestInit): Promise<Response> {
  let pending = early.get(url);
  if (!pending) {
    pending = fetch(url, init);
    early.set(url, pending);
  }
  return pending;
}

/** The response of a request started early, once; undefined when none was (the caller fetches as usual). */
export function takePrefetched(url: string): Promise<Response> | undefined {
  const pending = early.get(url);
  early.delete(url);
  return pending;
}

export const REMOTES_URL = '/remotes.json';
export const REMOTES_INIT: RequestInit = { cache: 'no-store', headers: { Accept: 'application/json' } };
export const MANIFEST_INIT: RequestInit = { headers: { Accept: 'application/json' } };

/** A feature app's manifest.json, beside its remoteEntry.js (the web build writes it). */
export function manifestUrl(entry: string, base: string = location.href): string {
  return new URL('manifest.json', new URL(entry, base)).href;
}

/** Whether a route path ('/vouchers/edit/:id', case-insensitive as the router) matches a location's pathname. */
export function routeMatches(route: string, pathname: string): boolean {
  const want = route.toLowerCase().split('/').filter(Boolean);
  const have = pathname.toLowerCase().split('/').filter(Boolean);
  const same = (s: string, i: number) => s.startsWith(':') || s === have[i];
  if (want.at(-1) === '*') return have.length >= want.length - 1 && want.slice(0, -1).every(same);
  return want.length === have.length && want.every(same);
}

function routesOf(manifest: unknown): string[] {
  const routes = (manifest as { routes?: unknown } | null)?.routes;
  if (!Array.isArray(routes)) return [];
  return routes
    .map((r) => (r as { path?: unknown } | null)?.path)
    .filter((p): p is string => typeof p === 'string');
}

let firstApp: Promise<string | null> = Promise.resolve(null);

/** The feature app whose manifest claims the page's first path (null: none, or nothing was started). */
export const appOfFirstScreen = (): Promise<string | null> => firstApp;

function preloadScript(href: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  // the runtime loads another origin's entry in CORS mode (cross-origin.ts): the preload must match to be used
  if (new URL(href, location.href).origin !== location.origin) link.crossOrigin = 'anonymous';
  link.href = href;
  document.head.appendChild(link);
}

/** Starts the remotes config and manifests, and preloads the entry of the feature app that owns `pathname`. */
export function startRemotes(pathname: string): void {
  const json = (r: Response) =>
    r.ok ? (r.clone().json() as Promise<unknown>) : Promise.reject(new Error(r.url));
  firstApp = prefetch(REMOTES_URL, REMOTES_INIT)
    .then(json)
    .then(async (config) => {
      const entries = Object.entries(config as Record<string, unknown>).filter(
        (e): e is [string, string] => typeof e[1] === 'string',
      );
      const owners = await Promise.all(
        entries.map(([name, entry]) =>
          prefetch(manifestUrl(entry), MANIFEST_INIT)
            .then(json)
            .then((manifest) => (routesOf(manifest).some((r) => routeMatches(r, pathname)) ? name : null))
            .catch(() => null),
        ),
      );
      const owner = owners.find((name) => name !== null) ?? null;
      const entry = entries.find(([name]) => name === owner)?.[1];
      if (entry) preloadScript(entry);
      return owner;
    })
    .catch(() => null);
}
