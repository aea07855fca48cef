import type { Language } from './languages';
import arLabels from './locales/ar/labels.json';
import deLabels from './locales/de/labels.json';
import enLabels from './locales/en/labels.json';
import frLabels from './locales/fr/labels.json';
import kuLabels from './locales/ku/labels.json';
import ptLabels from './locales/pt/labels.json';

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

/** Here every language is at hand; a feature app's build fetches one at a time (labels.browser.ts). */
export function loadLabels(_language: Language): Promise<void> {
  return Promise.resolve();
}

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
