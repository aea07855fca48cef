import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inventoryRoutes, stockDocuments } from '@erp/contracts';
import { formatDate, label } from '@erp/i18n';
import {
  KitStyles,
  ListHeader,
  ListToolbar,
  PrintTable,
  useDebounced,
  useFeature,
  type PrintColumn,
} from '@erp/ui-kit';
import {
  DateRangeFilter,
  PrintButton,
  StoreFilter,
  documentLink,
  documentTypeName,
  money,
  useStockLookups,
} from './common';
import { usePagedQuery } from './paged';

interface Row {
  sourceService: string;
  documentType: string;
  documentId: string;
  documentCode: string;
  date: string;
  lines: number;
  quantityIn: string;
  quantityOut: string;
  value: string;
}

/**
 * The spec's /orders (viewStockCategoryTransactions): every document that moved stock, of any type and any
 * service, newest first (GET /api/StockTransactions), with the store, type, date-range and search filters.
 * A stock document of this app opens on its own page.
 */
export function StockTransactionsScreen() {
  const context = useFeature();
  const { t } = useTranslation();
  const { language } = context;
  const { stores } = useStockLookups();
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const [storeId, setStoreId] = useState<string | null>(null);
  const [documentType, setDocumentType] = useState<string | null>(null);
  const [dateFrom, setDateFrom] = useState('');
  const [dateTo, setDateTo] = useState('');
  const criteria = useMemo(() => {
    const q: Record<string, string> = {};
    if (debounced) q.search = debounced;
    if (storeId) q.storeId = storeId;
    if (documentType) q.documentType = documentType;
    if (dateFrom) q.dateFrom = dateFrom;
    if (dateTo) q.dateTo = dateTo;
    return q;
  }, [debounced, storeId, documentType, dateFrom, dateTo]);
  const { data, loading, paging } = usePagedQuery<{ items: Row[]; total: number }>(
    inventoryRoutes.stockTransactions.path,
    criteria,
  );
  const digits = context.decimals;
  const rows = data?.items ?? [];
  const columns: PrintColumn<Row>[] = [
    {
      key: 'date',
      header: label(language, 'fields.date'),
      value: (r) => formatDate(r.date, language, { hijri: context.showHijri }),
    },
    {
      key: 'documentType',
      header: t('orders.documentType'),
      value: (r) => documentTypeName(r.documentType, language),
    },
    { key: 'documentCode', header: label(language, 'fields.code'), value: (r) => r.documentCode },
    { key: 'lines', header: t('orders.lines'), value: (r) => String(r.lines) },
    { key: 'quantityIn', header: t('reports.quantityIn'), value: (r) => r.quantityIn },
    { key: 'quantityOut', header: t('reports.quantityOut'), value: (r) => r.quantityOut },
    { key: 'value', header: label(language, 'fields.value'), value: (r) => money(r.value, digits) },
  ];

  return (
    <section className="erp-md" data-testid="stock-transactions">
      <KitStyles />
      <ListHeader title={t('stockTransactions')} total={data?.total ?? 0} />
      <div className="erp-md__card">
        <ListToolbar
          list={{ search, setSearch }}
          searchLabel={t('orders.search')}
          testIds="orders"
          filters={
            <>
              <StoreFilter value={storeId} onChange={setStoreId} options={stores} />
              <Dropdown
                value={documentType}
                options={stockDocuments.map((d) => ({
                  value: d.name,
                  label: documentTypeName(d.name, language),
                }))}
                placeholder={t('orders.allTypes')}
                aria-label={t('orders.documentType')}
                showClear
                data-testid="filter-type"
                onChange={(e) => setDocumentType((e.value as string | null) ?? null)}
              />
              <DateRangeFilter from={dateFrom} to={dateTo} onFrom={setDateFrom} onTo={setDateTo} />
            </>
          }
          actions={<PrintButton onPrint={() => window.print()} />}
        />
        <DataTable
          value={rows}
          dataKey="documentId"
          {...paging}
          loading={loading}
          emptyMessage={<span data-testid="orders-empty">{t('ui:noRecords')}</span>}
          stripedRows
          size="small"
          scrollable
          className="erp-md__table"
          data-testid="orders-table"
        >
          <Column
            header={t('ui:md.actions')}
            className="erp-md__actions-col"
            body={(r: Row) => {
              const link = documentLink(r.documentType, r.documentId);
              return link ? (
                <Button
                  type="button"
                  icon="pi pi-external-link"
                  rounded
                  text
                  aria-label={t('orders.open')}
                  title={t('orders.open')}
                  onClick={() => context.navigate(link)}
                />
              ) : null;
            }}
          />
          {columns.map((c) => (
            <Column
              key={c.key}
              header={c.header}
              body={c.value}
              bodyClassName={['date', 'documentType'].includes(c.key) ? undefined : 'erp-md__num'}
            />
          ))}
        </DataTable>
      </div>
      <PrintTable
        title={t('stockTransactions')}
        dir={context.dir}
        lang={language}
        facts={[
          ...(storeId
            ? [
                [
                  label(language, 'fields.storeId'),
                  stores.find((s) => s.value === storeId)?.label ?? '',
                ] as const,
              ]
            : []),
          ...(dateFrom ? [[t('reports.dateFrom'), dateFrom] as const] : []),
          ...(dateTo ? [[t('reports.dateTo'), dateTo] as const] : []),
        ]}
        columns={columns}
        rows={rows}
      />
    </section>
  );
}
