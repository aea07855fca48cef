import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@erp/router';
import { translate } from '@erp/i18n';
import { useApi } from '../app/ServicesContext';
import { SignInCard } from './SignInCard';
import { Field } from '../components/Field';
import { useNotify } from '../components/notify';
import { useShellSelector } from '../state/store';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** /ForgetPassword (open, full layout): the server mails a new password to the user with this email. */
export function ForgetPasswordPage() {
  const { t } = useTranslation('shell');
  const api = useApi();
  const notify = useNotify();
  const language = useShellSelector((s) => s.ui.language);
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const error = !submitted
    ? undefined
    : !email.trim()
      ? translate(language, 'validation.required')
      : !EMAIL.test(email.trim())
        ? translate(language, 'validation.email')
        : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!email.trim() || !EMAIL.test(email.trim()) || busy) return;
    setBusy(true);
    try {
      await api.post('Users/forget-password', { email: email.trim() }, { anonymous: true });
      setSent(true);
      notify.saved('screens.forgetPassword.sent');
    } catch {
      // the client showed the alert
    }
    setBusy(false);
  };

  return (
    <SignInCard
      title={t('titles.forgetPassword')}
      subtitle={t('screens.forgetPassword.subtitle')}
      testId="forget-password"
    >
      {sent ? (
        <p className="erp-success" role="status" data-testid="forget-password-sent">
          <i className="pi pi-check-circle" aria-hidden="true" /> {t('screens.forgetPassword.sent')}
        </p>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Field id="forget-email" label={t('screens.forgetPassword.email')} error={error}>
          <InputText
            id="forget-email"
            type="email"
            dir="ltr"
            autoComplete="email"
            value={email}
            invalid={Boolean(error)}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <Button
          type="submit"
          label={t('screens.forgetPassword.send')}
          icon="pi pi-envelope"
          loading={busy}
          className="erp-login__submit"
        />
        <Link to="/login" className="erp-link">
          {t('screens.forgetPassword.backToLogin')}
        </Link>
      </form>
    </SignInCard>
  );
}
