import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../layout/LanguagePicker';

/** The card of the pages before sign-in (login, forgotten password): the brand, the language, a title. */
export function SignInCard({
  title,
  subtitle,
  testId,
  children,
}: {
  title: string;
  subtitle: string;
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="erp-card erp-login" data-testid={testId}>
      <div className="erp-login__top">
        <span className="erp-login__brand">
          <i className="pi pi-building" aria-hidden="true" /> {t('appName')}
        </span>
        <LanguagePicker />
      </div>
      <h1>{title}</h1>
      <p className="erp-muted">{subtitle}</p>
      {children}
    </section>
  );
}
