import { Dropdown } from 'primereact/dropdown';
import { useTranslation } from 'react-i18next';
import { languages, type Language } from '@erp/i18n';
import { useShellDispatch, useShellSelector } from '../state/store';
import { languageChosen } from '../state/ui';

/** The six languages, each named in itself (spec section 1). */
export function LanguagePicker() {
  const language = useShellSelector((s) => s.ui.language);
  const dispatch = useShellDispatch();
  const { t } = useTranslation('shell');
  return (
    <Dropdown
      inputId="erp-language"
      aria-label={t('nav.language')}
      className="erp-language"
      value={language}
      options={languages.map((l) => ({ value: l, label: t(`languages.${l}`), lang: l }))}
      itemTemplate={(o: { label: string; lang: string }) => <span lang={o.lang}>{o.label}</span>}
      onChange={(e) => dispatch(languageChosen(e.value as Language))}
      pt={{ root: { 'data-testid': 'language-picker' } as object }}
    />
  );
}
