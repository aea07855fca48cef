import type { Language } from '@erp/i18n';

/** The name of a record in the interface language: Arabic for ar and ku, else the English name. */
export function nameOf(record: { arabicName?: string; englishName?: string }, language: Language): string {
  const arabic = record.arabicName ?? '';
  const english = record.englishName ?? '';
  return language === 'ar' || language === 'ku' ? arabic || english : english || arabic;
}
