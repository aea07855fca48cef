import { masterDataEntities, type EntityDef } from '@erp/contracts/src/declare';
// every language, as the manifest needs them: not '@erp/i18n', whose labels a feature app's screens fetch one
// language at a time (i18n/src/labels.browser.ts)
import { labels } from '@erp/i18n/src/labels';
import { languages } from '@erp/i18n/src/languages';
import type { FeatureMessages } from '../contract';
import { masterDataMenuEntry, masterDataRoutes } from './manifest-parts';

/** The entities' names in the six languages, keyed as the routes' titleKey and the menu's labelKey. */
export function masterDataMessages(entities: readonly EntityDef[]): FeatureMessages {
  return Object.fromEntries(
    languages.map((language) => [
      language,
      Object.fromEntries(
        entities.map((e) => [e.name, labels[language][`entities.${e.name}` as keyof (typeof labels)['en']]]),
      ),
    ]),
  );
}

/**
 * Routes, menu and messages of a feature app's entities, for its manifest. Menu positions follow the
 * declaration order of all entities, so a group that several apps fill keeps one stable order.
 */
export function masterDataManifest(entities: readonly EntityDef[]) {
  return {
    routes: entities.flatMap(masterDataRoutes),
    menu: entities.map((e) =>
      masterDataMenuEntry(
        e,
        masterDataEntities.findIndex((d) => d.name === e.name),
      ),
    ),
    messages: masterDataMessages(entities),
  };
}
