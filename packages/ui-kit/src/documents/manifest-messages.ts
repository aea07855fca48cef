import type { DocumentDef } from '@erp/contracts/src/declare';
// every language, as the manifest needs them (see master-data/manifest-messages.ts)
import { labels } from '@erp/i18n/src/labels';
import { languages } from '@erp/i18n/src/languages';
import type { FeatureMessages } from '../contract';
import { documentMenuEntry, documentRoutesOf } from './manifest-parts';

export function documentMessages(docs: readonly DocumentDef[]): FeatureMessages {
  return Object.fromEntries(
    languages.map((language) => [
      language,
      Object.fromEntries(
        docs.map((d) => [d.name, labels[language][`documents.${d.name}` as keyof (typeof labels)['en']]]),
      ),
    ]),
  );
}

/** Routes, menu and messages of a feature app's documents; menu positions follow the declaration order. */
export function documentsManifest(docs: readonly DocumentDef[], firstOrder = 100) {
  return {
    routes: docs.flatMap(documentRoutesOf),
    menu: docs.map((d, i) => documentMenuEntry(d, firstOrder + i)),
    messages: documentMessages(docs),
  };
}
