import { loadable } from '../loadable';
import { loadPhoneRules } from '@erp/contracts/src/phone-check';
import type { FieldDef } from '@erp/contracts/src/declare';
import type { MasterDataFormProps } from './MasterDataForm';

/**
 * The form and its rules (zod, the line grids) load when a form is first opened: a list screen fetches only
 * what a list uses (issue 12, the first screen comes fast). The phone metadata comes with the form only when
 * the entity has a phone field, so the form validates a phone fully from its first keystroke.
 */
const form = () => import('./MasterDataForm').then((m) => m.MasterDataForm);
const spinner = <i className="pi pi-spin pi-spinner" aria-hidden="true" />;
const FormOfEntity = loadable(form, spinner);
/** Starts fetching the form's code (a dialog about to show one fetches it beside its own). */
export const preloadMasterDataForm = (): void => void form().catch(() => undefined);
const FormWithPhones = loadable(() => Promise.all([form(), loadPhoneRules()]).then(([m]) => m), spinner);

const hasPhone = (fields: readonly FieldDef[]): boolean =>
  fields.some((f) => f.kind === 'phone' || hasPhone(f.lineFields ?? []));

export function LazyMasterDataForm(props: MasterDataFormProps) {
  const Form = hasPhone(props.entity.fields) ? FormWithPhones : FormOfEntity;
  return <Form {...props} />;
}
