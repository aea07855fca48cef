/**
 * The six interface languages; Arabic is the default, English the fallback (spec section 1). This module has no
 * texts, so a screen that only needs the language list does not download every translation.
 */
export const languages = ['ar', 'en', 'fr', 'de', 'pt', 'ku'] as const;
export type Language = (typeof languages)[number];
export const DEFAULT_LANGUAGE: Language = 'ar';
export const FALLBACK_LANGUAGE: Language = 'en';
export const RTL_LANGUAGES: readonly Language[] = ['ar', 'ku'];

/** The spec's Language header: the stored language, else English. Accepts 'ar', 'ar-SA', 'AR'. */
export function parseLanguage(header: string | undefined | null): Language {
  const code = (header ?? '').trim().slice(0, 2).toLowerCase();
  return (languages as readonly string[]).includes(code) ? (code as Language) : FALLBACK_LANGUAGE;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** 'rtl' for Arabic and Kurdish (spec section 1). */
export function directionOf(language: Language): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
}
