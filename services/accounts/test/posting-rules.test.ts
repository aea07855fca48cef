import { dec, type AccountLinkName } from '@erp/contracts';
import { checkEntryLines } from '../src/journal/entry-rules';
import { inventoryPostingRules } from '../src/posting/inventory-rules';
import { postingRules, postingSourceType, ruleFor } from '../src/posting/registry';
import {
  activeLines,
  journalLines,
  linkedAccountIds,
  nettedMoney,
  plannedLines,
  type NotPostable,
} from '../src/posting/rule-lines';
import { costCorrectionLine } from '../src/posting/rules';
import { safePostingRules } from '../src/posting/safe-rules';
import { salesPostingRules } from '../src/posting/sales-rules';
import {
  generator,
  SEED,
  COUNT,
  allLinks,
  leaves,
  amounts,
  book,
  d,
  c,
  text,
  units,
  netOf,
  nonZero,
  table,
  costTypes,
  modelCost,
  signed,
} from './support/posting-model';

/**
 * The posting rules (issue 13 deliverable 3, issue 14 deliverable 5, issue 15 deliverable 5) without a database:
 * the declarations against the spec's table (docs/architecture.md, 'Posting'), the lines they make (a negative
 * amount swaps the sides, a zero one books nothing, money netted per account, side and tax tag), the first reason
 * a document cannot be posted, and on random amounts with a fixed seed: every entry balances, no zero or negative
 * line, each account's net equals an independent model in integers (ten-thousandths). The unit tests of
 * `pnpm mutation posting-rules`.
 */

describe('the registry', () => {
  it('knows each declared type by its service and name, and nothing else', () => {
    expect(postingRules.map((r) => postingSourceType(r.sourceService, r.documentType)).sort()).toEqual(
      [...costTypes, 'sales.safeTransactions'].sort(),
    );
    for (const rule of postingRules) expect(ruleFor(rule.sourceService, rule.documentType)).toBe(rule);
    expect(ruleFor('sales', 'additionOrders')).toBeUndefined();
    expect(ruleFor('inventory', 'salesInvoices')).toBeUndefined();
    expect(ruleFor('inventory', 'nope')).toBeUndefined();
    expect(ruleFor('', '')).toBeUndefined();
  });

  it('names the journal source type <service>.<documentType>', () => {
    expect(postingSourceType('inventory', 'additionOrders')).toBe('inventory.additionOrders');
    expect(postingSourceType('sales', 'salesReturns')).toBe('sales.salesReturns');
  });

  it('declares each type’s lines as the spec’s table says, with the cost corrections', () => {
    expect(costCorrectionLine).toEqual({
      debit: 'inventory',
      credit: 'costOfGoodsSold',
      amount: 'correction',
    });
    for (const type of costTypes) {
      const [service, name] = type.split('.') as [string, string];
      const t = table[type]!;
      const lines = [
        ...(t.out ? [{ debit: t.out[0], credit: t.out[1], amount: 'out' }] : []),
        ...(t.in ? [{ debit: t.in[0], credit: t.in[1], amount: 'in' }] : []),
        costCorrectionLine,
      ];
      expect([
        type,
        [...ruleFor(service, name)!.lines].sort((a, b) => (a.amount < b.amount ? -1 : 1)),
      ]).toEqual([type, lines.sort((a, b) => (a.amount < b.amount ? -1 : 1))]);
    }
    expect(inventoryPostingRules.every((r) => r.sourceService === 'inventory' && !r.money)).toBe(true);
    expect(salesPostingRules.every((r) => r.sourceService === 'sales' && typeof r.money === 'function')).toBe(
      true,
    );
    expect(safePostingRules.map((r) => [r.sourceService, r.documentType, r.lines])).toEqual([
      ['sales', 'safeTransactions', []],
    ]);
  });
});

