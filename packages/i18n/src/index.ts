import { ar } from './server/ar';
import { de } from './server/de';
import { en, type ServerMessageKey, type ServerMessages } from './server/en';
import { fr } from './server/fr';
import { ku } from './server/ku';
import { pt } from './server/pt';
import arLabels from './locales/ar/labels.json';
import deLabels from './locales/de/labels.json';
import enLabels from './locales/en/labels.json';
import frLabels from './locales/fr/labels.json';
import kuLabels from './locales/ku/labels.json';
import ptLabels from './locales/pt/labels.json';

export type { ServerMessageKey, ServerMessages };

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

/**
 * Names of entities, documents, fields and options ('labels' JSON, `locales/<language>/labels.json`), shared by the
 * screens (columns, form labels) and the server (export headers), so every language is here. The JSON nests
 * them by group ({ fields: { code } }); a key is 'group.name'. A group named after an entity or a document
 * ({ storageTransfers: { storeId } }) names that one's fields its own way (`fieldLabel`).
 */
type LabelGroups = typeof enLabels;
export type LabelKey = {
  [G in keyof LabelGroups]: `${G & string}.${keyof LabelGroups[G] & string}`;
}[keyof LabelGroups];
export type Labels = Record<LabelKey, string>;

function flatten(groups: Record<string, Record<string, string>>): Labels {
  const out: Record<string, string> = {};
  for (const [group, names] of Object.entries(groups)) {
    for (const [name, text] of Object.entries(names)) out[`${group}.${name}`] = text;
  }
  return out as Labels;
}

export const labels: Record<Language, Labels> = {
  ar: flatten(arLabels),
  en: flatten(enLabels),
  fr: flatten(frLabels),
  de: flatten(deLabels),
  pt: flatten(ptLabels),
  ku: flatten(kuLabels),
};

export function isLabelKey(key: string): key is LabelKey {
  return Object.prototype.hasOwnProperty.call(labels.en, key);
}

/** The name of an entity, field or option in a language; English where a label is missing, never a raw key. */
export function label(language: Language, key: string): string {
  if (!isLabelKey(key)) return key.split('.').pop() ?? key;
  return labels[language][key] ?? labels.en[key];
}

/**
 * A field's name on an entity's or a document's screen: its own label (`<owner>.<field>`, e.g. a storage
 * transfer's store is 'From store') if it has one, else the shared 'fields.<field>'.
 */
export function fieldLabel(language: Language, field: string, owner?: string): string {
  const own = owner ? `${owner}.${field}` : '';
  return isLabelKey(own) ? label(language, own) : label(language, `fields.${field}`);
}

export * from './dates/dates';
