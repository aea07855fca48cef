import { TabPanel, TabView } from 'primereact/tabview';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KitStyles } from '@erp/ui-kit';
import { BelowLimits } from './items-reports/BelowLimits';
import { MovementCard } from './items-reports/MovementCard';
import { StockBalance } from './items-reports/StockBalance';

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
