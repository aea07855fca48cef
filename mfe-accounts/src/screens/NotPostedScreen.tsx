import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountsRoutes, type NotPostedDocument } from '@erp/contracts';
import { formatDate } from '@erp/i18n';
import { KitStyles, ListHeader, useFeature } from '@erp/ui-kit';

type Page = { items: NotPostedDocument[]; total: number };
type Outcome = { done: number; posted: number; notPosted: number };

/**
 * /not-posted (gLPost; issue 13, deliverable 3): the branch's documents that could not be posted from their
 * events, with why (a link not set, an account deleted or made a parent), and the action that tries them again
 * once the links are right. The service checks gLPost whatever this screen shows.
 */
export function NotPostedScreen() {
  const context = useFeature();
  const { t } = useTranslation();
  const { language } = context;
  const [page, setPage] = useState<Page | null>(null);
  const [first, setFirst] = useState(0);
  const [rows, setRows] = useState(25);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setPage(
        await context.api.get<Page>(accountsRoutes.notPostedDocuments.path, undefined, {
          query: { page: Math.floor(first / rows) + 1, pageSize: rows },
        }),
      );
    } catch {
      // the client has shown the error
    }
  }, [context.api, first, rows]);
  useEffect(() => {
    void load();
  }, [load]);

  async function retry() {
    setBusy(true);
    try {
      setOutcome(await context.api.post<Outcome>(accountsRoutes.retryNotPosted.path, {}));
      await load();
    } catch {
      // the client has shown the error
    } finally {
      setBusy(false);
    }
  }

  const typeName = (type: string) => t(`notPosted.type.${type}`, { defaultValue: type });
  const reasonText = (d: NotPostedDocument) =>
    t(`notPosted.reason.${d.reason.replace('posting.', '')}`, {
      link: d.link ? t(`notPosted.link.${d.link}`, { defaultValue: d.link }) : '',
      defaultValue: d.message,
    });

  return (
    <section className="erp-md" data-testid="not-posted">
      <KitStyles />
      <ListHeader title={t('notPostedTitle')} total={page?.total ?? 0} />
      <div className="erp-md__card">
        <p>{t('notPosted.intro')}</p>
        <div className="erp-md__toolbar">
          <Button
            type="button"
            label={t('notPosted.retry')}
            icon="pi pi-refresh"
            loading={busy}
            disabled={!page || page.total === 0}
            data-testid="not-posted-retry"
            onClick={() => void retry()}
          />
        </div>
        {outcome ? (
          <Message
            severity={outcome.notPosted === 0 ? 'success' : 'warn'}
            text={t('notPosted.outcome', { posted: outcome.posted, left: outcome.notPosted })}
            data-testid="not-posted-outcome"
          />
        ) : null}
        {page && page.total === 0 ? (
          <p data-testid="not-posted-none">{t('notPosted.none')}</p>
        ) : (
          <DataTable
            value={page?.items ?? []}
            dataKey="documentId"
            size="small"
            lazy
            paginator
            first={first}
            rows={rows}
            rowsPerPageOptions={[25, 50, 100, 500]}
            totalRecords={page?.total ?? 0}
            onPage={(e) => {
              setFirst(e.first);
              setRows(e.rows);
            }}
            data-testid="not-posted-list"
          >
            <Column
              header={t('notPosted.date')}
              body={(d: NotPostedDocument) => formatDate(d.date, language, { hijri: context.showHijri })}
            />
            <Column
              header={t('notPosted.document')}
              body={(d: NotPostedDocument) => typeName(d.documentType)}
            />
            <Column header={t('notPosted.code')} field="code" />
            <Column
              header={t('notPosted.why')}
              body={(d: NotPostedDocument) => <span data-testid="not-posted-reason">{reasonText(d)}</span>}
            />
          </DataTable>
        )}
      </div>
    </section>
  );
}
