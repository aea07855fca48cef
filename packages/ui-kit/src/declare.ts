/**
 * The UI kit's React-free, zod-free part: the contract with the shell, the manifest rules and what a manifest
 * derives from the contracts' declarations. The shell's first paint and the feature apps' manifests import this
 * entry (issue 3); the screens come from `@erp/ui-kit`, a shared module of the web apps loaded on first use.
 */
export * from './contract';
export * from './manifest';
export * from './master-data/manifest-parts';
export * from './master-data/manifest-messages';
export * from './documents/manifest-parts';
export * from './documents/manifest-messages';