describe('a rule’s cost lines', () => {
  it('books each amount as a pair, the exact amount, in the rule’s order', () => {
    expect(book('storageTransfers', amounts('12.3456', '12.3456', 0))).toEqual([
      d('goodsInTransit', '12.3456'),
      c('inventory', '12.3456'),
      d('inventory', '12.3456'),
      c('goodsInTransit', '12.3456'),
    ]);
    expect(book('additionOrders', amounts('100000000000.0001', 0, 0))).toEqual([
      d('inventory', '100000000000.0001'),
      c('stockReceipts', '100000000000.0001'),
    ]);
    expect(book('salesInvoices', amounts(0, '1e-4', '2.5'))).toEqual([
      d('costOfGoodsSold', '0.0001'),
      c('inventory', '0.0001'),
      d('inventory', '2.5'),
      c('costOfGoodsSold', '2.5'),
    ]);
  });

  it('swaps the sides of a negative amount and books nothing for a zero one', () => {
    expect(book('shortageAdjustments', amounts(0, 0, '-7.25'))).toEqual([
      d('costOfGoodsSold', '7.25'),
      c('inventory', '7.25'),
    ]);
    expect(book('stocktakings', amounts('-3', '4', 0))).toEqual([
      d('overflow', '3'),
      c('inventory', '3'),
      d('shortage', '4'),
      c('inventory', '4'),
    ]);
    expect(book('damageAdjustments', amounts(0, 0, 0))).toEqual([]);
    expect(book('damageAdjustments', amounts('-0', '0.0000', 0))).toEqual([]);
  });

  it('activeLines gives the pairs with positive exact amounts, zero ones left out', () => {
    const rule = ruleFor('inventory', 'manufacturingOrders')!;
    expect(activeLines(rule, amounts('2', '-1.5', 0))).toEqual([
      { debit: 'inventory', credit: 'costOfGoodsSold', amount: '1.5' },
      { debit: 'inventory', credit: 'costOfGoodsSold', amount: '2' },
    ]);
    expect(activeLines(rule, amounts(0, 0, 0))).toEqual([]);
    expect(activeLines(rule, amounts(0, 0, '1e21'))).toEqual([
      { debit: 'inventory', credit: 'costOfGoodsSold', amount: '1000000000000000000000' },
    ]);
  });

  it('equals the model on random amounts of every type, every entry balanced', () => {
    const r = generator(SEED);
    for (let i = 0; i < COUNT; i++) {
      const type = costTypes[r(costTypes.length)]!;
      const [inU, outU, corr] = [signed(r), signed(r), signed(r)];
      const lines = book(type.split('.')[1]!, amounts(text(inU), text(outU), text(corr)), type.split('.')[0]);
      expect([type, inU, outU, corr, netOf(lines)]).toEqual([
        type,
        inU,
        outU,
        corr,
        nonZero(modelCost(type, inU, outU, corr)),
      ]);
      if (lines.length > 0)
        expect(checkEntryLines(lines).debit.equals(checkEntryLines(lines).credit)).toBe(true);
      for (const l of lines) expect(units(l.debit) > 0n !== units(l.credit) > 0n).toBe(true);
    }
  });
});

describe('the money part netted', () => {
  const line = (
    link: AccountLinkName,
    side: 'debit' | 'credit',
    amount: string,
    taxTag: string | null = null,
  ) => ({
    link,
    side,
    amount: dec(amount),
    taxTag,
  });

  it('one line per link, side and tax tag, in the order first met, zero ones left out', () => {
    expect(
      nettedMoney([
        line('cash', 'debit', '10'),
        line('sales', 'credit', '5', 'standardRatedSales|base|15'),
        line('banks', 'debit', '0'),
        line('cash', 'debit', '2.5'),
        line('sales', 'credit', '1', 'zeroRatedSales|base|0'),
        line('sales', 'credit', '3', 'standardRatedSales|base|15'),
        line('sales', 'credit', '4'),
        line('sales', 'credit', '0.0001', ''),
      ]),
    ).toEqual([
      line('cash', 'debit', '12.5'),
      line('sales', 'credit', '8', 'standardRatedSales|base|15'),
      line('sales', 'credit', '1', 'zeroRatedSales|base|0'),
      line('sales', 'credit', '4.0001'),
    ]);
  });

  it('puts a negative amount on the other side, netting with what is there', () => {
    expect(
      nettedMoney([
        line('receivables', 'debit', '-3'),
        line('receivables', 'credit', '2'),
        line('cash', 'credit', '-4'),
        line('cash', 'debit', '1'),
        line('cash', 'credit', '6'),
      ]),
    ).toEqual([line('receivables', 'credit', '5'), line('cash', 'debit', '5'), line('cash', 'credit', '6')]);
    expect(nettedMoney([line('cash', 'debit', '0'), line('banks', 'credit', '-0')])).toEqual([]);
  });

  it('books the money lines after the cost pairs, with their tax tags', () => {
    const a = amounts(0, '3', 0, [
      line('sales', 'credit', '10', 'standardRatedSales|base|15'),
      line('vatOutput', 'credit', '1.5', 'standardRatedSales|tax|15'),
      line('cash', 'debit', '11.5'),
      line('banks', 'debit', '-2'),
      line('receivables', 'debit', '2'),
    ]);
    expect(book('salesInvoices', a)).toEqual([
      d('costOfGoodsSold', '3'),
      c('inventory', '3'),
      c('sales', '10', 'standardRatedSales|base|15'),
      c('vatOutput', '1.5', 'standardRatedSales|tax|15'),
      d('cash', '11.5'),
      c('banks', '2'),
      d('receivables', '2'),
    ]);
  });
});

