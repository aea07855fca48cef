import type { Language } from './languages';
import { ar } from './server/ar';
import { de } from './server/de';
import { en, type ServerMessageKey, type ServerMessages } from './server/en';
import { fr } from './server/fr';
import { ku } from './server/ku';
import { pt } from './server/pt';

export type { ServerMessageKey, ServerMessages };

export const serverMessages: Record<Language, ServerMessages> = { ar, en, fr, de, pt, ku };

/** Here every language is at hand; a feature app's build fetches one at a time (server-texts.browser.ts). */
export function loadServerTexts(_language: Language): Promise<void> {
  return Promise.resolve();
}

export function isServerMessageKey(key: string): key is ServerMessageKey {
  return Object.prototype.hasOwnProperty.call(en, key);
}

/** Translates a server message key; unknown keys fall back to the generic 'invalid' text, never a raw key. */
export function translate(language: Language, key: string, params: Record<string, unknown> = {}): string {
  const k: ServerMessageKey = isServerMessageKey(key) ? key : 'validation.invalid';
  const template = serverMessages[language][k] ?? en[k];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => (name in params ? String(params[name]) : ''));
}
