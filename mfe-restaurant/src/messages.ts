import type { Language } from '@erp/i18n';
import type { MessageTree } from '@erp/i18n/src/client';

/** The Restaurant app's own texts (namespace 'mfe_restaurant'); the UI kit's shared texts come with it ('ui'). */
export const messages: Record<Language, MessageTree> = {
  ar: { title: 'المطعم' },
  en: { title: 'Restaurant' },
  fr: { title: 'Restaurant' },
  de: { title: 'Restaurant' },
  pt: { title: 'Restaurante' },
  ku: { title: 'چێشتخانە' },
};
