import { entitiesOf } from '@erp/contracts/src/declare';
import { MANIFEST_VERSION, masterDataManifest, type FeatureManifest } from '@erp/ui-kit/src/declare';

/** The master-data lists this app owns: the accounts service's entities (issue 3, item 6). */
const masterData = masterDataManifest(entitiesOf('accounts'));

/**
 * What the shell reads before mounting anything: the routes this app renders (the spec's paths), their
 * permissions, and its sidebar entries. Only screens that exist are listed; a test keeps the two in step.
 */
export const manifest: FeatureManifest = {
  version: MANIFEST_VERSION,
  name: 'mfe_accounts',
  routes: [...masterData.routes],
  menu: [...masterData.menu],
  messages: masterData.messages,
};

export default manifest;
