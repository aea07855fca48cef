import { FALLBACK_LANGUAGE, type Language } from '../languages';
import type { ClientMessages } from './en';

export type { ClientMessages };
export { findMessageProblems, type MessageTree } from './check';

/**
 * The shell's and the UI kit's texts, one chunk per language (spec section 1): a page downloads the language it
 * shows, and another one only when the user switches to it (issue 3: shell initial JS).
 */
const loaders: Record<Language, () => Promise<ClientMessages>> = {
  ar: () => import(/* webpackChunkName: "texts-ar" */ './ar').then((m) => m.ar),
  en: () => import(/* webpackChunkName: "texts-en" */ './en').then((m) => m.en),
  fr: () => import(/* webpackChunkName: "texts-fr" */ './fr').then((m) => m.fr),
  de: () => import(/* webpackChunkName: "texts-de" */ './de').then((m) => m.de),
  pt: () => import(/* webpackChunkName: "texts-pt" */ './pt').then((m) => m.pt),
  ku: () => import(/* webpackChunkName: "texts-ku" */ './ku').then((m) => m.ku),
};

const loaded = new Map<Language, Promise<ClientMessages>>();

/** One language's client texts; fetched once per page (a failed fetch is tried again on the next call). */
export function loadClientMessages(language: Language): Promise<ClientMessages> {
  let texts = loaded.get(language);
  if (!texts) {
    texts = loaders[language]();
    loaded.set(language, texts);
    texts.catch(() => loaded.delete(language));
  }
  return texts;
}

/** The part of an i18next instance the loaders below need (this package does not depend on i18next). */
export interface TextStore {
  hasResourceBundle(language: string, namespace: string): boolean;
  addResourceBundle(
    language: string,
    namespace: string,
    resources: object,
    deep?: boolean,
    overwrite?: boolean,
  ): unknown;
}

/** Adds a language's client texts (the namespaces named) to an i18next instance, fetching them if needed. */
export async function addClientLanguage(
  store: TextStore,
  language: Language,
  namespaces: readonly (keyof ClientMessages)[],
): Promise<void> {
  if (namespaces.every((ns) => store.hasResourceBundle(language, ns))) return;
  const texts = await loadClientMessages(language);
  for (const ns of namespaces) store.addResourceBundle(language, ns, texts[ns], true, true);
}

/**
 * i18next options that fetch the fallback language (English) only when a text is missing in the language shown:
 * every language has every key (a test checks it), so English is normally never downloaded for nothing. The
 * instance re-renders when the texts arrive (react-i18next's `bindI18nStore: 'added'`).
 */
export function fallbackOnDemand(store: TextStore, namespaces: readonly (keyof ClientMessages)[]) {
  return {
    fallbackLng: FALLBACK_LANGUAGE,
    saveMissing: true,
    missingKeyHandler: () => {
      void addClientLanguage(store, FALLBACK_LANGUAGE, namespaces).catch(() => undefined);
    },
    react: { bindI18nStore: 'added' },
  } as const;
}

export { directionOf, isLanguage } from '../languages';
