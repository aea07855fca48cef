import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { SelectButton } from 'primereact/selectbutton';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { reportParameterList, type ReportParameter } from '@erp/contracts';
import { isLabelKey, label } from '@erp/i18n';
import { ItemPicker } from '../documents/ItemPicker';
import type { CatalogItem } from '../documents/items';
import { useFeature } from '../feature';
import { DateFilter } from '../fields/DateFilter';
import { useReferenceOptions, type ReferenceOption } from '../master-data/references';
import { ListSearch } from '../master-data/server-list';

export type ReportFilter = ReportParameter;

/** The filters of a report, read from its parameters' schemas (docs/architecture.md, 'Report engine'). */
export const reportFilters = reportParameterList;

const caption = (language: Parameters<typeof label>[0], key: string) =>
  isLabelKey(key) ? label(language, key) : key;

/**
 * The report's filter bar: a search box, a list of records (stores, branches), an item picker, a date, a choice
 * or a switch per parameter, each named in the user's language.
 */
export function ReportFilters({
  filters,
  values,
  onChange,
  item,
  onItem,
}: {
  filters: readonly ReportFilter[];
  values: Readonly<Record<string, string>>;
  onChange: (name: string, value: string) => void;
  item: CatalogItem | null;
  onItem: (item: CatalogItem) => void;
}) {
  const context = useFeature();
  const { language } = context;
  const { t } = useTranslation('ui');
  const lookups = useMemo(
    () => ({
      fields: filters
        .filter((f) => f.meta.reference)
        .map((f) => ({ name: f.name, kind: 'reference' as const, reference: f.meta.reference! })),
    }),
    [filters],
  );
  const options = useReferenceOptions(lookups, context);
  return (
    <>
      {filters.map((f) => {
        const name = caption(language, f.meta.label);
        const testId = f.meta.testId ?? `report-${f.name}`;
        const value = values[f.name] ?? '';
        const listProps = {
          value,
          name,
          testId,
          placeholder: t('reports.all', { name }),
          onChange: (v: string) => onChange(f.name, v),
        };
        switch (f.meta.kind) {
          case 'search':
            return (
              <ListSearch
                key={f.name}
                value={value}
                onChange={(v) => onChange(f.name, v)}
                label={name}
                testId={testId}
              />
            );
          case 'item':
            return (
              <div key={f.name} className="erp-md-field" style={{ minWidth: '18rem' }}>
                <ItemPicker
                  id={testId}
                  item={item ?? undefined}
                  value={item?.id ?? null}
                  disabled={false}
                  invalid={false}
                  ariaLabel={name}
                  onPick={(match) => onItem(match.item)}
                  onNext={() => undefined}
                />
              </div>
            );
          case 'date':
            return (
              <DateFilter
                key={f.name}
                id={`date-${testId}`}
                value={value}
                onChange={(v) => onChange(f.name, v)}
                caption={name}
                language={language}
                showHijri={context.showHijri}
                testId={testId}
              />
            );
          case 'flag':
            return (
              <label key={f.name} className="erp-md-field--check erp-md-field">
                <span className="erp-md-field__label">{name}</span>
                <Checkbox
                  checked={value === 'true'}
                  onChange={(e) => onChange(f.name, e.checked === true ? 'true' : 'false')}
                  data-testid={testId}
                />
              </label>
            );
          case 'choice': {
            const choices = (f.meta.options ?? []).map((o) => ({
              value: o,
              label: caption(language, `${f.meta.optionLabels ?? ''}.${o}`),
            }));
            // a required short choice is a switch; a longer or optional one a list that may be cleared
            return f.initial && choices.length <= 3 ? (
              <SelectButton
                key={f.name}
                value={value}
                options={choices}
                allowEmpty={false}
                aria-label={name}
                data-testid={testId}
                onChange={(e) => onChange(f.name, String(e.value))}
              />
            ) : (
              <AnyOf key={f.name} {...listProps} options={choices} />
            );
          }
          case 'reference':
          case 'branch':
            return <AnyOf key={f.name} {...listProps} options={options[f.name] ?? []} />;
          default:
            return null;
        }
      })}
    </>
  );
}

/** A list to choose one from, or none (all of them). */
function AnyOf({
  value,
  name,
  testId,
  placeholder,
  options,
  onChange,
}: {
  value: string;
  name: string;
  testId: string;
  placeholder: string;
  options: readonly ReferenceOption[];
  onChange: (value: string) => void;
}) {
  return (
    <Dropdown
      value={value || null}
      options={[...options]}
      placeholder={placeholder}
      aria-label={name}
      showClear
      filter
      data-testid={testId}
      onChange={(e) => onChange((e.value as string | null) ?? '')}
    />
  );
}
