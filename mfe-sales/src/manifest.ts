import { documentsOf, entitiesOf } from '@erp/contracts/src/declare';
import {
  MANIFEST_VERSION,
  documentsManifest,
  masterDataManifest,
  type FeatureManifest,
} from '@erp/ui-kit/src/declare';

/** The master-data lists this app owns: the sales service's entities (issue 3, item 6). */
const masterData = masterDataManifest(entitiesOf('sales'));
/** The sales documents (issue 14) on the kit's document screen: list, new and edit/{id} of each. */
const documents = documentsManifest(documentsOf('sales'));

/**
 * What the shell reads before mounting anything: the routes this app renders (the spec's paths), their
 * permissions, and its sidebar entries. Only screens that exist are listed; a test keeps the two in step.
 */
export const manifest: FeatureManifest = {
  version: MANIFEST_VERSION,
  name: 'mfe_sales',
  routes: [...masterData.routes, ...documents.routes],
  menu: [...masterData.menu, ...documents.menu],
  messages: Object.fromEntries(
    Object.keys(masterData.messages).map((l) => [
      l,
      {
        ...masterData.messages[l as keyof typeof masterData.messages],
        ...documents.messages[l as keyof typeof documents.messages],
      },
    ]),
  ),
};

export default manifest;
