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

export * from './languages';
import type { Language } from './languages';

export const serverMessages: Record<Language, ServerMessages> = { ar, en, fr, de, pt, ku };

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

export * from './dates/dates';
