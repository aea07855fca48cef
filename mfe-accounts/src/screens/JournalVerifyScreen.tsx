import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountsRoutes, type JournalChainReport, type JournalVerification } from '@erp/contracts';
import { formatDate } from '@erp/i18n';
import { KitStyles, ListHeader, useFeature } from '@erp/ui-kit';

/**
 * /journal-verify (admins; issue 13, deliverable 6): runs `GET /api/Journal/verify` for one branch or all, and
 * shows each chain as intact, or the first broken entry with what was found there (the service's translated
 * reason). The service refuses non-admins whatever this screen shows.
 */
export function JournalVerifyScreen() {
  const context = useFeature();
  const { t } = useTranslation();
  const { language } = context;
  const [branchId, setBranchId] = useState<string | null>(null);
  const [result, setResult] = useState<JournalVerification | null>(null);
  const [running, setRunning] = useState(false);
  const branches = context.branches ?? (context.branch ? [context.branch] : []);
  const branchName = (id: string) => {
    const b = branches.find((x) => x.id === id);
    return b ? (language === 'ar' || language === 'ku' ? b.arabicName : b.englishName || b.arabicName) : id;
  };

  async function run() {
    setRunning(true);
    try {
      setResult(
        await context.api.get<JournalVerification>(accountsRoutes.verifyJournal.path, undefined, {
          query: { branchId },
        }),
      );
    } catch {
      // the client has shown the error
    } finally {
      setRunning(false);
    }
  }

  if (!context.isAdmin)
    return (
      <section className="erp-md" data-testid="journal-verify">
        <KitStyles />
        <ListHeader title={t('journalVerify')} total={0} />
        <Message severity="warn" text={t('journal.adminsOnly')} data-testid="journal-admins-only" />
      </section>
    );

  return (
    <section className="erp-md" data-testid="journal-verify">
      <KitStyles />
      <header className="erp-md__header">
        <h1 className="erp-md__title">{t('journalVerify')}</h1>
      </header>
      <div className="erp-md__card">
        <p>{t('journal.intro')}</p>
        <div className="erp-md__toolbar">
          <Dropdown
            value={branchId}
            options={branches.map((b) => ({ value: b.id, label: branchName(b.id) }))}
            placeholder={t('journal.allBranches')}
            aria-label={t('journal.branch')}
            showClear
            data-testid="journal-branch"
            onChange={(e) => setBranchId((e.value as string | null) ?? null)}
          />
          <Button
            type="button"
            label={running ? t('journal.running') : t('journal.run')}
            icon="pi pi-shield"
            loading={running}
            data-testid="journal-run"
            onClick={() => void run()}
          />
        </div>
        {result ? (
          <>
            <Message
              severity={result.ok ? 'success' : 'error'}
              text={result.ok ? t('journal.sound', { count: result.verified }) : t('journal.broken')}
              data-testid="journal-outcome"
              data-ok={String(result.ok)}
            />
            {result.chains.length === 0 ? (
              <p data-testid="journal-none">{t('journal.none')}</p>
            ) : (
              <DataTable value={result.chains} dataKey="branchId" size="small" data-testid="journal-chains">
                <Column
                  header={t('journal.branch')}
                  body={(c: JournalChainReport) => branchName(c.branchId)}
                />
                <Column
                  header={t('journal.chain')}
                  body={(c: JournalChainReport) => (
                    <Tag
                      value={c.broken ? t('journal.chainBroken') : t('journal.chainSound')}
                      severity={c.broken ? 'danger' : 'success'}
                    />
                  )}
                />
                <Column header={t('journal.verified')} field="verified" bodyClassName="erp-md__num" />
                <Column header={t('journal.head')} field="headSeq" bodyClassName="erp-md__num" />
                <Column
                  header={t('journal.seq')}
                  body={(c: JournalChainReport) => c.broken?.seq ?? '—'}
                  bodyClassName="erp-md__num"
                />
                <Column
                  header={t('journal.date')}
                  body={(c: JournalChainReport) =>
                    c.broken?.date ? formatDate(c.broken.date, language, { hijri: context.showHijri }) : '—'
                  }
                />
                <Column
                  header={t('journal.source')}
                  body={(c: JournalChainReport) =>
                    c.broken?.sourceType ? `${c.broken.sourceType} ${c.broken.sourceId ?? ''}` : '—'
                  }
                />
                <Column
                  header={t('journal.reason')}
                  body={(c: JournalChainReport) => (
                    <span data-testid="journal-reason">{c.broken?.message ?? '—'}</span>
                  )}
                />
              </DataTable>
            )}
          </>
        ) : null}
      </div>
    </section>
  );
}
