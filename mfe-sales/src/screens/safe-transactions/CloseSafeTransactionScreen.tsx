import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dec, formatDecimal, safeTransactionRoutes as r, type SafeTransaction } from '@erp/contracts';
import { KitStyles, nameOf, useFeature, type FeatureLocation } from '@erp/ui-kit';
import { salesPaths } from '../../paths';
import { amountOf, deficitOf, shiftFigures } from './shift-money';
import { ZReport } from './ZReport';

/**
 * /safe-transaction/close/{id} (closeSafes; issue 15, deliverable 5): the shift's spec fields so far, the counted
 * cash asked for, the deficit (or surplus) shown before confirming; once closed, its fixed figures and the Z
 * report to print (80 mm, bilingual).
 */
export function CloseSafeTransactionScreen({ location }: { location: FeatureLocation }) {
  const context = useFeature();
  const { language, decimals } = context;
  const { t } = useTranslation();
  const id = location.params.id ?? '';
  const [shift, setShift] = useState<SafeTransaction | null>(null);
  const [counted, setCounted] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    context.api
      .get<SafeTransaction>(r.list.path, id, { signal: abort.signal })
      .then(setShift)
      .catch(() => undefined); // the client has shown the error
    return () => abort.abort();
  }, [context.api, id]);

  const amount = amountOf(counted);
  const close = async () => {
    if (amount === null) return;
    setBusy(true);
    try {
      const closed = await context.api.post<SafeTransaction>(
        `${r.list.path}/${encodeURIComponent(id)}/close`,
        {
          actualBalance: amount,
        },
      );
      setShift(closed);
      setConfirming(false);
      context.notify('success', t('shifts.closed'));
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  const money = (v: string) => formatDecimal(v, decimals);
  const deficit =
    shift?.status === 'closed' ? shift.deficit : shift && amount !== null ? deficitOf(shift, amount) : null;
  const surplus = deficit !== null && dec(deficit).isNegative();
  const named = (key: string) => {
    const n = shift?.names[key];
    return n ? nameOf(n, language) : '';
  };
  return (
    <section className="erp-md" data-testid="close-safe-transaction">
      <KitStyles />
      <header className="erp-md__header">
        <h1 className="erp-md__title">
          {t('closeSafeTransaction')} {shift ? shift.code : ''}
        </h1>
        <Button
          label={t('shifts.back')}
          icon="pi pi-arrow-right"
          text
          onClick={() => context.navigate(salesPaths.safeTransactions)}
        />
      </header>
      {shift ? (
        <>
          <p data-testid="shift-who">
            {t('shifts.user')}: {named(shift.userId)} · {t('shifts.safe')}: {named(shift.safeId)} ·{' '}
            {t('shifts.status')}: {t(shift.status === 'open' ? 'shifts.statusOpen' : 'shifts.statusClosed')}
          </p>
          <div
            style={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fit, minmax(11rem, 1fr))',
              gap: '0.75rem',
            }}
          >
            {shiftFigures(shift, decimals).map((f) => (
              <Card key={f.key} title={t(`shifts.${f.key}`)} data-testid={f.testId}>
                <span className="erp-md__num" style={{ fontSize: '1.3rem' }}>
                  {f.value}
                </span>
              </Card>
            ))}
            {shift.status === 'closed' ? (
              <>
                <Card title={t('shifts.actualBalance')} data-testid="shift-actual-balance">
                  <span className="erp-md__num" style={{ fontSize: '1.3rem' }}>
                    {money(shift.actualBalance ?? '0')}
                  </span>
                </Card>
                <Card title={t('shifts.closeDate')} data-testid="shift-close-date">
                  {shift.closeDate ? new Date(shift.closeDate).toLocaleString(language) : ''}
                </Card>
              </>
            ) : null}
          </div>
          {shift.status === 'open' ? (
            <div className="erp-md__card" style={{ marginBlockStart: '1rem' }}>
              <div className="erp-md__field">
                <label htmlFor="shift-counted">{t('shifts.countedCash')}</label>
                <InputText
                  id="shift-counted"
                  inputMode="decimal"
                  value={counted}
                  onChange={(e) => {
                    setCounted(e.target.value);
                    setConfirming(false);
                  }}
                  invalid={counted !== '' && amount === null}
                  data-testid="shift-counted"
                />
              </div>
              {!confirming ? (
                <Button
                  label={t('shifts.close')}
                  icon="pi pi-lock"
                  disabled={amount === null}
                  onClick={() => setConfirming(true)}
                  data-testid="shift-close"
                />
              ) : (
                <div data-testid="shift-confirm">
                  <p>{t('shifts.confirmQuestion', { counted: amount === null ? '' : money(amount) })}</p>
                  <Button
                    label={t('shifts.confirmClose')}
                    icon="pi pi-check"
                    severity="danger"
                    disabled={busy}
                    onClick={() => void close()}
                    data-testid="shift-confirm-close"
                  />{' '}
                  <Button label={t('shifts.cancel')} text onClick={() => setConfirming(false)} />
                </div>
              )}
            </div>
          ) : null}
          {deficit !== null ? (
            <Message
              style={{ marginBlockStart: '1rem', display: 'flex' }}
              severity={dec(deficit).isZero() ? 'success' : surplus ? 'info' : 'warn'}
              data-testid="shift-deficit"
              text={
                dec(deficit).isZero()
                  ? t('shifts.balanced')
                  : `${t(surplus ? 'shifts.surplus' : 'shifts.deficit')}: ${money(dec(deficit).abs().toString())}`
              }
            />
          ) : null}
          {shift.status === 'closed' ? (
            <>
              <Button
                style={{ marginBlockStart: '1rem' }}
                label={t('shifts.print')}
                icon="pi pi-print"
                onClick={() => window.print()}
                data-testid="shift-print"
              />
              <ZReport shift={shift} decimals={decimals} />
            </>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
