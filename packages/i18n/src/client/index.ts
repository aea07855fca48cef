import { FALLBACK_LANGUAGE, languages, type Language } from '../languages';
import type { MessageTree } from './check';

export { findMessageProblems, type MessageTree } from './check';

/**
 * One namespace's texts, one loader per language: each is a dynamic import of
 * `<feature>/src/**\/locales/<language>/<namespace>.json`, so the bundler makes one chunk per language and
 * namespace and a page downloads only the language it shows (spec section 1; issue 10 item 8).
 */
export type LanguageLoaders = Readonly<Record<Language, () => Promise<MessageTree>>>;
/** A feature's namespaces, by i18next namespace name. */
export type Namespaces = Readonly<Record<string, LanguageLoaders>>;

/**
 * A namespace's loaders from one dynamic import with the language in its path, e.g.
 * `perLanguage((l) => import(\`./${l}/shell.json\`))`: the bundler makes one chunk per JSON file it matches.
 */
export function perLanguage(load: (language: Language) => Promise<{ default: unknown }>): LanguageLoaders {
  return Object.fromEntries(
    languages.map((language) => [language, () => load(language).then((m) => m.default as MessageTree)]),
  ) as Record<Language, () => Promise<MessageTree>>;
}

const loaded = new WeakMap<LanguageLoaders, Map<Language, Promise<MessageTree>>>();

/** One namespace's texts in one language; fetched once per page (a failed fetch is tried again on the next call). */
export function loadTexts(loaders: LanguageLoaders, language: Language): Promise<MessageTree> {
  let byLanguage = loaded.get(loaders);
  if (!byLanguage) loaded.set(loaders, (byLanguage = new Map()));
  let texts = byLanguage.get(language);
  if (!texts) {
    texts = loaders[language]();
    byLanguage.set(language, texts);
    const cache = byLanguage;
    texts.catch(() => cache.delete(language));
  }
  return texts;
}

/** The texts of several namespaces in one language, fetched side by side: `{ namespace: texts }`. */
export async function loadNamespaces(
  namespaces: Namespaces,
  language: Language,
): Promise<Record<string, MessageTree>> {
  const entries = await Promise.all(
    Object.entries(namespaces).map(
      async ([ns, loaders]) => [ns, await loadTexts(loaders, language)] as const,
    ),
  );
  return Object.fromEntries(entries);
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

/** Adds a language's texts of the namespaces given to an i18next instance, fetching those it lacks. */
export async function addClientLanguage(
  store: TextStore,
  language: Language,
  namespaces: Namespaces,
): Promise<void> {
  const missing = Object.entries(namespaces).filter(([ns]) => !store.hasResourceBundle(language, ns));
  if (missing.length === 0) return;
  const texts = await loadNamespaces(Object.fromEntries(missing), language);
  for (const [ns, tree] of Object.entries(texts)) store.addResourceBundle(language, ns, tree, true, true);
}

/**
 * i18next options that fetch the fallback language (English) only when a text is missing in the language shown:
 * every language has every key (a test checks it), so English is normally never downloaded for nothing. The
 * instance re-renders when the texts arrive (react-i18next's `bindI18nStore: 'added'`).
 */
export function fallbackOnDemand(store: TextStore, namespaces: Namespaces) {
  return {
    fallbackLng: FALLBACK_LANGUAGE,
    saveMissing: true,
    // only for the namespaces these loaders serve: another (a feature app's menu labels, added by the shell in
    // every language from its manifest, a render before they arrive) has no English to fetch
    missingKeyHandler: (_languages: readonly string[], namespace: string) => {
      if (!Object.prototype.hasOwnProperty.call(namespaces, namespace)) return;
      void addClientLanguage(store, FALLBACK_LANGUAGE, namespaces).catch(() => undefined);
    },
    react: { bindI18nStore: 'added' },
  } as const;
}

export { directionOf, isLanguage } from '../languages';

/** A namespace in every language (tests, and screens that show every language at once). */
export async function loadAllLanguages(loaders: LanguageLoaders): Promise<Record<Language, MessageTree>> {
  const entries = await Promise.all(languages.map(async (l) => [l, await loadTexts(loaders, l)] as const));
  return Object.fromEntries(entries) as Record<Language, MessageTree>;
}
