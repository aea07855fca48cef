import { Checkbox } from 'primereact/checkbox';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import type { FieldDef } from '@erp/contracts';
import { label, type Language } from '@erp/i18n';
import { readsLeftToRight, roundInput } from '../master-data/form-model';
import type { ReferenceOption } from '../master-data/references';
import { DateInput } from './DateInput';
import { SelectInput } from './SelectInput';
import { loadable } from '../loadable';

// PrimeReact's MultiSelect (≈ 15 KB gz) loads with the first references field: a document form has none
const MultiSelect = loadable(
  () => import('primereact/multiselect').then((m) => m.MultiSelect),
  <i className="pi pi-spin pi-spinner" aria-hidden="true" />,
);

export interface FieldInputProps {
  field: FieldDef;
  /** The input's id: a visible `<label htmlFor>` names it, else `ariaLabel` does. */
  id: string;
  value: unknown;
  onChange: (value: unknown) => void;
  language: Language;
  /** The branch's digits: a decimal is rounded to them when left (spec section 5). */
  decimals: number;
  disabled?: boolean;
  invalid?: boolean;
  placeholder?: string;
  /** Choices of a reference or references field. */
  options?: readonly ReferenceOption[];
  /** Said by screen readers where no label points at the input (a grid's cell: 'Quantity, line 2'). */
  ariaLabel?: string;
  /** Enter on a picker or a picked choice: move on (the grid's next cell). */
  onEnter?: () => void;
  /** The user's setting: Hijri dates beside Gregorian ones. */
  showHijri?: boolean;
  /** ISO bounds of a date (the fiscal year). */
  min?: string;
  max?: string;
  /** 'cell': the compact look of a lines grid. */
  variant?: 'form' | 'cell';
}

/**
 * One input per field kind (issue 10 item 10), the dispatcher that master-data forms, document headers and
 * lines grids all draw their fields with: text kinds, text areas, decimals as exact strings rounded on leaving,
 * integers, booleans, enums and references (the kit's picker), references lists, dates (the kit's date input),
 * secrets. A kind's look and keyboard behaviour are decided here once.
 */
export function FieldInput(props: FieldInputProps) {
  const { field, id, value, onChange, language, decimals, disabled, invalid, placeholder, ariaLabel } = props;
  const cell = props.variant === 'cell';
  const described = invalid ? `${id}-error` : undefined;
  const common = {
    id,
    disabled,
    invalid,
    'aria-invalid': invalid || undefined,
    'aria-describedby': described,
    'aria-label': ariaLabel,
    dir: readsLeftToRight(field) ? 'ltr' : undefined,
  } as const;
  const text = String(value ?? '');
  switch (field.kind) {
    case 'textarea':
      return (
        <InputTextarea
          {...common}
          value={text}
          rows={3}
          autoResize
          maxLength={field.max}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'decimal':
      return (
        <InputText
          {...common}
          dir="ltr"
          value={text}
          inputMode="decimal"
          keyfilter={/[\d.-]/}
          className={cell ? 'erp-lines__num' : undefined}
          onChange={(e) => onChange(e.target.value)}
          onBlur={() => onChange(roundInput(field, text, decimals))}
        />
      );
    case 'integer':
      return (
        <InputNumber
          inputId={id}
          disabled={disabled}
          invalid={invalid}
          value={typeof value === 'number' ? value : null}
          useGrouping={false}
          locale="en-US"
          inputClassName="erp-md-ltr"
          aria-label={ariaLabel}
          onValueChange={(e) => onChange(e.value ?? null)}
        />
      );
    case 'boolean':
      return (
        <Checkbox
          inputId={id}
          disabled={disabled}
          checked={value === true}
          aria-label={ariaLabel}
          onChange={(e) => onChange(e.checked === true)}
        />
      );
    case 'enum':
    case 'reference':
      return (
        <SelectInput
          id={id}
          value={value}
          options={
            field.kind === 'enum'
              ? (field.options ?? []).map((o) => ({ value: o, label: label(language, `options.${o}`) }))
              : withStored(props.options ?? [], value)
          }
          onChange={onChange}
          disabled={disabled}
          invalid={invalid}
          placeholder={placeholder}
          showClear={!cell && !field.required}
          ariaLabel={ariaLabel}
          onEnter={props.onEnter}
          className={cell ? 'erp-lines__dropdown' : undefined}
        />
      );
    case 'references':
      return (
        <MultiSelect
          inputId={id}
          disabled={disabled}
          invalid={invalid}
          value={Array.isArray(value) ? value : []}
          options={withStoredAll(props.options ?? [], Array.isArray(value) ? value.map(String) : [])}
          display="chip"
          filter
          placeholder={placeholder}
          aria-label={ariaLabel}
          onChange={(e) => onChange((e.value as string[] | null) ?? [])}
        />
      );
    case 'date':
      return (
        <DateInput
          id={id}
          value={value}
          onChange={onChange}
          language={language}
          showHijri={props.showHijri}
          disabled={disabled}
          invalid={invalid}
          min={props.min}
          max={props.max}
          ariaLabel={ariaLabel}
          describedBy={described}
        />
      );
    case 'secret':
      return (
        <InputText
          {...common}
          type="password"
          autoComplete="new-password"
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    default:
      if (field.digits !== undefined)
        // exactly N digits (the balance item's scale code): digits only, read left to right
        return (
          <InputText
            {...common}
            dir="ltr"
            inputMode="numeric"
            keyfilter="int"
            value={text}
            maxLength={field.digits}
            onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
          />
        );
      return (
        <InputText
          {...common}
          type={field.kind === 'email' ? 'email' : field.kind === 'phone' ? 'tel' : 'text'}
          value={text}
          placeholder={placeholder}
          maxLength={field.max ?? 200}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}

/**
 * A stored id without a loaded choice (a list the user may not read) still shows: by the name the record brought
 * for it (issue 12 item 1), else as its id.
 */
export function withStored(
  options: readonly ReferenceOption[],
  value: unknown,
  names?: ReadonlyMap<string, string>,
): ReferenceOption[] {
  if (value === null || value === undefined || value === '') return [...options];
  return withStoredAll(options, [String(value)], names);
}

function withStoredAll(
  options: readonly ReferenceOption[],
  stored: readonly string[],
  names?: ReadonlyMap<string, string>,
): ReferenceOption[] {
  const missing = stored.filter((id) => !options.some((o) => o.value === id));
  return [...options, ...missing.map((id) => ({ value: id, label: names?.get(id) ?? id }))];
}
