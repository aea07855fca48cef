import { useTranslation } from 'react-i18next';
import { stockTransactionsReport, type StockTransactionRow } from '@erp/contracts';
import { KitStyles, ReportView } from '@erp/ui-kit';
import { documentLink } from './common';

/**
 * The spec's /orders (viewStockCategoryTransactions): every document that moved stock, of any type and any
 * service, newest first (GET /api/StockTransactions), a report of the engine with the search, store, type and
 * date-range filters. A stock document of this app opens on its own page from its code.
 */
export function StockTransactionsScreen() {
  const { t } = useTranslation();
  return (
    <section className="erp-md" data-testid="stock-transactions">
      <KitStyles />
      <header className="erp-md__header">
        <h1 className="erp-md__title">{t('stockTransactions')}</h1>
      </header>
      <div className="erp-md__card">
        <ReportView
          report={stockTransactionsReport}
          testId="orders-report"
          linkOf={(row) => {
            const r = row as StockTransactionRow;
            return documentLink(r.documentType, r.documentId);
          }}
        />
      </div>
    </section>
  );
}
