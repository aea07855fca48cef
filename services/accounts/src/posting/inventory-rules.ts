import { costCorrectionLine, type PostingRule } from './rules';

const inventory = (documentType: string, lines: PostingRule['lines']): PostingRule => ({
  sourceService: 'inventory',
  documentType,
  lines: [...lines, costCorrectionLine],
});

/**
 * Inventory's stock documents (issue 13, deliverable 3): shortage and damage against expense, overflow against
 * income, stocktaking differences both ways, transfers through goods in transit, manufacturing at cost.
 */
export const inventoryPostingRules: readonly PostingRule[] = [
  inventory('additionOrders', [{ debit: 'inventory', credit: 'stockReceipts', amount: 'in' }]),
  inventory('exchangeOrders', [{ debit: 'stockIssues', credit: 'inventory', amount: 'out' }]),
  inventory('shortageAdjustments', [{ debit: 'shortage', credit: 'inventory', amount: 'out' }]),
  inventory('damageAdjustments', [{ debit: 'damage', credit: 'inventory', amount: 'out' }]),
  inventory('overflowAdjustments', [{ debit: 'inventory', credit: 'overflow', amount: 'in' }]),
  inventory('stocktakings', [
    { debit: 'inventory', credit: 'overflow', amount: 'in' },
    { debit: 'shortage', credit: 'inventory', amount: 'out' },
  ]),
  // the goods leave one store and reach the other at the same cost: transit nets to zero
  inventory('storageTransfers', [
    { debit: 'goodsInTransit', credit: 'inventory', amount: 'out' },
    { debit: 'inventory', credit: 'goodsInTransit', amount: 'in' },
  ]),
  // components consumed, products received at their cost; a rounding difference stays in cost of goods sold
  inventory('manufacturingOrders', [
    { debit: 'costOfGoodsSold', credit: 'inventory', amount: 'out' },
    { debit: 'inventory', credit: 'costOfGoodsSold', amount: 'in' },
  ]),
];
