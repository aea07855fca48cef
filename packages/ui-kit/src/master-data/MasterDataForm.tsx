import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useEffect, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@erp/api-client';
import type { EntityDef, FieldDef } from '@erp/contracts';
import { label, type Language } from '@erp/i18n';
import { useFeature } from '../feature';
import { FieldInput } from '../fields/FieldInput';
import {
  emptyValues,
  fieldErrorsOf,
  toPayload,
  validate,
  valuesFromRecord,
  withoutErrorsOf,
  type EntityRecord,
  type FieldErrors,
  type FormValues,
} from './form-model';
import { useReferenceDefaults, type ReferenceOption } from './references';
import { useLoadedRecord } from './use-loaded-record';
import { useShortcuts } from '../keyboard/shortcuts';
import { LinesGrid, type CellContext } from '../lines/LinesGrid';
import { namesItems, useItemLineCells } from '../documents/item-lines';

/** Fields whose text reads left to right whatever the language: numbers, codes, addresses of the net. */
export interface MasterDataFormProps {
  entity: EntityDef;
  /** The record to edit or show; absent for a new one. */
  id?: string;
  /** Preview only: every input disabled, no save (master branch, or the view action). */
  readOnly: boolean;
  /** The route's permission holds: the save button shows (spec section 2). */
  canSave: boolean;
  references: Record<string, readonly ReferenceOption[]>;
  /** Where the buttons go: a dialog's footer or the page's toolbar. */
  renderActions: (actions: ReactNode) => ReactNode;
  onSaved: (record: EntityRecord) => void;
  onCancel: () => void;
  cancelLabel?: string;
  /** A new record's starting values beyond the defaults (a tree's "add a child here": its parent). */
  initialValues?: Record<string, unknown>;
}

/**
 * The generic master-data form: the entity's fields by kind, validated on load and on every change with the
 * entity's own zod schema (translated with the server's texts), Enter never submits, decimals rounded to the
 * branch's digits on blur, the code fixed once saved, server field errors mapped back onto the fields.
 */
export function MasterDataForm({
  entity,
  id,
  readOnly,
  canSave,
  references,
  renderActions,
  onSaved,
  onCancel,
  cancelLabel,
  initialValues,
}: MasterDataFormProps) {
  const context = useFeature();
  const { t } = useTranslation('ui');
  const language = context.language;
  const [record, setRecord] = useState<EntityRecord | null>(null);
  const [values, setValues] = useState<FormValues>(() => ({
    ...emptyValues(entity),
    ...(id === undefined ? initialValues : undefined),
  }));
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const { api } = context;

  const { loading, missing } = useLoadedRecord<EntityRecord>(api, entity.apiPath, id, (r) => {
    setRecord(r);
    setValues(valuesFromRecord(entity, r));
  });

  // a new record starts at the user's branch and at its references' defaults (the standard VAT for an item)
  const defaults = useReferenceDefaults(entity, context, id === undefined);
  useEffect(() => {
    if (id !== undefined) return;
    setValues((v) => {
      const empty = Object.entries(defaults).filter(
        ([k]) => v[k] === null || v[k] === undefined || v[k] === '',
      );
      return empty.length ? { ...v, ...Object.fromEntries(empty) } : v;
    });
  }, [defaults, id]);

  // Spec section 5: forms validate on load and on submit; here on every change too, in the user's language.
  const clientErrors = useMemo(() => validate(entity, values, language), [entity, values, language]);
  const errors = { ...clientErrors, ...serverErrors };
  const editing = id !== undefined;
  const disabled = readOnly || loading || saving;

  const set = (name: string, value: unknown) => {
    setValues((v) => ({ ...v, [name]: value }));
    setServerErrors((errors) => withoutErrorsOf(errors, name));
  };

  async function save() {
    if (Object.keys(clientErrors).length > 0 || saving) return;
    setSaving(true);
    const body = toPayload(entity, values);
    try {
      const saved = editing
        ? await api.put<EntityRecord>(entity.apiPath, body, id, { quiet: true })
        : await api.post<EntityRecord>(entity.apiPath, body, { quiet: true });
      context.notify('success', t('md.saved'));
      onSaved(saved);
    } catch (error) {
      if (isApiError(error)) {
        setServerErrors(fieldErrorsOf(error.errors, entity.fields, values));
        // 409s (code or value already used, master branch) and 400s: the spec's alert with the server's text
        if (error.status !== 400 || !error.errors.length) {
          context.notify('error', t('md.errorTitle'), error.detail || error.message);
        }
      } else {
        context.notify('error', t('md.errorTitle'), String(error));
      }
    } finally {
      setSaving(false);
    }
  }

  // Spec section 5: the Enter key does not submit (text areas keep their new lines, buttons their clicks).
  const noEnterSubmit = (e: KeyboardEvent<HTMLFormElement>) => {
    const target = e.target as HTMLElement;
    if (e.key === 'Enter' && target.tagName !== 'TEXTAREA' && target.tagName !== 'BUTTON') e.preventDefault();
  };

  // Ctrl+S / F9 save the record as the button does (and never open the browser's save dialog)
  const canSubmit = canSave && !readOnly && !loading && !missing && Object.keys(clientErrors).length === 0;
  useShortcuts({ save: canSubmit ? () => void save() : undefined });

  const actions = (
    <>
      <Button
        type="button"
        label={cancelLabel ?? t('md.cancel')}
        icon="pi pi-times"
        outlined
        onClick={onCancel}
        data-testid="md-cancel"
      />
      {canSave && !readOnly ? (
        <Button
          type="button"
          label={t('md.save')}
          icon="pi pi-check"
          loading={saving}
          disabled={loading || missing || Object.keys(clientErrors).length > 0}
          onClick={() => void save()}
          data-testid="md-save"
        />
      ) : null}
    </>
  );

  if (missing) {
    return (
      <>
        <Message severity="warn" text={t('md.notFound')} />
        {renderActions(actions)}
      </>
    );
  }

  const baseFields: FieldDef[] = [
    { name: 'code', kind: 'text', max: 20 },
    { name: 'arabicName', kind: 'text', required: true },
    { name: 'englishName', kind: 'text' },
  ];
  const fields = [...baseFields, ...entity.fields];

  return (
    <>
      <form
        className="erp-md-form"
        noValidate
        onSubmit={(e) => e.preventDefault()}
        onKeyDown={noEnterSubmit}
        data-testid="md-form"
        aria-busy={loading}
      >
        {fields.map((f) =>
          f.kind === 'lines' ? (
            <FieldRow key={f.name} field={f} language={language} error={undefined} wide>
              <MasterDataLines
                field={f}
                lines={(values[f.name] as FormValues[] | undefined) ?? []}
                onChange={(lines) => set(f.name, lines)}
                errors={errors}
                disabled={disabled}
                language={language}
                decimals={context.decimals}
                options={lineOptions(references, f.name)}
              />
            </FieldRow>
          ) : (
            <FieldRow
              key={f.name}
              field={f}
              language={language}
              error={errors[f.name]}
              wide={f.kind === 'textarea' || f.kind === 'references'}
            >
              <FieldInput
                field={f}
                id={`md-${f.name}`}
                value={values[f.name]}
                disabled={disabled || (f.name === 'code' && editing) || f.computed === true}
                placeholder={
                  f.name === 'code' && !editing
                    ? t('md.codeAutomatic')
                    : f.name === 'englishName'
                      ? String(values.arabicName ?? '')
                      : ['enum', 'reference', 'references'].includes(f.kind)
                        ? t('md.noChoice')
                        : undefined
                }
                invalid={Boolean(errors[f.name])}
                options={references[f.name] ?? []}
                language={language}
                decimals={context.decimals}
                showHijri={context.showHijri}
                onChange={(v) => set(f.name, v)}
              />
              {f.kind === 'secret' ? (
                <small className="erp-md-form__hint" data-testid={`md-secret-${f.name}`}>
                  {record?.[`${f.name}IsSet`] ? t('md.secretSet') : t('md.secretNotSet')}
                </small>
              ) : null}
            </FieldRow>
          ),
        )}
      </form>
      {renderActions(actions)}
    </>
  );
}

