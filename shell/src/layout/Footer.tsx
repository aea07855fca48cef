import { useTranslation } from 'react-i18next';

/** The footer (theme customizer: sticky, static or hidden). */
export function Footer() {
  const { t } = useTranslation('shell');
  return (
    <footer className="erp-footer">
      <span>
        © {new Date().getFullYear()} {t('appName')}
      </span>
      <span className="erp-muted">{t('footer.rights')}</span>
    </footer>
  );
}
