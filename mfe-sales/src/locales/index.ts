import { perLanguage } from '@erp/i18n/src/client';

/**
 * The app's own texts, namespace 'mfe_sales' (`./<language>/mfe_sales.json`); the UI kit's come with it ('ui'). One chunk
 * per language, fetched for the language shown only.
 */
export const texts = perLanguage(
  (l) => import(/* webpackChunkName: "texts-[request]" */ `./${l}/mfe_sales.json`),
);