function FieldRow({
  field,
  language,
  error,
  wide,
  children,
}: {
  field: FieldDef;
  language: Language;
  error: string | undefined;
  wide: boolean;
  children: ReactNode;
}) {
  const inputId = `md-${field.name}`;
  return (
    <div
      className={`erp-md-field${wide ? ' erp-md-field--wide' : ''}${field.kind === 'boolean' ? ' erp-md-field--check' : ''}`}
      data-field={field.name}
    >
      <label htmlFor={inputId} className="erp-md-field__label">
        {label(language, `fields.${field.name}`)}
        {field.required ? <span className="erp-md-field__required"> *</span> : null}
      </label>
      {children}
      {error ? (
        <small className="p-error erp-md-field__error" id={`${inputId}-error`} role="alert">
          {error}
        </small>
      ) : null}
    </div>
  );
}

/** The choices of one lines field's reference cells (`units.unitId` → `unitId`). */
type MasterDataLinesProps = {
  field: FieldDef;
  lines: FormValues[];
  onChange: (lines: FormValues[]) => void;
  errors: FieldErrors;
  disabled: boolean;
  language: Language;
  decimals: number;
  options: Record<string, readonly ReferenceOption[]>;
};

/** A record's lines (an item's units, components; a price list's items) in the shared grid. */
function MasterDataLines(props: MasterDataLinesProps) {
  return namesItems(props.field.lineFields ?? []) ? <ItemLines {...props} /> : <Lines {...props} />;
}

function Lines({
  field,
  renderCell,
  ...props
}: MasterDataLinesProps & { renderCell?: (cell: CellContext) => ReactNode | undefined }) {
  return (
    <LinesGrid
      {...props}
      name={field.name}
      idPrefix="md"
      fields={field.lineFields ?? []}
      maxLines={field.maxLines}
      renderCell={renderCell}
    />
  );
}

/** Lines naming an item: the item picked by code, barcode or name, the unit among that item's units. */
function ItemLines(props: MasterDataLinesProps) {
  const unitNames = useMemo(
    () => new Map((props.options.unitId ?? []).map((o) => [o.value, o.label])),
    [props.options.unitId],
  );
  const { renderCell } = useItemLineCells(props.lines, unitNames);
  return <Lines {...props} renderCell={renderCell} />;
}

function lineOptions(
  references: Record<string, readonly ReferenceOption[]>,
  name: string,
): Record<string, readonly ReferenceOption[]> {
  const prefix = `${name}.`;
  return Object.fromEntries(
    Object.entries(references)
      .filter(([k]) => k.startsWith(prefix))
      .map(([k, v]) => [k.slice(prefix.length), v]),
  );
}
