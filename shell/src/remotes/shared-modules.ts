/**
 * What the feature apps take from the shell instead of shipping it (`provided-by-shell.json` in packages/web-build; a
 * test keeps the two lists equal): decimal.js and the client texts' loader, small and used by every screen. The UI
 * kit, the contracts, zod and the phone metadata are not shared: a shared module is provided whole, so each app
 * bundles the parts of them it imports, and a list screen fetches no form rules (issue 12: a screen fetches what
 * it uses). These `import()`s are what make the shell's build provide them; nothing calls them ahead of use: a
 * feature app's chunk fetches the shared modules it needs alongside itself (no round trip after it), and a list
 * screen without amounts never fetches decimal.js.
 */
export const sharedWithFeatureApps = {
  '@erp/i18n/src/client': () => import('@erp/i18n/src/client'),
  'decimal.js': () => import('decimal.js'),
};

export const sharedModuleNames = Object.keys(sharedWithFeatureApps);
