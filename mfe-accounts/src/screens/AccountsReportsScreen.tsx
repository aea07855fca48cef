import { TabPanel, TabView } from 'primereact/tabview';
import { useTranslation } from 'react-i18next';
import {
  accountStatementReport,
  balanceSheetReport,
  costCenterReport,
  documentsOf,
  generalLedgerReport,
  incomeStatementReport,
  journalListingReport,
  trialBalanceReport,
  vatSummaryReport,
  type AnyReport,
} from '@erp/contracts';
import { documentEditRoute, KitStyles, ReportView, useFeature, type FeatureLocation } from '@erp/ui-kit';
import { accountsPaths } from '../paths';

/** The hub's reports, in the order of the list; the tab is named by `?report=`. */
export const accountsReportTabs = [
  trialBalanceReport,
  accountStatementReport,
  generalLedgerReport,
  journalListingReport,
  incomeStatementReport,
  balanceSheetReport,
  costCenterReport,
  vatSummaryReport,
] as const satisfies readonly AnyReport[];

type Row = Record<string, unknown>;
const accountDocuments = documentsOf('accounts');

/** A posted line's source document, when it is one of this app's (a journal voucher). */
function documentLink(row: Row): string | null {
  const doc = accountDocuments.find((d) => d.name === row.sourceType);
  return doc && row.sourceId
    ? documentEditRoute(doc).replace(':id', encodeURIComponent(String(row.sourceId)))
    : null;
}

/** The drill-down from an account's row: its statement over the same period and branch, in this hub. */
export function statementLink(row: Row, filters: Readonly<Record<string, string>>): string {
  const q = new URLSearchParams({ report: accountStatementReport.name, accountId: String(row.accountId) });
  for (const k of ['dateFrom', 'dateTo', 'branchId', 'costCenterId']) if (filters[k]) q.set(k, filters[k]);
  if (filters.date) q.set('dateTo', filters.date);
  return `${accountsPaths.accountsReports}?${q.toString()}`;
}

/**
 * /accounts-reports (issue 13 deliverable 7): each tab a report of the engine (docs/architecture.md, 'Report
 * engine' and 'Accounts reports'). A trial balance's, statement's or cost center's account leads to its
 * statement here (`?report=accountStatement&accountId=...`); a statement's or ledger's line to its voucher.
 */
export function AccountsReportsScreen({ location }: { location: FeatureLocation }) {
  const { t } = useTranslation();
  const { navigate } = useFeature();
  const query = new URLSearchParams(location.search);
  const asked = accountsReportTabs.findIndex((r) => r.name === query.get('report'));
  const active = asked < 0 ? 0 : asked;
  const initial = Object.fromEntries([...query].filter(([k]) => k !== 'report'));
  return (
    <section className="erp-md" data-testid="accounts-reports">
      <KitStyles />
      <header className="erp-md__header">
        <h1 className="erp-md__title">{t('accountsReports')}</h1>
      </header>
      <div className="erp-md__card">
        <TabView
          activeIndex={active}
          onTabChange={(e) =>
            navigate(`${accountsPaths.accountsReports}?report=${accountsReportTabs[e.index]!.name}`)
          }
        >
          {accountsReportTabs.map((report, i) => (
            <TabPanel
              key={report.name}
              header={t(`reports.${report.name}`)}
              pt={{ headerAction: { 'data-testid': `report-tab-${report.name}` } as object }}
            >
              {i === active ? (
                <ReportView
                  // a drill-down to this tab with other figures starts it afresh
                  key={location.search}
                  report={report}
                  testId={`report-${report.name}`}
                  initial={initial}
                  hint={report === accountStatementReport ? t('reports.chooseAccount') : undefined}
                  linkOf={
                    report.drillDown?.to === 'accountStatement'
                      ? (row) => statementLink(row, initial)
                      : documentLink
                  }
                />
              ) : null}
            </TabPanel>
          ))}
        </TabView>
      </div>
    </section>
  );
}
