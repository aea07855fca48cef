import { Message } from 'primereact/message';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inventoryRoutes } from '@erp/contracts';
import { formatDate, label } from '@erp/i18n';
import { ItemPicker, PrintTable, nameOf, useFeature, type CatalogItem, type PrintColumn } from '@erp/ui-kit';
import { DateRangeFilter, StoreFilter, documentTypeName, money, useStockLookups } from '../common';
import { usePagedQuery } from '../paged';
import { print, ReportTable, ReportToolbar } from './report-parts';

interface MovementRow {
  seq: number;
  date: string;
  storeId: string;
  documentType: string;
  documentId: string;
  documentCode: string;
  quantityIn: string;
  quantityOut: string;
  value: string;
  balance: string;
  balanceValue: string;
}

/** The movement card of one item: opening balance, each movement with the running balance, closing balance. */
export function MovementCard() {
  const context = useFeature();
  const { t } = useTranslation();
  const { language } = context;
  const { stores, storeNames } = useStockLookups();
  const [item, setItem] = useState<CatalogItem | null>(null);
  const [storeId, setStoreId] = useState<string | null>(null);
  const [dateFrom, setDateFrom] = useState('');
  const [dateTo, setDateTo] = useState('');
  const [printing, setPrinting] = useState(false);
  const criteria = useMemo(() => {
    const q: Record<string, string> = {};
    if (item) q.itemId = item.id;
    if (storeId) q.storeId = storeId;
    if (dateFrom) q.dateFrom = dateFrom;
    if (dateTo) q.dateTo = dateTo;
    return q;
  }, [item, storeId, dateFrom, dateTo]);
  const { data, loading, paging } = usePagedQuery<{
    rows: MovementRow[];
    total: number;
    openingQuantity: string;
    openingValue: string;
    closingQuantity: string;
    closingValue: string;
  }>(inventoryRoutes.itemMovements.path, criteria, item !== null);
  const digits = context.decimals;
  const columns: PrintColumn<MovementRow>[] = [
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
    {
      key: 'store',
      header: label(language, 'fields.storeId'),
      value: (r) => storeNames.get(r.storeId) ?? r.storeId,
    },
    { key: 'quantityIn', header: t('reports.quantityIn'), value: (r) => r.quantityIn },
    { key: 'quantityOut', header: t('reports.quantityOut'), value: (r) => r.quantityOut },
    { key: 'value', header: label(language, 'fields.value'), value: (r) => money(r.value, digits) },
    { key: 'balance', header: t('reports.balance'), value: (r) => r.balance },
    { key: 'balanceValue', header: t('reports.balanceValue'), value: (r) => money(r.balanceValue, digits) },
  ];
  const rows = data?.rows ?? [];
  const summary = data ? (
    <div className="erp-doc__totals" data-testid="report-totals">
      <span>
        {t('reports.opening')}: {data.openingQuantity} ({money(data.openingValue, digits)})
      </span>
      <span>
        {t('reports.closing')}: {data.closingQuantity} ({money(data.closingValue, digits)})
      </span>
    </div>
  ) : null;
  return (
    <div data-testid="report-item-movements">
      <ReportToolbar onPrint={() => print(setPrinting)}>
        <div className="erp-md-field" style={{ minWidth: '18rem' }}>
          <ItemPicker
            id="report-item"
            item={item ?? undefined}
            value={item?.id ?? null}
            disabled={false}
            invalid={false}
            onPick={(match) => setItem(match.item)}
            onNext={() => undefined}
          />
        </div>
        <StoreFilter value={storeId} onChange={setStoreId} options={stores} />
        <DateRangeFilter from={dateFrom} to={dateTo} onFrom={setDateFrom} onTo={setDateTo} />
      </ReportToolbar>
      {item === null ? <Message severity="info" text={t('reports.chooseItem')} /> : null}
      <ReportTable
        testId="report-table"
        columns={columns}
        rows={rows}
        loading={loading}
        paging={paging}
        dataKey="seq"
        footer={summary}
      />
      {printing && item ? (
        <PrintTable
          title={`${t('reports.itemMovements')}: ${item.code} · ${nameOf(item, language)}`}
          dir={context.dir}
          lang={language}
          facts={[
            ...(storeId ? [[label(language, 'fields.storeId'), storeNames.get(storeId) ?? ''] as const] : []),
            ...(dateFrom ? [[t('reports.dateFrom'), dateFrom] as const] : []),
            ...(dateTo ? [[t('reports.dateTo'), dateTo] as const] : []),
          ]}
          columns={columns}
          rows={rows}
          footer={summary}
        />
      ) : null}
    </div>
  );
}
