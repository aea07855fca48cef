import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '@erp/contracts';
import { label, type Language } from '@erp/i18n';
import { useFeature } from '../feature';
import type { ReferenceOption } from './references';
import { useDebounced } from './server-list';

// The cells and the column filters of the master-data list.

/** Spec section 9: long text is shortened after 38 characters. */
const SHORTEN_AFTER = 38;

/** A cell's text, shortened with its whole text as a tooltip. */
export function shortened(text: string) {
  if (text.length <= SHORTEN_AFTER) return text;
  return <span title={text}>{`${text.slice(0, SHORTEN_AFTER)}…`}</span>;
}

/** A column's filter: a choice for yes/no, options and references, else a text. */
export function ColumnFilter({
  field: f,
  value,
  onChange: setValue,
  options: referenceOptions,
}: {
  field: FieldDef;
  value: string;
  onChange: (value: string) => void;
  options: readonly ReferenceOption[] | undefined;
}) {
  const { t } = useTranslation('ui');
  const { language } = useFeature();
  const aria = t('md.filterBy', { field: label(language, `fields.${f.name}`) });
  if (f.kind === 'boolean' || f.kind === 'enum' || f.kind === 'reference') {
    const options =
      f.kind === 'boolean'
        ? [
            { value: 'true', label: label(language, 'common.yes') },
            { value: 'false', label: label(language, 'common.no') },
          ]
        : f.kind === 'enum'
          ? (f.options ?? []).map((o) => ({ value: o, label: label(language, `options.${o}`) }))
          : [...(referenceOptions ?? [])];
    return (
      <Dropdown
        value={value || null}
        options={options}
        placeholder={t('md.all')}
        showClear
        filter={f.kind === 'reference'}
        aria-label={aria}
        className="erp-md__filter"
        data-testid={`md-filter-${f.name}`}
        onChange={(e) => setValue((e.value as string | null) ?? '')}
      />
    );
  }
  return <TextFilter value={value} onChange={setValue} ariaLabel={aria} testId={`md-filter-${f.name}`} />;
}

/** A column's text filter: sent after the same one-second pause as the search. */
function TextFilter({
  value,
  onChange,
  ariaLabel,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  ariaLabel: string;
  testId: string;
}) {
  const [text, setText] = useState(value);
  const debounced = useDebounced(text.trim());
  useEffect(() => {
    if (debounced !== value) onChange(debounced);
    // only a new debounced text is sent (value and onChange are left out on purpose)
  }, [debounced]);
  return (
    <InputText
      value={text}
      aria-label={ariaLabel}
      data-testid={testId}
      className="erp-md__filter"
      onChange={(e) => setText(e.target.value)}
    />
  );
}

export function cellText(
  f: FieldDef,
  value: unknown,
  language: Language,
  names: Map<string, string> | undefined,
): string {
  if (value === null || value === undefined) return '';
  switch (f.kind) {
    case 'boolean':
      return label(language, value ? 'common.yes' : 'common.no');
    case 'enum':
      return label(language, `options.${String(value)}`);
    case 'reference':
      return names?.get(String(value)) ?? String(value);
    case 'references':
      return (value as string[])
        .map((id) => names?.get(id) ?? id)
        .join(language === 'ar' || language === 'ku' ? '، ' : ', ');
    default:
      return String(value);
  }
}
