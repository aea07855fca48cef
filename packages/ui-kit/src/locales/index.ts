import { perLanguage } from '@erp/i18n/src/client';
import type en from './en/ui.json';

/**
 * The UI kit's texts, namespace 'ui' (master-data and document screens, lines grid, jobs, import/export), one
 * chunk per language. The kit reaches the feature apps through the shell (`provided-by-shell.json`), so the
 * shell and every app share these chunks and their cache: a language is fetched once per page.
 */
export const uiNamespace = {
  ui: perLanguage((l) => import(/* webpackChunkName: "texts-[request]" */ `./${l}/ui.json`)),
};

/** The 'ui' namespace's keys, from the English JSON. */
export type UiTexts = typeof en;
