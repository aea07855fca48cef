import { lazy, Suspense } from 'react';
import type { MasterDataFormProps } from './MasterDataForm';

/**
 * The form and its rules (zod, the phone metadata, the line grids) load when a form is first opened: a list
 * screen fetches only what a list uses (issue 12, the first screen comes fast).
 */
const FormOfEntity = lazy(() => import('./MasterDataForm').then((m) => ({ default: m.MasterDataForm })));
export function LazyMasterDataForm(props: MasterDataFormProps) {
  return (
    <Suspense fallback={<i className="pi pi-spin pi-spinner" aria-hidden="true" />}>
      <FormOfEntity {...props} />
    </Suspense>
  );
}
