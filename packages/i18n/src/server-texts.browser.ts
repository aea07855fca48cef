import { DEFAULT_LANGUAGE, type Language } from './languages';
import type { ServerMessageKey, ServerMessages } from './server/en';

export type { ServerMessageKey, ServerMessages };

/**
 * The server's messages as a feature app has them (the web build puts this module in place of
 * `server-texts.ts` in the feature apps): one language at a time, fetched by `loadServerTexts` before the app
 * renders in it (`featureLifecycles`), instead of six languages in every form's chunk (issue 12, ≈ 15 KB gz).
 */
const loaders: Record<Language, () => Promise<ServerMessages>> = {
  ar: () => import(/* webpackChunkName: "server-texts-ar" */ './server/ar').then((m) => m.ar),
  en: () => import(/* webpackChunkName: "server-texts-en" */ './server/en').then((m) => m.en),
  fr: () => import(/* webpackChunkName: "server-texts-fr" */ './server/fr').then((m) => m.fr),
  de: () => import(/* webpackChunkName: "server-texts-de" */ './server/de').then((m) => m.de),
  pt: () => import(/* webpackChunkName: "server-texts-pt" */ './server/pt').then((m) => m.pt),
  ku: () => import(/* webpackChunkName: "server-texts-ku" */ './server/ku').then((m) => m.ku),
};

export const serverMessages: Partial<Record<Language, ServerMessages>> = {};
const loading = new Map<Language, Promise<void>>();

export function loadServerTexts(language: Language): Promise<void> {
  let done = loading.get(language);
  if (!done) {
    done = loaders[language]().then(
      (texts) => {
        serverMessages[language] = texts;
      },
      (error: unknown) => {
        loading.delete(language); // fetched again on the next try
        throw error;
      },
    );
    loading.set(language, done);
  }
  return done;
}

/** The texts of `language`, else of any language loaded (every language has every key: messages.test.ts). */
function textsFor(language: Language): ServerMessages | undefined {
  return serverMessages[language] ?? serverMessages[DEFAULT_LANGUAGE] ?? Object.values(serverMessages)[0];
}

export function isServerMessageKey(key: string): key is ServerMessageKey {
  const texts = textsFor(DEFAULT_LANGUAGE);
  return texts !== undefined && Object.prototype.hasOwnProperty.call(texts, key);
}

/** Translates a server message key; unknown keys fall back to the generic 'invalid' text, never a raw key. */
export function translate(language: Language, key: string, params: Record<string, unknown> = {}): string {
  const texts = textsFor(language);
  if (!texts) {
    void loadServerTexts(language);
    return '';
  }
  const template = texts[isServerMessageKey(key) ? key : 'validation.invalid'];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => (name in params ? String(params[name]) : ''));
}
