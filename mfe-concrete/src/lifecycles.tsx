// The app's single-spa lifecycles (style.md example 3): the shell mounts them as a parcel.
import { featureLifecycles } from '@erp/ui-kit';
import { texts } from './locales';
import { screens } from './screens';

export const { bootstrap, mount, unmount, update } = featureLifecycles({
  name: 'mfe_concrete',
  texts,
  screens,
});
