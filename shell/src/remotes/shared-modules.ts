/**
 * What the feature apps take from the shell instead of shipping it (`provided-by-shell.json` in packages/web-build; a
 * test keeps the two lists equal): the UI kit, the contracts and their rules, the client texts' loader. None of
 * it is needed for the first paint. Once signed in, the shell fetches it while the browser is idle, so the first
 * feature screen does not wait for it; importing it here is also what makes the shell's build provide it.
 */
const sharedWithFeatureApps = {
  '@erp/ui-kit': () => import('@erp/ui-kit'),
  '@erp/contracts': () => import('@erp/contracts'),
  '@erp/i18n/src/client': () => import('@erp/i18n/src/client'),
  zod: () => import('zod'),
  'decimal.js': () => import('decimal.js'),
  'libphonenumber-js/max': () => import('libphonenumber-js/max'),
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
