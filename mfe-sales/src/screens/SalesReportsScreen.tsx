import { TabPanel, TabView } from 'primereact/tabview';
import { useTranslation } from 'react-i18next';
import { documentsOf, salesReports, type AnyReport } from '@erp/contracts';
import { documentEditRoute, KitStyles, ReportView, useFeature, type FeatureLocation } from '@erp/ui-kit';
import { salesPaths } from '../paths';

/** The hub's reports, in the order of the list; the tab is named by `?report=`. */
export const salesReportTabs: readonly AnyReport[] = salesReports;

type Row = Record<string, unknown>;
const salesDocuments = documentsOf('sales');

/** A row's invoice or return, on this app's document screen. */
function documentLink(row: Row): string | null {
  const doc = salesDocuments.find((d) => d.name === row.documentType);
  return doc && row.documentId
    ? documentEditRoute(doc).replace(':id', encodeURIComponent(String(row.documentId)))
    : null;
}

/**
 * /sales-reports (issue 14 deliverable 7): each tab a report of the engine (contracts/reports/sales.ts), its
 * filters, paging, totals, Excel and print derived from the declaration; an invoice's or return's code leads to
 * its document.
 */
export function SalesReportsScreen({ location }: { location: FeatureLocation }) {
  const { t } = useTranslation();
  const { navigate } = useFeature();
  const query = new URLSearchParams(location.search);
  const asked = salesReportTabs.findIndex((r) => r.name === query.get('report'));
  const active = asked < 0 ? 0 : asked;
  const initial = Object.fromEntries([...query].filter(([k]) => k !== 'report'));
  return (
    <section className="erp-md" data-testid="sales-reports">
      <KitStyles />
      <header className="erp-md__header">
        <h1 className="erp-md__title">{t('salesReports')}</h1>
      </header>
      <div className="erp-md__card">
        <TabView
          activeIndex={active}
          scrollable
          onTabChange={(e) => navigate(`${salesPaths.salesReports}?report=${salesReportTabs[e.index]!.name}`)}
        >
          {salesReportTabs.map((report, i) => (
            <TabPanel
              key={report.name}
              header={t(`reports.${report.name}`)}
              pt={{ headerAction: { 'data-testid': `report-tab-${report.name}` } as object }}
            >
              {i === active ? (
                <ReportView
                  key={location.search}
                  report={report}
                  testId={`report-${report.name}`}
                  initial={initial}
                  hint={report.name === 'customerStatement' ? t('chooseCustomer') : undefined}
                  linkOf={documentLink}
                />
              ) : null}
            </TabPanel>
          ))}
        </TabView>
      </div>
    </section>
  );
}
