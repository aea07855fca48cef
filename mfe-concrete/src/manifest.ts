import { MANIFEST_VERSION, type FeatureManifest } from '@erp/ui-kit';

/**
 * What the shell reads before mounting anything: the routes this app renders (the spec's paths), their
 * permissions, and its sidebar entries. Only screens that exist are listed; none yet.
 */
export const manifest: FeatureManifest = {
  version: MANIFEST_VERSION,
  name: 'mfe_concrete',
  routes: [],
  menu: [],
  messages: {},
};

export default manifest;
