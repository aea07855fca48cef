import { checkEntryLines } from '../src/journal/entry-rules';
import { ruleFor } from '../src/posting/registry';
import { type DocumentMoney } from '../src/posting/rules';
import { safeTransactionMoney } from '../src/posting/safe-rules';
import { salesMoneyIssue } from '../src/posting/sales-rules';
import {
  generator,
  SEED,
  COUNT,
  amounts,
  book,
  d,
  c,
  text,
  netOf,
  nonZero,
  modelCost,
  modelMoney,
  randomMoney,
} from './support/posting-model';

/**
 * The posting rules of sales invoices, returns and a cashier's shift (issue 14 deliverable 5, issue 15 deliverable
 * 5) without a database: on random money with a fixed seed, every entry balances and each account's net equals the
 * independent model (support/posting-model.ts); money that does not add up is refused. With posting-rules.test.ts,
 * the unit tests of `pnpm mutation posting-rules`.
 */

describe('sales invoices and returns: their money', () => {
  const money: DocumentMoney = {
    gross: '230',
    discount: '30',
    vat: '22.5',
    total: '222.5',
    vatCategories: [
      { category: 'S', rate: '15.00', taxable: '150', vat: '22.5' },
      { category: 'Z', rate: '0', taxable: '20', vat: '0' },
      { category: 'E', rate: '0', taxable: '10', vat: '0' },
      { category: 'O', rate: '0', taxable: '20', vat: '0' },
    ],
    payments: [
      { methodId: 'a', kind: 'cash', amount: '100' },
      { methodId: 'b', kind: 'card', amount: '50' },
      { methodId: 'c', kind: 'cash', amount: '20' },
      { methodId: 'd', kind: 'bankTransfer', amount: '2.5' },
    ],
  };

  it('an invoice: revenue per category and its VAT credited with their box tags, the rest debited', () => {
    expect(book('salesInvoices', amounts(0, 0, 0, ruleFor('sales', 'salesInvoices')!.money!(money)))).toEqual(
      [
        c('sales', '150', 'standardRatedSales|base|15'),
        c('vatOutput', '22.5', 'standardRatedSales|tax|15'),
        c('sales', '20', 'zeroRatedSales|base|0'),
        c('sales', '10', 'exemptSales|base|0'),
        c('sales', '50'),
        d('discountsAllowed', '30'),
        d('cash', '120'),
        d('banks', '52.5'),
        d('receivables', '50'),
      ],
    );
  });

  it('a return: the same the other way on sales returns', () => {
    expect(book('salesReturns', amounts(0, 0, 0, ruleFor('sales', 'salesReturns')!.money!(money)))).toEqual([
      d('salesReturns', '150', 'standardRatedSales|base|15'),
      d('vatOutput', '22.5', 'standardRatedSales|tax|15'),
      d('salesReturns', '20', 'zeroRatedSales|base|0'),
      d('salesReturns', '10', 'exemptSales|base|0'),
      d('salesReturns', '50'),
      c('discountsAllowed', '30'),
      c('cash', '120'),
      c('banks', '52.5'),
      c('receivables', '50'),
    ]);
  });

  it('gives its raw lines: every category, then the gross-up, discount, cash, banks and receivables', () => {
    const lines = ruleFor('sales', 'salesInvoices')!.money!({
      ...money,
      vatCategories: money.vatCategories.slice(0, 1),
      gross: '180',
      total: '172.5',
      payments: [],
    });
    expect(lines.map((l) => [l.link, l.side, l.amount.toFixed(), l.taxTag])).toEqual([
      ['sales', 'credit', '150', 'standardRatedSales|base|15'],
      ['vatOutput', 'credit', '22.5', 'standardRatedSales|tax|15'],
      ['sales', 'credit', '30', null],
      ['discountsAllowed', 'debit', '30', null],
      ['cash', 'debit', '0', null],
      ['banks', 'debit', '0', null],
      ['receivables', 'debit', '172.5', null],
    ]);
  });

  it('an overpaid invoice credits receivables with the change', () => {
    const lines = book(
      'salesInvoices',
      amounts(
        0,
        0,
        0,
        ruleFor('sales', 'salesInvoices')!.money!({
          gross: '10',
          discount: '0',
          vat: '0',
          total: '10',
          vatCategories: [{ category: 'O', rate: '0', taxable: '10', vat: '0' }],
          payments: [{ methodId: 'a', kind: 'cash', amount: '12' }],
        }),
      ),
    );
    expect(lines).toEqual([c('sales', '10'), d('cash', '12'), c('receivables', '2')]);
  });

  it('equals the model on random money, every entry balanced, one line per account and tag', () => {
    const r = generator(SEED + 1);
    for (let i = 0; i < COUNT; i++) {
      const m = randomMoney(r);
      expect(salesMoneyIssue(m)).toBeNull();
      for (const [type, invoice] of [
        ['salesInvoices', true],
        ['salesReturns', false],
      ] as const) {
        const outU = r(2) === 0 ? 0n : BigInt(r(1_000_000));
        const lines = book(
          type,
          amounts(invoice ? 0 : text(outU), invoice ? text(outU) : 0, 0, ruleFor('sales', type)!.money!(m)),
        );
        const want = modelMoney(m, invoice);
        for (const [k, v] of modelCost(`sales.${type}`, outU, outU, 0n)) want.set(k, (want.get(k) ?? 0n) + v);
        expect([m, type, netOf(lines)]).toEqual([m, type, nonZero(want)]);
        if (lines.length > 0) {
          const { debit, credit } = checkEntryLines(lines);
          expect(debit.equals(credit)).toBe(true);
        }
        const money = lines.slice(outU === 0n ? 0 : 2);
        const keys = money.map((l) => `${l.accountId}|${l.taxTag ?? ''}`);
        expect(new Set(keys).size).toBe(keys.length);
      }
    }
  });
});

