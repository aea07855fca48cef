import type { Language } from '@erp/i18n';
import type { MessageTree } from '@erp/i18n/src/client';

/** The Accounts app's own texts (namespace 'mfe_accounts'); the UI kit's shared texts come with it ('ui'). */
export const messages: Record<Language, MessageTree> = {
  ar: { title: 'الحسابات' },
  en: { title: 'Accounts' },
  fr: { title: 'Comptabilité' },
  de: { title: 'Buchhaltung' },
  pt: { title: 'Contabilidade' },
  ku: { title: 'ژمێریاری' },
};
