import { Button } from 'primereact/button';
import { Password } from 'primereact/password';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@erp/api-client';
import { passwordProblems } from '@erp/contracts/src/validators';
import { translate } from '@erp/i18n';
import { useApi } from '../../app/ServicesContext';
import { Field, ScreenHeader } from '../../components/Field';
import { apiFieldErrors, type FieldErrors } from '../../components/form-errors';
import { useNotify } from '../../components/notify';
import { useShellSelector } from '../../state/store';

type Key = 'oldPassword' | 'newPassword' | 'confirmPassword';

/** The spec's password rules (section 5) for the signed-in user: strength, not the user name, confirmed. */
export function checkNewPassword(
  values: Record<Key, string>,
  userName: string,
): Partial<Record<Key, string>> {
  const errors: Partial<Record<Key, string>> = {};
  if (!values.oldPassword) errors.oldPassword = 'validation.required';
  if (!values.newPassword) errors.newPassword = 'validation.required';
  else {
    const problem = passwordProblems(values.newPassword, userName)[0];
    if (problem) errors.newPassword = problem;
  }
  if (values.newPassword !== values.confirmPassword) errors.confirmPassword = 'validation.confirmed';
  return errors;
}

/** /change-password (from the user menu). */
export function ChangePasswordPage() {
  const { t } = useTranslation('shell');
  const api = useApi();
  const notify = useNotify();
  const language = useShellSelector((s) => s.ui.language);
  const userName = useShellSelector((s) => s.session.profile?.userName ?? '');
  const [values, setValues] = useState<Record<Key, string>>({
    oldPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const clientErrors = useMemo(() => {
    if (!submitted) return {};
    return Object.fromEntries(
      Object.entries(checkNewPassword(values, userName)).map(([k, v]) => [k, translate(language, v)]),
    ) as FieldErrors;
  }, [submitted, values, userName, language]);
  const errors = { ...serverErrors, ...clientErrors };

  const save = async () => {
    setSubmitted(true);
    if (Object.keys(checkNewPassword(values, userName)).length > 0 || busy) return;
    setBusy(true);
    try {
      await api.post('Users/change-password', values);
      notify.saved('screens.changePassword.changed');
      setValues({ oldPassword: '', newPassword: '', confirmPassword: '' });
      setSubmitted(false);
    } catch (error) {
      if (isApiError(error) && error.status === 400) setServerErrors(apiFieldErrors(error));
    }
    setBusy(false);
  };

  const field = (key: Key) => (
    <Field
      id={`cp-${key}`}
      label={t(`screens.changePassword.${key}`)}
      error={errors[key]}
      hint={key === 'newPassword' ? t('screens.changePassword.passwordRules') : undefined}
    >
      <Password
        inputId={`cp-${key}`}
        value={values[key]}
        feedback={false}
        toggleMask
        dir="ltr"
        autoComplete={key === 'oldPassword' ? 'current-password' : 'new-password'}
        invalid={Boolean(errors[key])}
        inputClassName="erp-password-input"
        onChange={(e) => {
          setValues((v) => ({ ...v, [key]: e.target.value }));
          setServerErrors({});
        }}
      />
    </Field>
  );

  return (
    <section className="erp-screen erp-narrow" data-testid="change-password-screen">
      <ScreenHeader title={t('titles.changePassword')} />
      <div className="erp-card erp-form erp-form--single">
        {field('oldPassword')}
        {field('newPassword')}
        {field('confirmPassword')}
        <Button
          label={t('screens.common.save')}
          icon="pi pi-check"
          loading={busy}
          onClick={() => void save()}
          data-testid="save"
        />
      </div>
    </section>
  );
}
