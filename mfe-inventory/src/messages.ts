import type { Language } from '@erp/i18n';
import type { MessageTree } from '@erp/i18n/src/client';
import { inventoryMessages } from '@erp/i18n/src/client/inventory';

/**
 * The Inventory app's own texts (namespace 'mfe_inventory'): its title, the stock transactions list and the
 * items reports; the UI kit's shared texts come with it ('ui'). The texts live with the other client texts in
 * `@erp/i18n`, where the missing-key tests see them.
 */
export const messages: Record<Language, MessageTree> = inventoryMessages as unknown as Record<
  Language,
  MessageTree
>;
