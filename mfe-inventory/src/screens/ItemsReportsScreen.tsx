import { TabPanel, TabView } from 'primereact/tabview';
import { Tag } from 'primereact/tag';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  belowLimitsReport,
  itemMovementsReport,
  stockBalanceReport,
  type ItemMovementRow,
  type StockBalanceRow,
} from '@erp/contracts';
import { KitStyles, ReportView } from '@erp/ui-kit';
import { documentLink } from './common';
import { localToday } from '@erp/i18n';

export const reportKinds = ['stockBalance', 'itemMovements', 'belowLimits', 'valuation'] as const;
export type ReportKind = (typeof reportKinds)[number];

/**
 * The /items-reports hub (issue 4, item 5), each tab a report of the engine (docs/architecture.md, 'Report
 * engine'): stock balance per store with values and totals, the item movement card with its running balance,
 * the items at or below their minimum or reorder limit, and the stock valuation at a date (the balance report
 * asked for a day).
 */
export function ItemsReportsScreen() {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  // a background job is correcting the item's later costs in this store: the figure is about to change
  const recosting = {
    averageCost: (row: Record<string, unknown>, text: string) =>
      (row as StockBalanceRow).recostJobId ? (
        <>
          {text} <Tag value={t('reports.recosting')} severity="warning" data-testid="report-recosting" />
        </>
      ) : (
        text
      ),
  };
  const views: Record<ReportKind, () => ReactNode> = {
    stockBalance: () => (
      <ReportView
        report={stockBalanceReport}
        testId="report-stock-balance"
        show={['search', 'storeId', 'nonZero']}
        cells={recosting}
      />
    ),
    itemMovements: () => (
      <ReportView
        report={itemMovementsReport}
        testId="report-item-movements"
        hint={t('reports.chooseItem')}
        linkOf={(row) => {
          const r = row as ItemMovementRow;
          return documentLink(r.documentType, r.documentId);
        }}
      />
    ),
    belowLimits: () => <ReportView report={belowLimitsReport} testId="report-below-limits" />,
    valuation: () => (
      <ReportView
        report={stockBalanceReport}
        testId="report-valuation"
        title={t('reports.valuation')}
        initial={{ date: localToday() }}
        required={['date']}
        cells={recosting}
      />
    ),
  };
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
              {views[kind]()}
            </TabPanel>
          ))}
        </TabView>
      </div>
    </section>
  );
}
