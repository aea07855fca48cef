import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Permission as P,
  formatDecimal,
  safeTransactionRoutes as r,
  type SafeTransaction,
} from '@erp/contracts';
import { KitStyles, nameOf, useFeature } from '@erp/ui-kit';
import { salesPaths } from '../../paths';
import { amountOf } from './shift-money';

type Safe = { id: string; code: string; arabicName: string; englishName: string; branchId: string };
type StatusFilter = 'all' | 'open' | 'closed';

/**
 * /safe-transaction (viewSafeTransactions; issue 15, deliverable 5): the shifts of the user's branches, open or
 * closed, with the spec's fields; a user with the point of sale's right opens their own shift on a safe with an
 * opening balance; one with closeSafes goes to a shift's close (or its Z report once closed).
 */
export function SafeTransactionsScreen() {
  const context = useFeature();
  const { language, decimals } = context;
  const { t } = useTranslation();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [rows, setRows] = useState<SafeTransaction[] | null>(null);
  const [opening, setOpening] = useState(false);
  const [safes, setSafes] = useState<Safe[]>([]);
  const [safeId, setSafeId] = useState<string | null>(null);
  const [balance, setBalance] = useState('0');
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    (signal?: AbortSignal) =>
      context.api
        .get<SafeTransaction[]>(r.list.path, undefined, {
          query: status === 'all' ? {} : { status },
          ...(signal ? { signal } : {}),
        })
        .then(setRows)
        .catch(() => undefined), // the client has shown the error
    [context.api, status],
  );
  useEffect(() => {
    const abort = new AbortController();
    void load(abort.signal);
    return () => abort.abort();
  }, [load]);

  const startOpening = () => {
    setOpening(true);
    context.api
      .get<Safe[]>(r.safes.path)
      .then((list) => {
        setSafes(list);
        setSafeId(
          (current) =>
            current ?? list.find((s) => s.branchId === context.branch?.id)?.id ?? list[0]?.id ?? null,
        );
      })
      .catch(() => undefined);
  };
  const amount = amountOf(balance);
  const open = async () => {
    if (!safeId || amount === null) return;
    setBusy(true);
    try {
      await context.api.post(r.open.path, { safeId, openingBalance: amount });
      context.notify('success', t('shifts.opened'));
      setOpening(false);
      await load();
    } catch {
      // the client has shown the server's message (one open shift a user, an inactive safe)
    } finally {
      setBusy(false);
    }
  };

  const money = (v: string | null) => (v === null ? '' : formatDecimal(v, decimals));
  const named = (row: SafeTransaction, id: string) => {
    const n = row.names[id];
    return n ? nameOf(n, language) : '';
  };
  const at = (v: string | null) => (v ? new Date(v).toLocaleString(language) : '');
  return (
    <section className="erp-md" data-testid="safe-transactions">
      <KitStyles />
      <header className="erp-md__header">
        <h1 className="erp-md__title">{t('safeTransactions')}</h1>
        <Dropdown
          value={status}
          onChange={(e) => setStatus(e.value as StatusFilter)}
          options={[
            { value: 'all', label: t('shifts.all') },
            { value: 'open', label: t('shifts.statusOpen') },
            { value: 'closed', label: t('shifts.statusClosed') },
          ]}
          aria-label={t('shifts.status')}
          data-testid="shift-status-filter"
        />
        {context.can(P.addSalesTransactions) ? (
          <Button
            label={t('shifts.open')}
            icon="pi pi-lock-open"
            onClick={startOpening}
            data-testid="shift-open"
          />
        ) : null}
      </header>
      <DataTable
        value={rows ?? []}
        loading={rows === null}
        dataKey="id"
        emptyMessage={t('shifts.none')}
        size="small"
        data-testid="shift-list"
      >
        <Column field="code" header={t('shifts.code')} />
        <Column header={t('shifts.user')} body={(s: SafeTransaction) => named(s, s.userId)} />
        <Column header={t('shifts.safe')} body={(s: SafeTransaction) => named(s, s.safeId)} />
        <Column
          header={t('shifts.status')}
          body={(s: SafeTransaction) => (
            <Tag
              value={t(s.status === 'open' ? 'shifts.statusOpen' : 'shifts.statusClosed')}
              severity={s.status === 'open' ? 'success' : 'secondary'}
            />
          )}
        />
        <Column header={t('shifts.openedAt')} body={(s: SafeTransaction) => at(s.openedAt)} />
        <Column header={t('shifts.openingBalance')} body={(s: SafeTransaction) => money(s.openingBalance)} />
        <Column header={t('shifts.netSales')} body={(s: SafeTransaction) => money(s.netSales)} />
        <Column header={t('shifts.cash')} body={(s: SafeTransaction) => money(s.cash)} />
        <Column header={t('shifts.otherPayment')} body={(s: SafeTransaction) => money(s.otherPayment)} />
        <Column header={t('shifts.returns')} body={(s: SafeTransaction) => money(s.returns)} />
        <Column header={t('shifts.actualBalance')} body={(s: SafeTransaction) => money(s.actualBalance)} />
        <Column header={t('shifts.deficit')} body={(s: SafeTransaction) => money(s.deficit)} />
        <Column header={t('shifts.closeDate')} body={(s: SafeTransaction) => at(s.closeDate)} />
        <Column
          body={(s: SafeTransaction) =>
            context.can(P.closeSafes) ? (
              <Button
                label={s.status === 'open' ? t('shifts.close') : t('shifts.zReport')}
                icon={s.status === 'open' ? 'pi pi-lock' : 'pi pi-print'}
                text
                onClick={() => context.navigate(`${salesPaths.closeSafeTransaction.replace(':id', s.id)}`)}
                data-testid={`shift-close-${s.code}`}
              />
            ) : null
          }
        />
      </DataTable>
      <Dialog
        header={t('shifts.openTitle')}
        visible={opening}
        onHide={() => setOpening(false)}
        style={{ width: '24rem' }}
      >
        {safes.length === 0 ? <p>{t('shifts.noSafes')}</p> : null}
        <div className="erp-md__field">
          <label htmlFor="shift-safe">{t('shifts.safe')}</label>
          <Dropdown
            inputId="shift-safe"
            value={safeId}
            onChange={(e) => setSafeId(e.value as string)}
            filter
            options={safes.map((s) => ({ value: s.id, label: `${s.code} ${nameOf(s, language)}` }))}
            data-testid="shift-safe"
          />
        </div>
        <div className="erp-md__field">
          <label htmlFor="shift-opening-balance">{t('shifts.openingBalance')}</label>
          <InputText
            id="shift-opening-balance"
            inputMode="decimal"
            value={balance}
            onChange={(e) => setBalance(e.target.value)}
            invalid={amount === null}
            data-testid="shift-opening-balance-input"
          />
        </div>
        <footer
          style={{ display: 'flex', gap: '0.5rem', justifyContent: 'flex-end', marginBlockStart: '1rem' }}
        >
          <Button label={t('shifts.cancel')} text onClick={() => setOpening(false)} />
          <Button
            label={t('shifts.confirmOpen')}
            icon="pi pi-check"
            disabled={!safeId || amount === null || busy}
            onClick={() => void open()}
            data-testid="shift-confirm-open"
          />
        </footer>
      </Dialog>
    </section>
  );
}
