import { useShellSelector } from '../state/store';

/** Arabic names in Arabic and Kurdish, English names otherwise (spec section 3: entities carry both). */
export function useLocalName() {
  const language = useShellSelector((s) => s.ui.language);
  return (x: { arabicName: string; englishName: string }) =>
    language === 'ar' || language === 'ku' ? x.arabicName : x.englishName || x.arabicName;
}
