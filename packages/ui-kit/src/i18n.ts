import i18next, { type i18n } from 'i18next';
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, languages, type Language } from '@erp/i18n';
import { clientMessages, type MessageTree } from '@erp/i18n/src/client';
import { uiKitMessages } from './master-data/messages';

/**
 * A feature app's own i18next instance (toolchain.md: i18next is a shared singleton, so each app creates an
 * instance instead of touching the global one). Its texts are the namespace `namespace`; the UI kit's are 'ui'
 * (the shared ones from `@erp/i18n` plus the kit's own, e.g. the master-data screens' `md.*`).
 * `initAsync: false` renders translated on the first paint.
 */
export function createFeatureI18n(
  namespace: string,
  messages: Record<Language, MessageTree>,
  language: Language = DEFAULT_LANGUAGE,
): i18n {
  const instance = i18next.createInstance();
  const resources = Object.fromEntries(
    languages.map((l) => [
      l,
      { [namespace]: messages[l], ui: { ...clientMessages[l].ui, ...uiKitMessages[l] } },
    ]),
  );
  void instance.init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...languages],
    ns: [namespace, 'ui'],
    defaultNS: namespace,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}
