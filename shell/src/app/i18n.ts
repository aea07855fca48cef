import i18next, { type i18n } from 'i18next';
import { addLocale, locale as setPrimeLocale } from 'primereact/api';
import { FALLBACK_LANGUAGE, languages, type Language } from '@erp/i18n';
import { clientMessages, directionOf } from '@erp/i18n/src/client';
import type { FeatureManifest } from '@erp/ui-kit';

/** The shell's own i18next instance ('shell' and 'ui' namespaces; feature apps add their menu labels). */
export function createShellI18n(language: Language): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...languages],
    ns: ['shell', 'ui'],
    defaultNS: 'shell',
    resources: Object.fromEntries(
      languages.map((l) => [l, { shell: clientMessages[l].shell, ui: clientMessages[l].ui }]),
    ),
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance;
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

/** Puts the page in a language: `<html lang dir>` (ar and ku right to left), i18next, PrimeReact's locale. */
export async function applyLanguage(instance: i18n, language: Language): Promise<void> {
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
