import type { Language } from '@erp/i18n';
import type { MessageTree } from '@erp/i18n/src/client';

/** The Sales app's own texts (namespace 'mfe_sales'); the UI kit's shared texts come with it ('ui'). */
export const messages: Record<Language, MessageTree> = {
  ar: { title: 'المبيعات' },
  en: { title: 'Sales' },
  fr: { title: 'Ventes' },
  de: { title: 'Verkauf' },
  pt: { title: 'Vendas' },
  ku: { title: 'فرۆشتن' },
};
