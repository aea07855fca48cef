import type { Language } from '@erp/i18n';
import type { MessageTree } from '@erp/i18n/src/client';

/** The Inventory app's own texts (namespace 'mfe_inventory'); the UI kit's shared texts come with it ('ui'). */
export const messages: Record<Language, MessageTree> = {
  ar: { title: 'المخزون' },
  en: { title: 'Inventory' },
  fr: { title: 'Stocks' },
  de: { title: 'Lagerbestand' },
  pt: { title: 'Stock' },
  ku: { title: 'کۆگا' },
};
