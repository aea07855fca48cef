import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { SelectButton } from 'primereact/selectbutton';
import { Tag } from 'primereact/tag';
import { TabPanel, TabView } from 'primereact/tabview';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { inventoryRoutes, type StockBalanceRow } from '@erp/contracts';
import { formatDate, label, type Language } from '@erp/i18n';
import {
  ItemPicker,
  KitStyles,
  ListSearch,
  PrintTable,
  nameOf,
  useDebounced,
  useFeature,
  type CatalogItem,
  type PrintColumn,
} from '@erp/ui-kit';
import { DateFilter, StoreFilter, documentTypeName, money, rowName, useStockLookups } from './common';
import { usePagedQuery } from './paged';

export const reportKinds = ['stockBalance', 'itemMovements', 'belowLimits', 'valuation'] as const;
export type ReportKind = (typeof reportKinds)[number];

/**
 * The /items-reports hub (issue 4, item 5): stock balance per store with values and totals, the item
 * movement card with its running balance, the items at or below their minimum or reorder limit, and the
 * stock valuation at a date (the balance report asked for a day). Each is a server-paged list with its
 * filters and a print view of the page shown.
 */
export function ItemsReportsScreen() {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  return (
    <section className="erp-md" data-testid="items-reports">
      <KitStyles />
      <header className="erp-md__header">
        <h1 className="erp-md__title">{t('itemsReports')}</h1>
      </header>
      <div className="erp-md__card">
        <TabView activeIndex={active} onTabChange={(e) => setActive(e.index)}>
          {reportKinds.map((kind) => (
            <TabPanel
              key={kind}
              header={t(`reports.${kind}`)}
              pt={{ headerAction: { 'data-testid': `report-tab-${kind}` } as object }}
            >
              {kind === 'itemMovements' ? (
                <MovementCard />
              ) : kind === 'belowLimits' ? (
                <BelowLimits />
              ) : (
                <StockBalance atDate={kind === 'valuation'} />
              )}
            </TabPanel>
          ))}
        </TabView>
      </div>
    </section>
  );
}

function Toolbar({ children, onPrint }: { children: ReactNode; onPrint: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="erp-md__toolbar">
      <div className="erp-doc__filters">{children}</div>
      <div className="erp-md__toolbar-end">
        <Button
          type="button"
          icon="pi pi-print"
          label={t('reports.print')}
          outlined
          data-testid="print"
          onClick={onPrint}
        />
      </div>
    </div>
  );
}

const itemName = (r: { arabicName: string; englishName: string }, language: Language) => nameOf(r, language);

function balanceColumns(
  t: (key: string) => string,
  language: Language,
  digits: number,
  storeNames: ReadonlyMap<string, string>,
  unitNames: ReadonlyMap<string, string>,
): ScreenColumn<StockBalanceRow>[] {
  return [
    { key: 'code', header: label(language, 'fields.code'), value: (r) => r.code },
    { key: 'name', header: label(language, 'fields.itemId'), value: (r) => itemName(r, language) },
    { key: 'barcode', header: label(language, 'fields.barcode'), value: (r) => r.barcode },
    {
      key: 'store',
      header: label(language, 'fields.storeId'),
      // the row's own names first (issue 12 item 1): a raced or refused store list never leaves an id
      value: (r) => (r.storeId ? (rowName(r, r.storeId, language) ?? storeNames.get(r.storeId) ?? '') : ''),
    },
    {
      key: 'unit',
      header: label(language, 'fields.unitId'),
      value: (r) => (r.unitId ? (rowName(r, r.unitId, language) ?? unitNames.get(r.unitId) ?? '') : ''),
    },
    { key: 'quantity', header: label(language, 'fields.quantity'), value: (r) => r.quantity },
    {
      key: 'breakdown',
      header: t('reports.inUnits'),
      value: (r) =>
        r.breakdown.length > 1
          ? r.breakdown
              .map((b) => `${b.quantity} ${rowName(r, b.unitId, language) ?? unitNames.get(b.unitId) ?? ''}`)
              .join(' + ')
          : '',
    },
    {
      key: 'averageCost',
      header: t('reports.averageCost'),
      value: (r) => money(r.averageCost, digits),
      // a background job is correcting the item's later costs in this store: the figure is about to change
      cell: (r) =>
        r.recostJobId ? (
          <>
            {money(r.averageCost, digits)}{' '}
            <Tag value={t('reports.recosting')} severity="warning" data-testid="report-recosting" />
          </>
        ) : (
          money(r.averageCost, digits)
        ),
    },
    { key: 'value', header: label(language, 'fields.value'), value: (r) => money(r.value, digits) },
  ];
}

/** A column as printed, and how the screen shows its cell when that says more than the text (a tag). */
type ScreenColumn<T> = PrintColumn<T> & { cell?: (row: T) => ReactNode };

const NUMERIC = new Set([
  'quantity',
  'averageCost',
  'value',
  'minimumLimit',
  'reorderLimit',
  'quantityIn',
  'quantityOut',
  'balance',
  'balanceValue',
  'code',
  'barcode',
]);

