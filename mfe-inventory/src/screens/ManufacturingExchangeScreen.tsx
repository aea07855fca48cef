import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { manufacturingOrders, type ManufacturingExchange } from '@erp/contracts';
import { formatDate, label, type Language } from '@erp/i18n';
import {
  KitStyles,
  PrintTable,
  documentEditRoute,
  useFeature,
  type FeatureLocation,
  type PrintColumn,
} from '@erp/ui-kit';
import { money, useStockLookups } from './common';

type Line = ManufacturingExchange['consumed'][number];
type Row = Line & { side: 'consumed' | 'produced' };

export const manufacturingExchangePath = (id: string) =>
  `${manufacturingOrders.apiPath}/${encodeURIComponent(id)}/exchange`;

/**
 * The spec's /view/{id} 'manufacturing exchange order' (editManufacturingOrders): what a manufacturing order
 * issued from its store (the components) and received (the products), at the cost the ledger booked; read
 * only, printable, with the way back to the order.
 */
export function ManufacturingExchangeScreen({ location }: { location: FeatureLocation }) {
  const context = useFeature();
  const { t } = useTranslation();
  const { api, language } = context;
  const id = location.params.id ?? '';
  const { storeNames, unitNames } = useStockLookups();
  const [data, setData] = useState<ManufacturingExchange | null>(null);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    api
      .get<ManufacturingExchange>(manufacturingExchangePath(id), undefined, { signal: controller.signal })
      .then(setData, () => {
        if (!controller.signal.aborted) setMissing(true);
      });
    return () => controller.abort();
  }, [api, id, language]);

  const digits = context.decimals;
  const name = (l: Line) => (language === 'ar' || language === 'ku' ? l.arabicName : l.englishName);
  const columns: PrintColumn<Row>[] = [
    { key: 'side', header: t('exchange.movement'), value: (r) => t(`exchange.${r.side}`) },
    { key: 'code', header: label(language, 'fields.code'), value: (r) => r.code },
    { key: 'itemId', header: label(language, 'fields.itemId'), value: name },
    {
      key: 'unitId',
      header: label(language, 'fields.unitId'),
      value: (r) => (r.unitId ? (unitNames.get(r.unitId) ?? '') : ''),
    },
    { key: 'quantity', header: label(language, 'fields.quantity'), value: (r) => r.quantity },
    { key: 'unitCost', header: label(language, 'fields.unitCost'), value: (r) => money(r.unitCost, digits) },
    { key: 'value', header: label(language, 'fields.value'), value: (r) => money(r.value, digits) },
  ];
  const rows: Row[] = data
    ? [
        ...data.consumed.map((l) => ({ ...l, side: 'consumed' as const })),
        ...data.produced.map((l) => ({ ...l, side: 'produced' as const })),
      ]
    : [];
  const facts = data
    ? headerFacts(data, language, storeNames, t('exchange.order'), context.showHijri === true)
    : [];
  const title = t('manufacturingExchange');

  return (
    <section className="erp-md" data-testid="manufacturing-exchange">
      <KitStyles />
      <header className="erp-md__header">
        <h1 className="erp-md__title">
          {title} {data?.code ?? ''}
        </h1>
      </header>
      {missing ? (
        <Message severity="warn" text={t('ui:doc.deleted')} className="erp-md__notice" />
      ) : (
        <div className="erp-md__card">
          <dl className="erp-doc__facts">
            {facts.map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
          <DataTable
            value={rows}
            loading={!data}
            emptyMessage={t('ui:noRecords')}
            stripedRows
            size="small"
            className="erp-md__table"
            data-testid="exchange-table"
          >
            {columns.map((c) => (
              <Column
                key={c.key}
                header={c.header}
                body={c.value}
                bodyClassName={['quantity', 'unitCost', 'value'].includes(c.key) ? 'erp-md__num' : undefined}
              />
            ))}
          </DataTable>
          <p className="erp-md__total" data-testid="exchange-total">
            {t('exchange.totalCost')}: {money(data?.totalValue, digits)}
          </p>
          <div className="erp-md__actions">
            <Button
              type="button"
              label={t('exchange.order')}
              icon="pi pi-arrow-right"
              outlined
              data-testid="exchange-order"
              onClick={() =>
                context.navigate(
                  documentEditRoute(manufacturingOrders).replace(':id', encodeURIComponent(id)),
                )
              }
            />
            <Button
              type="button"
              label={t('reports.print')}
              icon="pi pi-print"
              outlined
              disabled={!data}
              data-testid="print"
              onClick={() => window.print()}
            />
          </div>
        </div>
      )}
      <PrintTable
        title={`${title} ${data?.code ?? ''}`}
        dir={context.dir}
        lang={language}
        facts={facts}
        columns={columns}
        rows={rows}
      />
    </section>
  );
}

function headerFacts(
  data: ManufacturingExchange,
  language: Language,
  storeNames: ReadonlyMap<string, string>,
  orderLabel: string,
  showHijri: boolean,
): [string, string][] {
  return [
    [orderLabel, data.code],
    [label(language, 'fields.date'), formatDate(data.date, language, { hijri: showHijri })],
    [label(language, 'fields.storeId'), storeNames.get(data.storeId) ?? ''],
    ...(data.notes ? [[label(language, 'fields.notes'), data.notes] as [string, string]] : []),
  ];
}
