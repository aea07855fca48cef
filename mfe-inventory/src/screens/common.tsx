import { useMemo } from 'react';
import { formatDecimal, stockDocuments, stores } from '@erp/contracts';
import { documentEditRoute, useFeature, useReferenceOptions } from '@erp/ui-kit';

/** The stores and units of the tenant, for the exchange order's names. */
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

/** Where a stock document of this app opens, when the type is one of them. */
export function documentLink(type: string, id: string): string | null {
  const doc = stockDocuments.find((d) => d.name === type);
  return doc ? documentEditRoute(doc).replace(':id', encodeURIComponent(id)) : null;
}

export const money = (value: string | null | undefined, digits: number) =>
  value === null || value === undefined || value === '' ? '' : formatDecimal(value, digits);
