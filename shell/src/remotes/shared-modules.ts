/**
 * What the feature apps take from the shell instead of shipping it (`provided-by-shell.json` in packages/web-build; a
 * test keeps the two lists equal): decimal.js and the client texts' loader, small and used by every screen. The UI
 * kit, the contracts, zod and the phone metadata are not shared: a shared module is provided whole, so each app
 * bundles the parts of them it imports, and a list screen fetches no form rules (issue 12: a screen fetches what
 * it uses). None of it is needed for the first paint; once signed in, the shell fetches it while the browser is
 * idle; importing it here is also what makes the shell's build provide it.
 */
const sharedWithFeatureApps = {
  '@erp/i18n/src/client': () => import('@erp/i18n/src/client'),
  'decimal.js': () => import('decimal.js'),
};

export const sharedModuleNames = Object.keys(sharedWithFeatureApps);

let fetched = false;

/**
 * Fetches the shared modules once per page (a failure is left to the first real use): at once when a feature
 * app's screen is being loaded (alongside its own chunks rather than after them), otherwise when idle.
 */
export function warmUpSharedModules(when: 'now' | 'idle' = 'idle'): void {
  const load = () => {
    if (fetched) return;
    fetched = true;
    for (const module of Object.values(sharedWithFeatureApps)) void module().catch(() => undefined);
  };
  if (when === 'now') load();
  else if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(load, { timeout: 2000 });
  else setTimeout(load, 500);
}
