import type { Language } from '@erp/i18n';
import type { MessageTree } from '@erp/i18n/src/client';

/** The Concrete app's own texts (namespace 'mfe_concrete'); the UI kit's shared texts come with it ('ui'). */
export const messages: Record<Language, MessageTree> = {
  ar: { title: 'الخرسانة' },
  en: { title: 'Concrete' },
  fr: { title: 'Béton' },
  de: { title: 'Beton' },
  pt: { title: 'Betão' },
  ku: { title: 'کۆنکریت' },
};