describe('why a document cannot be posted', () => {
  const rule = ruleFor('sales', 'salesInvoices')!;
  const plan = plannedLines(
    rule,
    amounts(0, '5', 0, [
      { link: 'sales', side: 'credit', amount: dec(5), taxTag: null },
      { link: 'cash', side: 'debit', amount: dec(5), taxTag: null },
    ]),
  );
  const without = (...names: AccountLinkName[]) => ({
    ...allLinks,
    ...Object.fromEntries(names.map((n) => [n, null])),
  });
  const problem = (reason: NotPostable['reason'], link: AccountLinkName) => ({ reason, link });

  it('names the linked accounts the lines need, links not set left out', () => {
    expect(linkedAccountIds(plan, allLinks)).toEqual([
      'A-costOfGoodsSold',
      'A-inventory',
      'A-sales',
      'A-cash',
    ]);
    expect(linkedAccountIds(plan, without('inventory', 'cash'))).toEqual(['A-costOfGoodsSold', 'A-sales']);
    expect(linkedAccountIds(plannedLines(rule, amounts(0, 0, 0)), allLinks)).toEqual([]);
  });

  it('a link not set, an account missing or a parent: the first in the lines’ order', () => {
    expect(journalLines(plan, without('costOfGoodsSold', 'cash'), leaves)).toEqual(
      problem('posting.linkMissing', 'costOfGoodsSold'),
    );
    expect(journalLines(plan, without('inventory', 'sales'), leaves)).toEqual(
      problem('posting.linkMissing', 'inventory'),
    );
    expect(journalLines(plan, without('cash'), leaves)).toEqual(problem('posting.linkMissing', 'cash'));
    const found = (changes: Record<string, { parent: boolean } | null>) => {
      const map = new Map(leaves);
      for (const [id, account] of Object.entries(changes))
        if (account) map.set(id, account);
        else map.delete(id);
      return map;
    };
    expect(journalLines(plan, allLinks, found({ 'A-inventory': null }))).toEqual(
      problem('posting.accountMissing', 'inventory'),
    );
    expect(journalLines(plan, allLinks, found({ 'A-inventory': { parent: true } }))).toEqual(
      problem('posting.accountIsParent', 'inventory'),
    );
    expect(journalLines(plan, allLinks, found({ 'A-sales': { parent: true }, 'A-cash': null }))).toEqual(
      problem('posting.accountIsParent', 'sales'),
    );
    expect(journalLines(plan, allLinks, found({ 'A-cash': null }))).toEqual(
      problem('posting.accountMissing', 'cash'),
    );
    expect(journalLines(plan, allLinks, found({ 'A-cash': { parent: true } }))).toEqual(
      problem('posting.accountIsParent', 'cash'),
    );
    // a link the lines do not use may be missing
    expect(Array.isArray(journalLines(plan, without('goodsInTransit'), found({ 'A-damage': null })))).toBe(
      true,
    );
  });
});
