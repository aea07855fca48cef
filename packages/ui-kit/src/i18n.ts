import i18next, { type i18n } from 'i18next';
import { DEFAULT_LANGUAGE, languages, loadLabels, loadServerTexts, type Language } from '@erp/i18n';
import {
  addClientLanguage,
  fallbackOnDemand,
  type LanguageLoaders,
  type Namespaces,
} from '@erp/i18n/src/client';
import { uiNamespace } from './locales';

/**
 * A feature app's own i18next instance (toolchain.md: i18next is a shared singleton, so each app creates an
 * instance instead of touching the global one). Its texts are the namespace `namespace`, JSON beside the app's
 * code (`src/locales/<language>/<namespace>.json`), and the UI kit's 'ui'; both are fetched one language at a
 * time by `loadFeatureLanguage` before the app is mounted or switched (the shell has usually fetched 'ui'
 * already).
 */
const namespacesOf = new WeakMap<i18n, Namespaces>();

export function createFeatureI18n(
  namespace: string,
  texts: LanguageLoaders,
  language: Language = DEFAULT_LANGUAGE,
): i18n {
  const namespaces: Namespaces = { [namespace]: texts, ...uiNamespace };
  const instance = i18next.createInstance();
  namespacesOf.set(instance, namespaces);
  void instance.init({
    lng: language,
    supportedLngs: [...languages],
    ns: [namespace, 'ui'],
    defaultNS: namespace,
    resources: {},
    initAsync: false,
    interpolation: { escapeValue: false },
    ...fallbackOnDemand(instance, namespaces),
  });
  return instance;
}

/**
 * Starts fetching the app's and the UI kit's texts in the language the page shows (`<html lang>`, which the shell
 * keeps), without switching the instance: called as the app's code loads, so its mount finds them there instead
 * of asking only then (issue 12: no round trip after the code). The mount still loads what its props ask for.
 */
export function prefetchPageLanguage(instance: i18n): void {
  if (typeof document === 'undefined') return;
  const shown = document.documentElement.lang;
  if (!(languages as readonly string[]).includes(shown)) return;
  const namespaces = namespacesOf.get(instance) ?? uiNamespace;
  void addClientLanguage(instance, shown as Language, namespaces).catch(() => undefined);
  void loadServerTexts(shown as Language).catch(() => undefined);
  void loadLabels(shown as Language).catch(() => undefined);
}

/** Fetches the app's and the UI kit's texts in `language` if needed, then puts the instance in that language. */
export async function loadFeatureLanguage(instance: i18n, language: Language): Promise<void> {
  // the server's messages (validation texts) and the labels too: a feature app's build fetches them one language
  // at a time
  await Promise.all([
    addClientLanguage(instance, language, namespacesOf.get(instance) ?? uiNamespace),
    loadServerTexts(language),
    loadLabels(language),
  ]);
  if (instance.language !== language) await instance.changeLanguage(language);
}
