import { ar } from './server/ar';
import { de } from './server/de';
import { en, type ServerMessageKey, type ServerMessages } from './server/en';
import { fr } from './server/fr';
import { ku } from './server/ku';
import { pt } from './server/pt';
import { ar as arLabels } from './labels/ar';
import { de as deLabels } from './labels/de';
import { en as enLabels, type LabelKey, type Labels } from './labels/en';
import { fr as frLabels } from './labels/fr';
import { ku as kuLabels } from './labels/ku';
import { pt as ptLabels } from './labels/pt';

export type { ServerMessageKey, ServerMessages, LabelKey, Labels };

/** The six interface languages; Arabic is the default, English the fallback (spec section 1). */
export const languages = ['ar', 'en', 'fr', 'de', 'pt', 'ku'] as const;
export type Language = (typeof languages)[number];
export const DEFAULT_LANGUAGE: Language = 'ar';
export const FALLBACK_LANGUAGE: Language = 'en';
export const RTL_LANGUAGES: readonly Language[] = ['ar', 'ku'];

export const serverMessages: Record<Language, ServerMessages> = { ar, en, fr, de, pt, ku };

/** The spec's Language header: the stored language, else English. Accepts 'ar', 'ar-SA', 'AR'. */
export function parseLanguage(header: string | undefined | null): Language {
  const code = (header ?? '').trim().slice(0, 2).toLowerCase();
  return (languages as readonly string[]).includes(code) ? (code as Language) : FALLBACK_LANGUAGE;
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

export const labels: Record<Language, Labels> = {
  ar: arLabels,
  en: enLabels,
  fr: frLabels,
  de: deLabels,
  pt: ptLabels,
  ku: kuLabels,
};

export function isLabelKey(key: string): key is LabelKey {
  return Object.prototype.hasOwnProperty.call(enLabels, key);
}

/** The name of an entity, field or option in a language; English where a label is missing, never a raw key. */
export function label(language: Language, key: string): string {
  if (!isLabelKey(key)) return key.split('.').pop() ?? key;
  return labels[language][key] ?? enLabels[key];
}
