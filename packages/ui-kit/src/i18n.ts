import i18next, { type i18n } from 'i18next';
import { DEFAULT_LANGUAGE, languages, type Language } from '@erp/i18n';
import { addClientLanguage, fallbackOnDemand, type MessageTree } from '@erp/i18n/src/client';

/**
 * A feature app's own i18next instance (toolchain.md: i18next is a shared singleton, so each app creates an
 * instance instead of touching the global one). Its texts are the namespace `namespace`, bundled in the six
 * languages (a title or two); the UI kit's are 'ui', fetched one language at a time by `loadFeatureLanguage`
 * before the app is mounted or switched (the shell has usually fetched that language already).
 */
export function createFeatureI18n(
  namespace: string,
  messages: Record<Language, MessageTree>,
  language: Language = DEFAULT_LANGUAGE,
): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    supportedLngs: [...languages],
    ns: [namespace, 'ui'],
    defaultNS: namespace,
    resources: Object.fromEntries(languages.map((l) => [l, { [namespace]: messages[l] }])),
    initAsync: false,
    interpolation: { escapeValue: false },
    ...fallbackOnDemand(instance, ['ui']),
  });
  return instance;
}

/** Fetches the UI kit's texts in `language` if needed, then puts the instance in that language. */
export async function loadFeatureLanguage(instance: i18n, language: Language): Promise<void> {
  await addClientLanguage(instance, language, ['ui']);
  if (instance.language !== language) await instance.changeLanguage(language);
}
