import { SelectButton } from 'primereact/selectbutton';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inventoryRoutes, type StockBalanceRow } from '@erp/contracts';
import { label } from '@erp/i18n';
import { PrintTable, useFeature, type PrintColumn } from '@erp/ui-kit';
import { StoreFilter, useStockLookups } from '../common';
import { usePagedQuery } from '../paged';
import { print, ReportTable, ReportToolbar } from './report-parts';
import { balanceColumns } from './StockBalance';

/** Items at or below their minimum or reorder limit, per store. */
export function BelowLimits() {
  const context = useFeature();
  const { t } = useTranslation();
  const { language } = context;
  const { stores, storeNames, unitNames } = useStockLookups();
  const [storeId, setStoreId] = useState<string | null>(null);
  const [limit, setLimit] = useState<'minimum' | 'reorder'>('reorder');
  const [printing, setPrinting] = useState(false);
  const criteria = useMemo(() => {
    const q: Record<string, string> = { limit };
    if (storeId) q.storeId = storeId;
    return q;
  }, [storeId, limit]);
  const { data, loading, paging } = usePagedQuery<{ items: StockBalanceRow[]; total: number }>(
    inventoryRoutes.belowLimits.path,
    criteria,
  );
  const digits = context.decimals;
  const columns: PrintColumn<StockBalanceRow>[] = [
    ...balanceColumns(t, language, digits, storeNames, unitNames).filter((c) =>
      ['code', 'name', 'store', 'unit', 'quantity', 'breakdown'].includes(c.key),
    ),
    {
      key: 'minimumLimit',
      header: label(language, 'fields.minimumLimit'),
      value: (r) => r.minimumLimit ?? '',
    },
    {
      key: 'reorderLimit',
      header: label(language, 'fields.reorderLimit'),
      value: (r) => r.reorderLimit ?? '',
    },
  ];
  const rows = data?.items ?? [];
  return (
    <div data-testid="report-below-limits">
      <ReportToolbar onPrint={() => print(setPrinting)}>
        <StoreFilter value={storeId} onChange={setStoreId} options={stores} />
        <SelectButton
          value={limit}
          options={[
            { value: 'reorder', label: label(language, 'fields.reorderLimit') },
            { value: 'minimum', label: label(language, 'fields.minimumLimit') },
          ]}
          allowEmpty={false}
          data-testid="report-limit"
          onChange={(e) => setLimit(e.value as 'minimum' | 'reorder')}
        />
      </ReportToolbar>
      <ReportTable testId="report-table" columns={columns} rows={rows} loading={loading} paging={paging} />
      {printing ? (
        <PrintTable
          title={t('reports.belowLimits')}
          dir={context.dir}
          lang={language}
          facts={[
            [
              t('reports.limit'),
              label(language, limit === 'reorder' ? 'fields.reorderLimit' : 'fields.minimumLimit'),
            ],
            ...(storeId ? [[label(language, 'fields.storeId'), storeNames.get(storeId) ?? ''] as const] : []),
          ]}
          columns={columns}
          rows={rows}
        />
      ) : null}
    </div>
  );
}
