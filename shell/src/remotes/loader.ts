import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { parseManifest, type FeatureManifest } from '@erp/ui-kit/src/declare';
import type { LifeCycles } from 'single-spa';
import type { FeatureProps } from '@erp/ui-kit/src/declare';
import {
  configFailed,
  configLoaded,
  manifestLoaded,
  remoteFailed,
  remoteLoading,
  type ManifestOutcome,
} from '../state/remotes';
import type { ShellDispatch } from '../state/store';
import { crossOriginEntries } from './cross-origin';
import { loadManifestsTogether } from './together';
import {
  appOfFirstScreen,
  MANIFEST_INIT,
  manifestUrl,
  REMOTES_INIT,
  REMOTES_URL,
  takePrefetched,
} from './early';
// its import()s make the shell's build provide what the feature apps take from it (see there)
import './shared-modules';

export { manifestUrl, REMOTES_URL };

/** The remotes config: `{ "mfe_sales": "/mfe/mfe_sales/remoteEntry.js", ... }` (absolute or same-origin URLs). */
export async function fetchRemotesConfig(url = REMOTES_URL): Promise<Record<string, string>> {
  // the page entry may have asked already (early.ts)
  const response = await (takePrefetched(url) ?? fetch(url, REMOTES_INIT));
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const body = (await response.json()) as unknown;
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new Error(`${url}: not an object`);
  const entries = Object.entries(body).filter(
    (e): e is [string, string] => /^[A-Za-z_][\w]*$/.test(e[0]) && typeof e[1] === 'string',
  );
  return Object.fromEntries(entries);
}

const entries = new Map<string, string>();
const lifecycles = new Map<string, Promise<LifeCycles<FeatureProps>>>();

function register(name: string, entry: string, force: boolean): void {
  // A cache-busting query on a retry: the runtime and the browser must not hand back the failed script.
  const url = force ? `${entry}${entry.includes('?') ? '&' : '?'}retry=${Date.now()}` : entry;
  registerRemotes([{ name, entry: url }], { force });
}

/**
 * Loads and checks one feature app's manifest; the shell goes on whatever happens. The manifest is JSON, so
 * building the menu fetches no feature app's code: its remoteEntry.js loads when one of its screens opens.
 */
export async function loadManifest(dispatch: ShellDispatch, name: string, retry = false): Promise<void> {
  if (!entries.has(name)) return;
  dispatch(remoteLoading(name));
  const outcome = await fetchManifest(name, retry);
  dispatch(
    outcome.manifest ? manifestLoaded(outcome.manifest) : remoteFailed({ name, error: outcome.error ?? '' }),
  );
}

async function fetchManifest(name: string, retry: boolean): Promise<ManifestOutcome> {
  const entry = entries.get(name)!;
  try {
    if (retry) {
      register(name, entry, true);
      lifecycles.delete(name);
    }
    const url = manifestUrl(entry);
    const response = await (retry
      ? fetch(`${url}?retry=${Date.now()}`, MANIFEST_INIT)
      : (takePrefetched(url) ?? fetch(url, MANIFEST_INIT)));
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    const manifest: FeatureManifest = parseManifest(name, (await response.json()) as unknown);
    return { name, manifest };
  } catch (error) {
    return { name, error: String((error as Error)?.message ?? error) };
  }
}

/** Reads the run-time remotes config, registers every remote with the MF runtime and loads their manifests. */
export async function loadRemotes(dispatch: ShellDispatch): Promise<void> {
  let config: Record<string, string>;
  try {
    config = await fetchRemotesConfig();
  } catch {
    dispatch(configFailed());
    return;
  }
  registerPlugins([crossOriginEntries()]);
  for (const [name, entry] of Object.entries(config)) {
    entries.set(name, entry);
    register(name, entry, false);
  }
  dispatch(configLoaded(config));
  // the first screen's feature app loads now, beside the shell's layout, not once its route has rendered
  void appOfFirstScreen().then((name) => {
    if (name && entries.has(name)) loadLifecycles(name).catch(() => undefined);
  });
  await loadManifestsTogether(dispatch, Object.keys(config), (name) => fetchManifest(name, false));
}

/** A feature app's single-spa lifecycles, loaded once; a failure is not cached, so a retry loads again. */
export function loadLifecycles(name: string, retry = false): Promise<LifeCycles<FeatureProps>> {
  const entry = entries.get(name);
  if (retry && entry) {
    register(name, entry, true);
    lifecycles.delete(name);
  }
  let pending = lifecycles.get(name);
  if (!pending) {
    pending = loadRemote<LifeCycles<FeatureProps>>(`${name}/lifecycles`).then((module) => {
      if (!module || typeof module.mount !== 'function' || typeof module.unmount !== 'function') {
        throw new Error(`${name}/lifecycles: no mount and unmount`);
      }
      // a plain object: single-spa keeps its own state beside the lifecycles
      const { bootstrap, mount, unmount, update } = module;
      return { bootstrap, mount, unmount, ...(update ? { update } : {}) } as LifeCycles<FeatureProps>;
    });
    pending.catch(() => lifecycles.delete(name));
    lifecycles.set(name, pending);
  }
  return pending;
}
