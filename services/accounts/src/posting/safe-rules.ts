import { dec } from '@erp/contracts';
import type { DocumentMoney, MoneyLine, PostingRule } from './rules';

/**
 * A closed shift's money as the posting document keeps it: the deficit (expected − counted cash) in `total`,
 * signed, nothing else (`safeTransactionMoney` writes it, the rule reads it).
 */
export function safeTransactionMoney(deficit: string): DocumentMoney {
  return { gross: '0', discount: '0', vat: '0', total: deficit, vatCategories: [], payments: [] };
}

/**
 * A cashier's shift closed short or over (issue 15, deliverable 5): a deficit is an expense of the branch's
 * shortage account against its cash (the safe's money left the drawer), a surplus the other way into its overflow
 * account. The default chart links those to the inventory shortage and overflow accounts; a branch may link
 * others (account links, spec section 3).
 */
export const safePostingRules: readonly PostingRule[] = [
  {
    sourceService: 'sales',
    documentType: 'safeTransactions',
    lines: [],
    money: (m): MoneyLine[] => {
      const deficit = dec(m.total);
      return [
        { link: 'shortage', side: 'debit', amount: deficit.isPositive() ? deficit : dec(0), taxTag: null },
        {
          link: 'overflow',
          side: 'credit',
          amount: deficit.isNegative() ? deficit.negated() : dec(0),
          taxTag: null,
        },
        // a negative deficit (a surplus) falls on the debit side of cash
        { link: 'cash', side: 'credit', amount: deficit, taxTag: null },
      ];
    },
  },
];
