import type { Language } from './languages';
import type { LabelKey, Labels } from './labels';

export type { LabelKey, Labels };

/**
 * The labels as a feature app has them (the web build puts this module in place of `labels.ts` in the feature
 * apps): the page's language alone, fetched by `loadLabels` before the app renders in it (`featureLifecycles`),
 * instead of six languages in every screen's first script (issue 12, ≈ 20 KB gz). Every language has exactly
 * English's keys (labels.test.ts), so a loaded language needs no English beside it (3.7 KB gz less on an Arabic
 * page's first screen). The manifests keep all six (ui-kit's manifest-messages.ts imports `labels.ts` itself).
 */
type Groups = Record<string, Record<string, string>>;
const loaders: Record<Language, () => Promise<Groups>> = {
  ar: () => import(/* webpackChunkName: "labels-ar" */ './locales/ar/labels.json').then((m) => m.default),
  en: () => import(/* webpackChunkName: "labels-en" */ './locales/en/labels.json').then((m) => m.default),
  fr: () => import(/* webpackChunkName: "labels-fr" */ './locales/fr/labels.json').then((m) => m.default),
  de: () => import(/* webpackChunkName: "labels-de" */ './locales/de/labels.json').then((m) => m.default),
  pt: () => import(/* webpackChunkName: "labels-pt" */ './locales/pt/labels.json').then((m) => m.default),
  ku: () => import(/* webpackChunkName: "labels-ku" */ './locales/ku/labels.json').then((m) => m.default),
};

function flatten(groups: Groups): Labels {
  const out: Record<string, string> = {};
  for (const [group, names] of Object.entries(groups))
    for (const [name, text] of Object.entries(names)) out[`${group}.${name}`] = text;
  return out as Labels;
}

export const labels: Partial<Record<Language, Labels>> = {};
const loading = new Map<Language, Promise<void>>();

function loadOne(language: Language): Promise<void> {
  let done = loading.get(language);
  if (!done) {
    done = loaders[language]().then(
      (groups) => {
        labels[language] = flatten(groups);
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

export function loadLabels(language: Language): Promise<void> {
  return loadOne(language);
}

/** Every language has every key (labels.test.ts): any loaded one says; before one is here, nothing is a key yet. */
export function isLabelKey(key: string): key is LabelKey {
  return Object.values(labels).some((table) => Object.prototype.hasOwnProperty.call(table, key));
}

/**
 * The name of an entity, field or option in a language; never a raw key: the key's last part until the language
 * is here (it is fetched then).
 */
export function label(language: Language, key: string): string {
  const text = isLabelKey(key) ? (labels[language]?.[key] ?? labels.en?.[key]) : undefined;
  if (text !== undefined) return text;
  void loadLabels(language).catch(() => undefined);
  return key.split('.').pop() ?? key;
}

/**
 * A field's name on an entity's or a document's screen: its own label (`<owner>.<field>`, e.g. a storage
 * transfer's store is 'From store') if it has one, else the shared 'fields.<field>'.
 */
export function fieldLabel(language: Language, field: string, owner?: string): string {
  const own = owner ? `${owner}.${field}` : '';
  return isLabelKey(own) ? label(language, own) : label(language, `fields.${field}`);
}
