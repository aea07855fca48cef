import { Card } from 'primereact/card';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal, salesReportRoutes, type SalesDashboard } from '@erp/contracts';
import { DateFilter, KitStyles, nameOf, useFeature } from '@erp/ui-kit';
import { BarList, ColumnChart, type ChartDatum } from './charts';

/**
 * /sales-dashboard (issue 14 deliverable 7): a day's sales of the caller's branches from one call
 * (GET /api/SalesDashboard): totals, by hour, by payment method, top items, by user and by branch.
 */
export function SalesDashboardScreen() {
  const context = useFeature();
  const { language, decimals } = context;
  const { t } = useTranslation();
  const [date, setDate] = useState('');
  const [data, setData] = useState<SalesDashboard | null>(null);
  useEffect(() => {
    let live = true;
    context.api
      .get<SalesDashboard>(salesReportRoutes.dashboard.path, undefined, { query: date ? { date } : {} })
      .then((d) => live && setData(d))
      .catch(() => undefined); // the client has shown the error
    return () => {
      live = false;
    };
  }, [context.api, date]);
  const money = (v: string) => formatDecimal(v, decimals);
  const named = (id: string) => {
    const n = data?.names[id];
    return n ? nameOf(n, language) : '';
  };
  const bars = (list: { key: string; value: string }[]): ChartDatum[] =>
    list
      .map((x) => ({ key: x.key, label: named(x.key), value: Number(x.value), text: money(x.value) }))
      .sort((a, b) => b.value - a.value);
  const figures: [string, string][] = data
    ? [
        ['invoices', String(data.invoices)],
        ['total', money(data.total)],
        ['vat', money(data.vat)],
        ['returns', money(data.returns)],
        ['netTotal', money(data.netTotal)],
      ]
    : [];
  return (
    <section className="erp-md" data-testid="sales-dashboard">
      <KitStyles />
      <header className="erp-md__header">
        <h1 className="erp-md__title">{t('salesDashboard')}</h1>
        <DateFilter
          id="dashboard-date"
          value={date || data?.date || ''}
          onChange={setDate}
          caption={t('dashboard.date')}
          language={language}
          showHijri={context.showHijri}
          testId="dashboard-date"
        />
      </header>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))',
          gap: '0.75rem',
        }}
      >
        {figures.map(([key, value]) => (
          <Card key={key} title={t(`dashboard.${key}`)} data-testid={`dashboard-${key}`}>
            <span className="erp-md__num" style={{ fontSize: '1.4rem' }}>
              {value}
            </span>
          </Card>
        ))}
      </div>
      {data ? (
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fit, minmax(22rem, 1fr))',
            gap: '0.75rem',
            marginTop: '0.75rem',
          }}
        >
          <Card title={t('dashboard.byHour')} style={{ gridColumn: '1 / -1' }}>
            <ColumnChart
              title={t('dashboard.byHour')}
              testId="dashboard-by-hour"
              data={data.byHour.map((h) => ({
                key: String(h.hour),
                label: String(h.hour).padStart(2, '0'),
                value: Number(h.total),
                text: money(h.total),
              }))}
            />
          </Card>
          <Card title={t('dashboard.byPaymentMethod')}>
            <BarList
              title={t('dashboard.byPaymentMethod')}
              testId="dashboard-by-payment"
              data={bars(data.byPaymentMethod.map((p) => ({ key: p.paymentMethodId, value: p.amount })))}
            />
          </Card>
          <Card title={t('dashboard.topItems')}>
            <BarList
              title={t('dashboard.topItems')}
              testId="dashboard-top-items"
              data={bars(data.topItems.map((p) => ({ key: p.itemId, value: p.net })))}
            />
          </Card>
          <Card title={t('dashboard.byUser')}>
            <BarList
              title={t('dashboard.byUser')}
              testId="dashboard-by-user"
              data={bars(data.byUser.map((p) => ({ key: p.userId, value: p.total })))}
            />
          </Card>
          <Card title={t('dashboard.byBranch')}>
            <BarList
              title={t('dashboard.byBranch')}
              testId="dashboard-by-branch"
              data={bars(data.byBranch.map((p) => ({ key: p.branchId, value: p.total })))}
            />
          </Card>
        </div>
      ) : null}
    </section>
  );
}