describe('salesMoneyIssue: money that does not add up is refused', () => {
  const good: DocumentMoney = {
    gross: '100',
    discount: '10',
    vat: '13.5',
    total: '103.5',
    vatCategories: [
      { category: 'S', rate: '15', taxable: '80', vat: '12' },
      { category: 'S', rate: '5', taxable: '10', vat: '1.5' },
    ],
    payments: [],
  };

  it('accepts figures that add up', () => {
    expect(salesMoneyIssue(good)).toBeNull();
    expect(salesMoneyIssue({ ...good, gross: '90', discount: '0', total: '103.5' })).toBeNull();
    expect(
      salesMoneyIssue({ gross: '0', discount: '0', vat: '0', total: '0', vatCategories: [], payments: [] }),
    ).toBeNull();
  });

  it('names the first figure that does not', () => {
    expect(salesMoneyIssue({ ...good, total: '103.51' })).toBe('total is not gross - discount + vat');
    expect(salesMoneyIssue({ ...good, total: '83.5' })).toBe('total is not gross - discount + vat');
    expect(salesMoneyIssue({ ...good, discount: '-10' })).toBe('total is not gross - discount + vat');
    expect(salesMoneyIssue({ ...good, total: '123.5', discount: '-10' })).toBe(
      'the taxable amounts are not gross - discount',
    );
    expect(
      salesMoneyIssue({
        ...good,
        vatCategories: [{ category: 'S', rate: '15', taxable: '80', vat: '13.5' }],
      }),
    ).toBe('the taxable amounts are not gross - discount');
    expect(
      salesMoneyIssue({
        ...good,
        vatCategories: [good.vatCategories[0]!, { category: 'S', rate: '5', taxable: '10', vat: '1.4' }],
      }),
    ).toBe('the categories VAT is not the vat');
    expect(
      salesMoneyIssue({ ...good, vatCategories: [{ category: 'O', rate: '0', taxable: '90', vat: '0' }] }),
    ).toBe('the categories VAT is not the vat');
  });
});

describe('a cashier’s shift closed short or over', () => {
  const safe = (deficit: string) =>
    book(
      'safeTransactions',
      {
        ...amounts(0, 0, 0),
        money: ruleFor('sales', 'safeTransactions')!.money!(safeTransactionMoney(deficit)),
      },
      'sales',
    );

  it('keeps the deficit in the money’s total alone', () => {
    expect(safeTransactionMoney('-12.5')).toEqual({
      gross: '0',
      discount: '0',
      vat: '0',
      total: '-12.5',
      vatCategories: [],
      payments: [],
    });
  });

  it('a deficit debits shortage against cash, a surplus credits overflow, nothing when even', () => {
    expect(safe('12.5')).toEqual([d('shortage', '12.5'), c('cash', '12.5')]);
    expect(safe('-3.0001')).toEqual([c('overflow', '3.0001'), d('cash', '3.0001')]);
    expect(safe('0')).toEqual([]);
    expect(safe('-0')).toEqual([]);
  });

  it('gives its raw lines: shortage, overflow, cash', () => {
    const raw = (deficit: string) =>
      ruleFor('sales', 'safeTransactions')!.money!(safeTransactionMoney(deficit)).map((l) => [
        l.link,
        l.side,
        l.amount.toFixed(),
        l.taxTag,
      ]);
    expect(raw('2')).toEqual([
      ['shortage', 'debit', '2', null],
      ['overflow', 'credit', '0', null],
      ['cash', 'credit', '2', null],
    ]);
    expect(raw('-2')).toEqual([
      ['shortage', 'debit', '0', null],
      ['overflow', 'credit', '2', null],
      ['cash', 'credit', '-2', null],
    ]);
  });
});
