import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal, stockDocuments, stores } from '@erp/contracts';
import { isLabelKey, label, type Language } from '@erp/i18n';
import {
  DateFilter as KitDateFilter,
  documentEditRoute,
  nameOf,
  useFeature,
  useReferenceOptions,
  type ReferenceOption,
} from '@erp/ui-kit';

/** The stores and units of the tenant, for the reports' filters and columns. */
const lookups = {
  fields: [
    { name: 'storeId', kind: 'reference', reference: stores.name },
    { name: 'unitId', kind: 'reference', reference: 'units' },
  ],
} as const;

export function useStockLookups() {
  const context = useFeature();
  const options = useReferenceOptions(lookups, context);
  return useMemo(
    () => ({
      stores: options.storeId ?? [],
      storeNames: new Map((options.storeId ?? []).map((o) => [o.value, o.label])),
      unitNames: new Map((options.unitId ?? []).map((o) => [o.value, o.label])),
    }),
    [options],
  );
}

/** The name a report row brought for a store or unit it names (issue 12 item 1). */
export function rowName(
  row: { names?: Record<string, { arabicName: string; englishName: string }> },
  id: string,
  language: Language,
): string | undefined {
  const n = row.names?.[id];
  return n ? nameOf(n, language) || undefined : undefined;
}

/** A document type's name: the stock documents' own names, else the type as the ledger stored it. */
export function documentTypeName(type: string, language: Language): string {
  const key = `documents.${type}`;
  return isLabelKey(key) ? label(language, key) : type;
}

/** Where a stock document of this app opens, when the type is one of them. */
export function documentLink(type: string, id: string): string | null {
  const doc = stockDocuments.find((d) => d.name === type);
  return doc ? documentEditRoute(doc).replace(':id', encodeURIComponent(id)) : null;
}

export const money = (value: string | null | undefined, digits: number) =>
  value === null || value === undefined || value === '' ? '' : formatDecimal(value, digits);

/** A report's store filter: all stores until one is chosen. */
export function StoreFilter({
  value,
  onChange,
  options,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
  options: readonly ReferenceOption[];
}) {
  const { t } = useTranslation();
  const { language } = useFeature();
  return (
    <Dropdown
      value={value}
      options={[...options]}
      placeholder={t('reports.allStores')}
      aria-label={label(language, 'fields.storeId')}
      showClear
      filter
      data-testid="filter-store"
      onChange={(e) => onChange((e.value as string | null) ?? null)}
    />
  );
}

export function DateFilter({
  value,
  onChange,
  caption,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  caption: string;
  testId: string;
}) {
  // the kit's date filter: the app's language, digits and calendar (issue 10 item 9)
  const { language, showHijri } = useFeature();
  return (
    <KitDateFilter
      id={`date-${testId}`}
      value={value}
      onChange={onChange}
      caption={caption}
      language={language}
      showHijri={showHijri}
      testId={testId}
    />
  );
}

/** A report's period: from and to. */
export function DateRangeFilter({
  from,
  to,
  onFrom,
  onTo,
}: {
  from: string;
  to: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <DateFilter value={from} onChange={onFrom} caption={t('reports.dateFrom')} testId="filter-from" />
      <DateFilter value={to} onChange={onTo} caption={t('reports.dateTo')} testId="filter-to" />
    </>
  );
}

/** A report's print button (its print view is the page's only one while it prints). */
export function PrintButton({ onPrint }: { onPrint: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      type="button"
      icon="pi pi-print"
      label={t('reports.print')}
      outlined
      data-testid="print"
      onClick={onPrint}
    />
  );
}
