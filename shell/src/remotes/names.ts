import { useTranslation } from 'react-i18next';

/** The display name of a feature app; one outside the shell's list gets a generic name, never a raw key. */
export function useAppNames(): (remote: string) => string {
  const { t, i18n } = useTranslation('shell');
  return (remote) => (i18n.exists(`apps.${remote}`, { ns: 'shell' }) ? t(`apps.${remote}`) : t('apps.other'));
}

export function useAppName(remote: string): string {
  return useAppNames()(remote);
}
