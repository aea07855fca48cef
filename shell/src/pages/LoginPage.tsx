import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@erp/router';
import { isApiError } from '@erp/api-client';
import type { LoginProfile } from '@erp/contracts';
import { useApi } from '../app/ServicesContext';
import { SignInCard } from './SignInCard';
import { signedIn } from '../state/session';
import { useShellDispatch, useShellSelector } from '../state/store';
import { languageFromSignIn, noticeAdded } from '../state/ui';

import type { LoginErrors } from './login-rules';

const loadRules = () => import(/* webpackChunkName: "login-rules" */ './login-rules');

/** /login: user name (the contracts' userName rule) and password; the spec's alert on a wrong password. */
export function LoginPage() {
  const { t } = useTranslation('shell');
  const api = useApi();
  const dispatch = useShellDispatch();
  const language = useShellSelector((s) => s.ui.language);
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  const [errors, setErrors] = useState<LoginErrors>({});

  // The rules (zod, the phone metadata, the server texts: some 90 KB gz) load when the form is first touched,
  // not with it; once the form was submitted, every change is checked again.
  useEffect(() => {
    if (!submitted) return;
    let live = true;
    void loadRules().then(({ checkLogin }) => {
      if (live && submitted) setErrors(checkLogin(language, userName, password));
    });
    return () => {
      live = false;
    };
  }, [submitted, language, userName, password]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = (await loadRules()).checkLogin(language, userName, password);
    setErrors(found);
    if (found.userName || found.password || busy) return;
    setBusy(true);
    try {
      const profile = await api.post<LoginProfile>(
        'Users/auth',
        { userName: userName.trim(), password },
        { anonymous: true, quiet: true },
      );
      // the language shown here stays the user's after sign-in (and is saved as theirs)
      dispatch(languageFromSignIn(true));
      dispatch(signedIn(profile));
    } catch (error) {
      const code = isApiError(error) ? error.code : '';
      // Spec section 8: a 401 titled Unauthorized shows the fixed wrong user name or password text.
      dispatch(
        noticeAdded({
          kind: 'alert',
          severity: 'error',
          summaryKey: code === 'wrongUserNameOrPassword' ? 'alerts.unauthorizedTitle' : 'alerts.errorTitle',
          ...(code === 'wrongUserNameOrPassword'
            ? { detailKey: 'alerts.wrongCredentials' }
            : isApiError(error) && error.status !== 0 && error.detail
              ? { detail: error.detail }
              : { detailKey: 'alerts.networkError' }),
        }),
      );
      setBusy(false);
    }
  };

  return (
    <SignInCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <form onSubmit={submit} onFocus={() => void loadRules().catch(() => undefined)} noValidate>
        <div className="erp-field">
          <label htmlFor="login-user-name">{t('login.userName')}</label>
          <InputText
            id="login-user-name"
            name="userName"
            autoComplete="username"
            dir="ltr"
            value={userName}
            invalid={Boolean(errors.userName)}
            aria-describedby={errors.userName ? 'login-user-name-error' : undefined}
            onChange={(e) => setUserName(e.target.value)}
          />
          {errors.userName ? (
            <small id="login-user-name-error" className="p-error">
              {errors.userName}
            </small>
          ) : null}
        </div>
        <div className="erp-field">
          <label htmlFor="login-password">{t('login.password')}</label>
          <Password
            inputId="login-password"
            name="password"
            autoComplete="current-password"
            feedback={false}
            toggleMask
            value={password}
            invalid={Boolean(errors.password)}
            aria-describedby={errors.password ? 'login-password-error' : undefined}
            onChange={(e) => setPassword(e.target.value)}
            inputClassName="erp-password-input"
            dir="ltr"
          />
          {errors.password ? (
            <small id="login-password-error" className="p-error">
              {errors.password}
            </small>
          ) : null}
        </div>
        <Button
          type="submit"
          label={t('login.submit')}
          icon="pi pi-sign-in"
          loading={busy}
          className="erp-login__submit"
        />
        <Link to="/ForgetPassword" className="erp-link" data-testid="forget-password-link">
          {t('screens.forgetPassword.link')}
        </Link>
      </form>
    </SignInCard>
  );
}
