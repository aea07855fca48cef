import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Tag } from 'primereact/tag';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountsRoutes, type BranchLockDate, type FiscalYearState } from '@erp/contracts';
import { formatDate } from '@erp/i18n';
import { ConfirmLater, DateInput, KitStyles, ListHeader, useFeature } from '@erp/ui-kit';
import { BalanceSeparationCard } from './BalanceSeparationCard';

interface AccountRow {
  id: string;
  code: string;
  arabicName: string;
  englishName: string;
  parentId: string | null;
  accountType: string | null;
}

const RETAINED_EARNINGS_CODE = '33';

/**
 * /fiscal-years (editCompany; issue 13, deliverable 5): each fiscal year open or closed; closing one books its
 * closing entries into the chosen retained-earnings account, after which the year takes no entries; admins
 * reopen the last closed year. Below, each branch's lock date, and the separation of previous balances. The service enforces every rule; this screen
 * shows its translated refusals.
 */
export function FiscalYearsScreen() {
  const context = useFeature();
  const { t } = useTranslation();
  const { language } = context;
  const [years, setYears] = useState<FiscalYearState[]>([]);
  const [locks, setLocks] = useState<Record<string, string | null>>({});
  const [accounts, setAccounts] = useState<AccountRow[]>([]);
  const [retained, setRetained] = useState<string | null>(null);
  const [asking, setAsking] = useState<FiscalYearState | null>(null);
  const [busy, setBusy] = useState(false);
  const branches = context.branches ?? (context.branch ? [context.branch] : []);
  const nameOf = (r: { arabicName: string; englishName: string }) =>
    language === 'ar' || language === 'ku' ? r.arabicName : r.englishName || r.arabicName;
  const dateOf = (d: string | null) => (d ? formatDate(d, language, { hijri: context.showHijri }) : '—');

  async function load() {
    const [list, lockList, tree] = await Promise.all([
      context.api.get<FiscalYearState[]>(accountsRoutes.listFiscalYearCloses.path),
      context.api.get<BranchLockDate[]>(accountsRoutes.listBranchLockDates.path),
      context.api.get<{ items: AccountRow[] }>('/api/Accounts/tree'),
    ]);
    setYears(list);
    setLocks(Object.fromEntries(lockList.map((l) => [l.branchId, l.lockDate])));
    const parents = new Set(tree.items.map((a) => a.parentId));
    const leaves = tree.items.filter((a) => a.accountType === 'balanceSheet' && !parents.has(a.id));
    setAccounts(leaves);
    setRetained((r) => r ?? leaves.find((a) => a.code === RETAINED_EARNINGS_CODE)?.id ?? null);
  }
  useEffect(() => {
    // the list is the service's: read once on open, again after each change
    load().catch(() => undefined);
  }, []);

  async function act(work: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await work();
      context.notify('success', done);
      await load();
    } catch {
      // the client has shown the service's message
    } finally {
      setBusy(false);
    }
  }
  const close = (y: FiscalYearState) =>
    act(
      () =>
        context.api.post(accountsRoutes.closeFiscalYear.path, {
          year: y.year,
          ...(retained ? { retainedEarningsAccountId: retained } : {}),
        }),
      t('fiscal.closedDone', { year: y.year }),
    );
  const reopen = (y: FiscalYearState) =>
    act(
      () => context.api.post(`/api/FiscalYearCloses/${y.year}/reopen`),
      t('fiscal.reopenedDone', { year: y.year }),
    );
  const saveLock = (branchId: string, lockDate: string | null) =>
    act(
      () => context.api.put(accountsRoutes.listBranchLockDates.path, { lockDate }, branchId),
      t('fiscal.lockSaved'),
    );
  const lastClosed = [...years].reverse().find((y) => y.status === 'closed')?.year ?? null;

  return (
    <section className="erp-md" data-testid="fiscal-years">
      <KitStyles />
      <ListHeader title={t('fiscalYears')} total={years.length} />
      <div className="erp-md__card">
        <p>{t('fiscal.intro')}</p>
        <div className="erp-md__toolbar">
          <label htmlFor="fiscal-retained">{t('fiscal.retainedAccount')}</label>
          <Dropdown
            inputId="fiscal-retained"
            value={retained}
            options={accounts.map((a) => ({ value: a.id, label: `${a.code} ${nameOf(a)}` }))}
            filter
            data-testid="fiscal-retained"
            onChange={(e) => setRetained((e.value as string | null) ?? null)}
          />
        </div>
        <DataTable value={years} dataKey="year" size="small" data-testid="fiscal-years-table">
          <Column header={t('fiscal.year')} field="year" />
          <Column header={t('fiscal.start')} body={(y: FiscalYearState) => dateOf(y.startDate)} />
          <Column header={t('fiscal.end')} body={(y: FiscalYearState) => dateOf(y.endDate)} />
          <Column
            header={t('fiscal.status')}
            body={(y: FiscalYearState) => (
              <Tag
                value={t(y.status === 'closed' ? 'fiscal.closed' : 'fiscal.open')}
                severity={y.status === 'closed' ? 'secondary' : 'success'}
                data-testid={`fiscal-status-${y.year}`}
              />
            )}
          />
          <Column header={t('fiscal.closedAt')} body={(y: FiscalYearState) => dateOf(y.closedAt)} />
          <Column
            header={t('fiscal.actions')}
            body={(y: FiscalYearState) =>
              y.status === 'open' ? (
                <Button
                  type="button"
                  label={t('fiscal.close')}
                  icon="pi pi-lock"
                  size="small"
                  disabled={busy}
                  data-testid={`fiscal-close-${y.year}`}
                  onClick={() => setAsking(y)}
                />
              ) : context.isAdmin && y.year === lastClosed ? (
                <Button
                  type="button"
                  label={t('fiscal.reopen')}
                  icon="pi pi-lock-open"
                  size="small"
                  severity="secondary"
                  disabled={busy}
                  data-testid={`fiscal-reopen-${y.year}`}
                  onClick={() => void reopen(y)}
                />
              ) : null
            }
          />
        </DataTable>
      </div>
      <div className="erp-md__card">
        <h2>{t('fiscal.lockDates')}</h2>
        <p>{t('fiscal.lockIntro')}</p>
        <DataTable value={[...branches]} dataKey="id" size="small" data-testid="fiscal-locks">
          <Column header={t('fiscal.branch')} body={(b: (typeof branches)[number]) => nameOf(b)} />
          <Column
            header={t('fiscal.lockDate')}
            body={(b: (typeof branches)[number]) => (
              <DateInput
                id={`fiscal-lock-${b.id}`}
                value={locks[b.id] ?? ''}
                language={language}
                showHijri={context.showHijri ?? false}
                ariaLabel={`${t('fiscal.lockDate')} ${nameOf(b)}`}
                testId={`fiscal-lock-${b.id}`}
                onChange={(v) => setLocks((l) => ({ ...l, [b.id]: v || null }))}
              />
            )}
          />
          <Column
            header={t('fiscal.actions')}
            body={(b: (typeof branches)[number]) => (
              <Button
                type="button"
                label={t('fiscal.saveLock')}
                icon="pi pi-save"
                size="small"
                disabled={busy}
                data-testid={`fiscal-lock-save-${b.id}`}
                onClick={() => void saveLock(b.id, locks[b.id] ?? null)}
              />
            )}
          />
        </DataTable>
      </div>
      <BalanceSeparationCard onChanged={() => void load().catch(() => undefined)} />
      <ConfirmLater
        visible={asking !== null}
        onHide={() => setAsking(null)}
        header={t('fiscal.close')}
        message={asking ? t('fiscal.confirmClose', { year: asking.year }) : ''}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t('fiscal.close')}
        rejectLabel={t('fiscal.cancel')}
        accept={() => asking && void close(asking)}
      />
    </section>
  );
}
