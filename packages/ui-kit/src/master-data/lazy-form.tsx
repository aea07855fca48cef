import { loadable } from '../loadable';
import { loadPhoneRules } from '@erp/contracts/src/phone-check';
import type { EntityDef, FieldDef } from '@erp/contracts/src/declare';
import type { MasterDataFormProps } from './MasterDataForm';

/**
 * The form and its rules (zod, the line grids) load when a form is first opened: a list screen fetches only
 * what a list uses (issue 12, the first screen comes fast). The phone metadata comes with the form only when
 * the entity has a phone field, so the form validates a phone fully from its first keystroke.
 */
const form = () => import('./MasterDataForm').then((m) => m.MasterDataForm);
const spinner = <i className="pi pi-spin pi-spinner" aria-hidden="true" />;
const FormOfEntity = loadable(form, spinner);
const FormWithPhones = loadable(() => Promise.all([form(), loadPhoneRules()]).then(([m]) => m), spinner);

const hasPhone = (fields: readonly FieldDef[]): boolean =>
  fields.some((f) => f.kind === 'phone' || hasPhone(f.lineFields ?? []));
const formOf = (entity: EntityDef) => (hasPhone(entity.fields) ? FormWithPhones : FormOfEntity);

/** Starts fetching an entity's form (a dialog or a page about to show one): it then renders with no spinner. */
export const preloadMasterDataForm = (entity: EntityDef): void => formOf(entity).preload();

export function LazyMasterDataForm(props: MasterDataFormProps) {
  const Form = formOf(props.entity);
  return <Form {...props} />;
}
