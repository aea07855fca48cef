import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Password } from 'primereact/password';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountsRoutes, identityRoutes, type BalanceSeparation } from '@erp/contracts';
import { formatDate } from '@erp/i18n';
import { DateInput, useFeature } from '@erp/ui-kit';

/** A refusal's message for one field (the client's ApiError), without depending on the client's package. */
const fieldMessage = (error: unknown, field: string): string | undefined =>
  (error as { fieldError?: (f: string) => string | undefined }).fieldError?.(field) ??
  (error as Error | undefined)?.message;

/**
 * Separating previous balances (spec section 4), on the fiscal-years screen: the user picks the first day that
 * should open at zero and confirms with their password; identity answers wrong or correct (the spec's texts),
 * then the service books the separation. Earlier separations are listed; an admin may undo one (reversals).
 */
export function BalanceSeparationCard({ onChanged }: { onChanged: () => void }) {
  const context = useFeature();
  const { t } = useTranslation();
  const { language } = context;
  const [date, setDate] = useState('');
  const [list, setList] = useState<BalanceSeparation[]>([]);
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const dateOf = (d: string) => formatDate(d, language, { hijri: context.showHijri });

  async function load() {
    setList(await context.api.get<BalanceSeparation[]>(accountsRoutes.listBalanceSeparations.path));
  }
  useEffect(() => {
    load().catch(() => undefined);
  }, []);

  async function separate() {
    setBusy(true);
    setFeedback(null);
    try {
      const { confirmation } = await context.api
        .post<{ confirmation: string }>(
          identityRoutes.confirmPassword.path,
          { password, purpose: 'separatePreviousBalances' },
          { quiet: true },
        )
        .catch((error: unknown) => {
          setFeedback({ ok: false, text: fieldMessage(error, 'password') ?? '' });
          throw error;
        });
      setFeedback({ ok: true, text: t('separation.passwordCorrect') });
      await context.api.post(accountsRoutes.separatePreviousBalances.path, { date, confirmation });
      context.notify('success', t('separation.done', { date: dateOf(date) }));
      setAsking(false);
      setPassword('');
      await load();
      onChanged();
    } catch {
      // a wrong password is shown in the dialog; the service's other refusals by the client
    } finally {
      setBusy(false);
    }
  }
  async function undo(s: BalanceSeparation) {
    setBusy(true);
    try {
      await context.api.post(`/api/PreviousBalances/separations/${s.id}/undo`);
      context.notify('success', t('separation.undoneDone', { date: dateOf(s.date) }));
      await load();
      onChanged();
    } catch {
      // the client has shown the service's message
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="erp-md__card" data-testid="balance-separation">
      <h2>{t('separation.title')}</h2>
      <p>{t('separation.intro')}</p>
      <div className="erp-md__toolbar">
        <label htmlFor="separation-date">{t('separation.date')}</label>
        <DateInput
          id="separation-date"
          value={date}
          language={language}
          showHijri={context.showHijri ?? false}
          ariaLabel={t('separation.date')}
          testId="separation-date"
          onChange={(v) => setDate(v)}
        />
        <Button
          type="button"
          label={t('separation.separate')}
          icon="pi pi-eraser"
          severity="danger"
          size="small"
          disabled={busy || !date}
          data-testid="separation-start"
          onClick={() => {
            setFeedback(null);
            setAsking(true);
          }}
        />
      </div>
      <DataTable value={list} dataKey="id" size="small" data-testid="separation-list">
        <Column header={t('separation.date')} body={(s: BalanceSeparation) => dateOf(s.date)} />
        <Column header={t('separation.lines')} field="lines" />
        <Column header={t('separation.postedAt')} body={(s: BalanceSeparation) => dateOf(s.postedAt)} />
        <Column
          header={t('fiscal.status')}
          body={(s: BalanceSeparation) => t(s.undone ? 'separation.undone' : 'separation.active')}
        />
        <Column
          header={t('fiscal.actions')}
          body={(s: BalanceSeparation) =>
            context.isAdmin && !s.undone ? (
              <Button
                type="button"
                label={t('separation.undo')}
                icon="pi pi-undo"
                size="small"
                severity="secondary"
                disabled={busy}
                data-testid={`separation-undo-${s.date}`}
                onClick={() => void undo(s)}
              />
            ) : null
          }
        />
      </DataTable>
      <Dialog
        visible={asking}
        onHide={() => setAsking(false)}
        header={t('separation.title')}
        data-testid="separation-dialog"
        style={{ maxWidth: '28rem' }}
      >
        <p>{t('separation.confirm', { date: date ? dateOf(date) : '' })}</p>
        <label htmlFor="separation-password">{t('separation.password')}</label>
        <Password
          inputId="separation-password"
          value={password}
          feedback={false}
          toggleMask
          autoComplete="current-password"
          data-testid="separation-password"
          onChange={(e) => setPassword(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && password) void separate();
          }}
        />
        {feedback && (
          <p
            role={feedback.ok ? 'status' : 'alert'}
            className={feedback.ok ? 'erp-md__ok' : 'p-error'}
            data-testid="separation-feedback"
          >
            {feedback.text}
          </p>
        )}
        <div className="erp-md__toolbar">
          <Button
            type="button"
            label={t('separation.separate')}
            severity="danger"
            disabled={busy || !password}
            data-testid="separation-confirm"
            onClick={() => void separate()}
          />
          <Button
            type="button"
            label={t('fiscal.cancel')}
            severity="secondary"
            onClick={() => setAsking(false)}
          />
        </div>
      </Dialog>
    </div>
  );
}
