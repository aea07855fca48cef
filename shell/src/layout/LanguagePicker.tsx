import { useTranslation } from 'react-i18next';
import { Picker } from '../components/Picker';
import { languages, type Language } from '@erp/i18n';
import { useShellDispatch, useShellSelector } from '../state/store';
import { languageChosen } from '../state/ui';

/** The six languages, each named in itself (spec section 1). */
export function LanguagePicker() {
  const language = useShellSelector((s) => s.ui.language);
  const dispatch = useShellDispatch();
  const { t } = useTranslation('shell');
  return (
    <Picker
      inputId="erp-language"
      ariaLabel={t('nav.language')}
      className="erp-language"
      value={language}
      options={languages.map((l) => ({ value: l, label: t(`languages.${l}`), lang: l }))}
      itemTemplate={(o) => <span lang={o.lang}>{o.label}</span>}
      onChange={(value) => dispatch(languageChosen(value as Language))}
      testId="language-picker"
    />
  );
}
