import i18next, { type i18n } from 'i18next';
import { addLocale, locale as setPrimeLocale } from 'primereact/api';
import { languages, type Language } from '@erp/i18n';
import {
  addClientLanguage,
  directionOf,
  fallbackOnDemand,
  isLanguage,
  loadNamespaces,
} from '@erp/i18n/src/client';
import type { FeatureManifest } from '@erp/ui-kit/src/declare';
import { uiNamespace } from '@erp/ui-kit/src/locales';
import { shellNamespaces } from '../locales';

/** The shell's namespaces (JSON beside the code that shows them) and the UI kit's. */
const NAMESPACES = { ...shellNamespaces, ...uiNamespace };
type ShellNamespace = keyof typeof NAMESPACES;
/** Where a key asked of 'shell' is looked up next: the namespaces of the shell's feature folders. */
const SCREEN_NAMESPACES = Object.keys(shellNamespaces).filter((ns) => ns !== 'shell');
/**
 * What the page needs before its first render (sign-in, layout, theme, feedback, the kit); the settings
 * screens' namespaces come with their code (`loadScreenTexts`), so the sign-in page does not fetch them.
 */
const AT_START: readonly ShellNamespace[] = ['shell', 'theme', 'feedback', 'ui'];

const pick = (names: Iterable<ShellNamespace>) =>
  Object.fromEntries([...names].map((ns) => [ns, NAMESPACES[ns]]));
/** The namespaces an instance shows, so a language switch fetches exactly those. */
const inUse = new WeakMap<i18n, Set<ShellNamespace>>();
let shellInstance: i18n | undefined;
/** The language an instance is being switched to (`applyLanguage`). */
const wanted = new WeakMap<i18n, Language>();

/**
 * The shell's own i18next instance ('shell', its screens' namespaces and 'ui'; feature apps add their menu
 * labels), with the texts of `language` only: each other language is fetched when the user switches to it
 * (`applyLanguage`), and English, the fallback, only if a text were missing.
 */
export async function createShellI18n(language: Language): Promise<i18n> {
  const texts = await loadNamespaces(pick(AT_START), language);
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    resources: { [language]: texts },
    supportedLngs: [...languages],
    ns: [...AT_START],
    defaultNS: 'shell',
    fallbackNS: SCREEN_NAMESPACES,
    initAsync: false,
    interpolation: { escapeValue: false },
    ...fallbackOnDemand(instance, NAMESPACES),
  });
  inUse.set(instance, new Set(AT_START));
  shellInstance = instance;
  return instance;
}

/**
 * Fetches a settings screen's namespace in the language shown (and the one being switched to), alongside the
 * screen's code: its lazy import waits for both, so the screen never renders a key it has no text for.
 */
export async function loadScreenTexts(namespace: keyof typeof shellNamespaces): Promise<void> {
  const instance = shellInstance;
  if (!instance) return;
  inUse.get(instance)?.add(namespace);
  const shown = new Set([instance.language, wanted.get(instance)].filter(isLanguage));
  await Promise.all([...shown].map((l) => addClientLanguage(instance, l, pick([namespace]))));
}

/** A feature app's labels (menu entries, titles) become the namespace named after the app. */
export function addFeatureMessages(instance: i18n, manifest: FeatureManifest): void {
  for (const [language, bundle] of Object.entries(manifest.messages)) {
    if (bundle) instance.addResourceBundle(language, manifest.name, bundle, true, true);
  }
}

// PrimeReact's own texts (calendar, filters, dialogs) per language, loaded when first needed.
const primeLocales: Record<Language, () => Promise<object>> = {
  ar: () => import('primelocale/js/ar.js').then((m) => m.ar),
  en: () => import('primelocale/js/en.js').then((m) => m.en),
  fr: () => import('primelocale/js/fr.js').then((m) => m.fr),
  de: () => import('primelocale/js/de.js').then((m) => m.de),
  pt: () => import('primelocale/js/pt.js').then((m) => m.pt),
  ku: () => import('primelocale/js/ku.js').then((m) => m.ku),
};
const loadedPrimeLocales = new Set<Language>(['en']);

/**
 * Puts the page in a language: its texts first (fetched if this is the first time), then `<html lang dir>` (ar and
 * ku right to left), i18next and PrimeReact's locale, so the page never shows a language it has no texts for.
 */
export async function applyLanguage(instance: i18n, language: Language): Promise<void> {
  wanted.set(instance, language);
  await addClientLanguage(instance, language, pick(inUse.get(instance) ?? AT_START));
  if (wanted.get(instance) !== language) return; // the user chose another language meanwhile
  const root = document.documentElement;
  root.lang = language;
  root.dir = directionOf(language);
  if (instance.language !== language) await instance.changeLanguage(language);
  document.title = instance.t('appName');
  try {
    if (!loadedPrimeLocales.has(language)) {
      addLocale(language, (await primeLocales[language]()) as Parameters<typeof addLocale>[1]);
      loadedPrimeLocales.add(language);
    }
    setPrimeLocale(language);
  } catch {
    setPrimeLocale('en'); // PrimeReact's built-in texts; the page itself stays translated
  }
}
