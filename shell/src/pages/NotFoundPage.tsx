import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@erp/router';

/** /error-404: unknown paths and missing permissions (spec section 2). */
export function NotFoundPage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <section className="erp-card erp-not-found" data-testid="not-found">
      <p className="erp-not-found__code" aria-hidden="true">
        {t('notFound.code')}
      </p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.message')}</p>
      <Button icon="pi pi-home" label={t('notFound.back')} onClick={() => navigate('/', { replace: true })} />
    </section>
  );
}
