import type { Language } from '@erp/i18n';
import type { MessageTree } from '@erp/i18n/src/client';

/** The Purchases app's own texts (namespace 'mfe_purchases'); the UI kit's shared texts come with it ('ui'). */
export const messages: Record<Language, MessageTree> = {
  ar: { title: 'المشتريات' },
  en: { title: 'Purchases' },
  fr: { title: 'Achats' },
  de: { title: 'Einkauf' },
  pt: { title: 'Compras' },
  ku: { title: 'کڕین' },
};