function ReportTable<T>({
  testId,
  columns,
  rows,
  loading,
  paging,
  dataKey,
  footer,
  empty,
}: {
  testId: string;
  columns: readonly ScreenColumn<T>[];
  rows: readonly T[];
  loading: boolean;
  paging: object;
  dataKey?: string;
  footer?: ReactNode;
  empty?: string;
}) {
  const { t } = useTranslation();
  return (
    <DataTable
      value={[...rows] as object[]}
      dataKey={dataKey}
      {...paging}
      loading={loading}
      emptyMessage={<span data-testid="report-empty">{empty ?? t('ui:noRecords')}</span>}
      stripedRows
      size="small"
      scrollable
      className="erp-md__table"
      data-testid={testId}
      footer={footer}
    >
      {columns.map((c) => (
        <Column
          key={c.key}
          header={c.header}
          body={(r: T) => (c.cell ? c.cell(r) : c.value(r))}
          bodyClassName={NUMERIC.has(c.key) ? 'erp-md__num' : undefined}
        />
      ))}
    </DataTable>
  );
}

/** Stock balance per item and store with the weighted-average cost and value; at a date for the valuation. */
function StockBalance({ atDate }: { atDate: boolean }) {
  const context = useFeature();
  const { t } = useTranslation();
  const { language } = context;
  const { stores, storeNames, unitNames } = useStockLookups();
  const [storeId, setStoreId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const [nonZero, setNonZero] = useState(true);
  const [date, setDate] = useState(() => new Date().toISOString().slice(0, 10));
  const [printing, setPrinting] = useState(false);
  const criteria = useMemo(() => {
    const q: Record<string, string> = { nonZero: String(nonZero) };
    if (storeId) q.storeId = storeId;
    if (debounced) q.search = debounced;
    if (atDate && date) q.date = date;
    return q;
  }, [storeId, debounced, nonZero, atDate, date]);
  const { data, loading, paging } = usePagedQuery<{
    items: StockBalanceRow[];
    total: number;
    totalQuantity: string;
    totalValue: string;
  }>(inventoryRoutes.stockBalance.path, criteria, !atDate || date !== '');
  const digits = context.decimals;
  const columns = balanceColumns(t, language, digits, storeNames, unitNames);
  const rows = data?.items ?? [];
  const title = t(atDate ? 'reports.valuation' : 'reports.stockBalance');
  const totals = data ? (
    <div className="erp-doc__totals" data-testid="report-totals">
      <span>
        {label(language, 'fields.totalQuantity')}: {data.totalQuantity}
      </span>
      <span>
        {label(language, 'fields.totalValue')}: {money(data.totalValue, digits)}
      </span>
    </div>
  ) : null;
  return (
    <div data-testid={atDate ? 'report-valuation' : 'report-stock-balance'}>
      <Toolbar onPrint={() => print(setPrinting)}>
        <ListSearch value={search} onChange={setSearch} label={t('reports.search')} testId="report-search" />
        <StoreFilter
          value={storeId}
          onChange={setStoreId}
          options={stores}
          placeholder={t('reports.allStores')}
          language={language}
        />
        {atDate ? (
          <DateFilter value={date} onChange={setDate} caption={t('reports.atDate')} testId="report-date" />
        ) : null}
        <label className="erp-md-field--check erp-md-field">
          <span className="erp-md-field__label">{t('reports.nonZero')}</span>
          <Checkbox
            checked={nonZero}
            onChange={(e) => setNonZero(e.checked === true)}
            data-testid="report-non-zero"
          />
        </label>
      </Toolbar>
      <ReportTable
        testId="report-table"
        columns={columns}
        rows={rows}
        loading={loading}
        paging={paging}
        footer={totals}
      />
      {printing ? (
        <PrintTable
          title={title}
          dir={context.dir}
          lang={language}
          facts={[
            ...(storeId ? [[label(language, 'fields.storeId'), storeNames.get(storeId) ?? ''] as const] : []),
            ...(atDate ? [[t('reports.atDate'), date] as const] : []),
          ]}
          columns={columns}
          rows={rows}
          footer={totals}
        />
      ) : null}
    </div>
  );
}

/** Renders the print view, prints, and removes it again (only one print view may be on the page). */
function print(setPrinting: (on: boolean) => void) {
  setPrinting(true);
  // after the print view is drawn; window.print blocks until the dialog closes
  setTimeout(() => {
    window.print();
    setPrinting(false);
  }, 0);
}

/** Items at or below their minimum or reorder limit, per store. */
function BelowLimits() {
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
      <Toolbar onPrint={() => print(setPrinting)}>
        <StoreFilter
          value={storeId}
          onChange={setStoreId}
          options={stores}
          placeholder={t('reports.allStores')}
          language={language}
        />
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
      </Toolbar>
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
function MovementCard() {
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
      <Toolbar onPrint={() => print(setPrinting)}>
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
        <StoreFilter
          value={storeId}
          onChange={setStoreId}
          options={stores}
          placeholder={t('reports.allStores')}
          language={language}
        />
        <DateFilter
          value={dateFrom}
          onChange={setDateFrom}
          caption={t('reports.dateFrom')}
          testId="filter-from"
        />
        <DateFilter value={dateTo} onChange={setDateTo} caption={t('reports.dateTo')} testId="filter-to" />
      </Toolbar>
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
