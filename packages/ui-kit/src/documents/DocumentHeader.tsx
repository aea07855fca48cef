import { InputText } from 'primereact/inputtext';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentDef, FieldDef } from '@erp/contracts';
import { fieldLabel, label, type Language } from '@erp/i18n';
import type { FiscalYearInfo } from '../contract';
import { FieldInput, withStored } from '../fields/FieldInput';
import type { FieldErrors, FormValues } from '../master-data/form-model';
import type { ReferenceOption } from '../master-data/references';

// the header's own fields beside the declared ones (stores, ...): every document has them (spec section 10)
const DATE: FieldDef = { name: 'date', kind: 'date', required: true };
const REFERENCE_NUMBER: FieldDef = { name: 'referenceNumber', kind: 'text', max: 40 };
const NOTES: FieldDef = { name: 'notes', kind: 'textarea', max: 1000 };

interface PartProps {
  values: FormValues;
  errors: FieldErrors;
  disabled: boolean;
  language: Language;
  decimals: number;
  showHijri: boolean;
  set: (name: string, value: unknown) => void;
}

/** A document's header: its code (given by the service), date in the fiscal year, declared fields, reference. */
export function DocumentHeader({
  doc,
  code,
  references,
  fiscalYear,
  names,
  ...part
}: PartProps & {
  doc: DocumentDef;
  code: string;
  references: Record<string, readonly ReferenceOption[]>;
  fiscalYear: FiscalYearInfo | null;
  /** The names the document brought for what it names: shown when a list cannot be read (issue 12 item 1). */
  names?: ReadonlyMap<string, string>;
}) {
  const { t } = useTranslation('ui');
  const { language } = part;
  const inYear = fiscalYear?.year !== null;
  return (
    <div className="erp-md-form">
      <div className="erp-md-field" data-field="code">
        <label htmlFor="doc-code" className="erp-md-field__label">
          {label(language, 'fields.code')}
        </label>
        <InputText id="doc-code" dir="ltr" value={code} placeholder={t('md.codeAutomatic')} disabled />
      </div>
      <HeaderInput
        {...part}
        field={DATE}
        min={inYear ? fiscalYear?.startDate : undefined}
        max={inYear ? fiscalYear?.endDate : undefined}
      />
      {doc.header.map((f) => (
        <HeaderInput
          key={f.name}
          {...part}
          field={f}
          owner={doc.name}
          options={withStored(references[f.name] ?? [], part.values[f.name], names)}
          placeholder={f.kind === 'reference' || f.kind === 'enum' ? t('lines.choose') : undefined}
        />
      ))}
      <HeaderInput {...part} field={REFERENCE_NUMBER} />
    </div>
  );
}

/** The notes under the lines. */
export function DocumentNotes(part: PartProps) {
  return <HeaderInput {...part} field={NOTES} wide />;
}

function HeaderInput({
  field,
  values,
  errors,
  disabled,
  language,
  decimals,
  showHijri,
  set,
  options,
  placeholder,
  min,
  max,
  wide,
  owner,
}: PartProps & {
  field: FieldDef;
  owner?: string;
  options?: readonly ReferenceOption[];
  placeholder?: string;
  min?: string;
  max?: string;
  wide?: boolean;
}) {
  return (
    <HeaderField
      name={field.name}
      owner={owner}
      language={language}
      error={errors[field.name]}
      required={field.required}
      wide={wide}
    >
      <FieldInput
        field={field}
        id={`doc-${field.name}`}
        value={values[field.name]}
        onChange={(v) => set(field.name, v)}
        language={language}
        decimals={decimals}
        disabled={disabled}
        invalid={Boolean(errors[field.name])}
        options={options}
        placeholder={placeholder}
        showHijri={showHijri}
        min={min}
        max={max}
      />
    </HeaderField>
  );
}

export function HeaderField({
  name,
  owner,
  language,
  error,
  required,
  wide,
  children,
}: {
  name: string;
  /** The document whose field this is: its own label for the field comes first (`fieldLabel`). */
  owner?: string;
  language: Language;
  error: string | undefined;
  required?: boolean;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`erp-md-field${wide ? ' erp-md-field--wide' : ''}`} data-field={name}>
      <label htmlFor={`doc-${name}`} className="erp-md-field__label">
        {fieldLabel(language, name, owner)}
        {required ? <span className="erp-md-field__required"> *</span> : null}
      </label>
      {children}
      {error ? (
        <small className="p-error erp-md-field__error" id={`doc-${name}-error`} role="alert">
          {error}
        </small>
      ) : null}
    </div>
  );
}
