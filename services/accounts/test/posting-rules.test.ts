import { accountLinkNames, dec, type AccountLinkName, type BranchAccountLinks } from '@erp/contracts';
import { checkEntryLines, type JournalLineInput } from '../src/journal/entry-rules';
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
import {
  costCorrectionLine,
  type DocumentMoney,
  type MoneyLine,
  type PostingAmounts,
} from '../src/posting/rules';
import { safePostingRules, safeTransactionMoney } from '../src/posting/safe-rules';
import { salesMoneyIssue, salesPostingRules } from '../src/posting/sales-rules';

/**
 * The posting rules (issue 13 deliverable 3, issue 14 deliverable 5, issue 15 deliverable 5) without a database:
 * the declarations against the spec's table (docs/architecture.md, 'Posting'), the lines they make (a negative
 * amount swaps the sides, a zero one books nothing, money netted per account, side and tax tag), the first reason
 * a document cannot be posted, and on random amounts with a fixed seed: every entry balances, no zero or negative
 * line, each account's net equals an independent model in integers (ten-thousandths). The unit tests of
 * `pnpm mutation posting-rules`.
 */

/** A seeded generator (mulberry32): the same cases every run; POSTING_RULES_SEED and _COUNT for a long run. */
function generator(seed: number) {
  let a = seed >>> 0;
  return (n: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}
const SEED = Number(process.env.POSTING_RULES_SEED ?? 20261129);
const COUNT = Number(process.env.POSTING_RULES_COUNT ?? 600);

/** Every link set, each to the account `A-<link>`, every account a leaf. */
const allLinks = Object.fromEntries(accountLinkNames.map((l) => [l, `A-${l}`])) as BranchAccountLinks;
const leaves = new Map(accountLinkNames.map((l) => [`A-${l}`, { parent: false }]));

const amounts = (
  inAmount: string | number,
  out: string | number,
  correction: string | number,
  money: readonly MoneyLine[] = [],
): PostingAmounts => ({ in: dec(inAmount), out: dec(out), correction: dec(correction), money });

/** The journal lines of a document type's amounts with every link set. */
function book(documentType: string, a: PostingAmounts, sourceService?: string): JournalLineInput[] {
  const rule = ruleFor(
    sourceService ?? (ruleFor('inventory', documentType) ? 'inventory' : 'sales'),
    documentType,
  );
  if (!rule) throw new Error(`no rule for ${documentType}`);
  const lines = journalLines(plannedLines(rule, a), allLinks, leaves);
  if (!Array.isArray(lines)) throw new Error(`not postable: ${JSON.stringify(lines)}`);
  return lines;
}
const d = (link: AccountLinkName, amount: string, taxTag?: string): JournalLineInput => ({
  accountId: `A-${link}`,
  debit: amount,
  credit: '0',
  ...(taxTag ? { taxTag } : {}),
});
const c = (link: AccountLinkName, amount: string, taxTag?: string): JournalLineInput => ({
  accountId: `A-${link}`,
  debit: '0',
  credit: amount,
  ...(taxTag ? { taxTag } : {}),
});

// ---- the independent model: integers in ten-thousandths ----

const SCALE = 10_000n;
/** ten-thousandths → an exact decimal string ('-12.05', '3') */
function text(n: bigint): string {
  const abs = n < 0n ? -n : n;
  const fraction = (abs % SCALE).toString().padStart(4, '0').replace(/0+$/, '');
  return `${n < 0n ? '-' : ''}${abs / SCALE}${fraction ? `.${fraction}` : ''}`;
}
/** an exact decimal string → ten-thousandths */
function units(s: string): bigint {
  const negative = s.startsWith('-');
  const [whole, fraction = ''] = s.replace('-', '').split('.');
  const n = BigInt(whole!) * SCALE + BigInt(fraction.padEnd(4, '0'));
  return negative ? -n : n;
}
type Net = Map<string, bigint>;
const keyOf = (link: AccountLinkName, tag: string | null = null) => `A-${link}|${tag ?? ''}`;
function add(net: Net, link: AccountLinkName, amount: bigint, tag: string | null = null) {
  net.set(keyOf(link, tag), (net.get(keyOf(link, tag)) ?? 0n) + amount);
}
/** Each account's (and tax tag's) net of the lines, debit positive, zero nets left out. */
function netOf(lines: readonly JournalLineInput[]): Net {
  const net: Net = new Map();
  for (const l of lines) {
    const k = `${l.accountId}|${l.taxTag ?? ''}`;
    net.set(k, (net.get(k) ?? 0n) + units(l.debit) - units(l.credit));
  }
  return nonZero(net);
}
const nonZero = (net: Net) =>
  new Map([...net].filter(([, v]) => v !== 0n).sort(([a], [b]) => (a < b ? -1 : 1)));

/**
 * The spec's table (docs/architecture.md 'Rules are declarations', 'Sales rules'), written apart from the
 * declarations: each type's debit and credit per amount; every type also books the cost corrections as inventory
 * against cost of goods sold.
 */
const table: Record<
  string,
  { in?: [AccountLinkName, AccountLinkName]; out?: [AccountLinkName, AccountLinkName] }
> = {
  'inventory.additionOrders': { in: ['inventory', 'stockReceipts'] },
  'inventory.exchangeOrders': { out: ['stockIssues', 'inventory'] },
  'inventory.shortageAdjustments': { out: ['shortage', 'inventory'] },
  'inventory.damageAdjustments': { out: ['damage', 'inventory'] },
  'inventory.overflowAdjustments': { in: ['inventory', 'overflow'] },
  'inventory.stocktakings': { in: ['inventory', 'overflow'], out: ['shortage', 'inventory'] },
  'inventory.storageTransfers': { in: ['inventory', 'goodsInTransit'], out: ['goodsInTransit', 'inventory'] },
  'inventory.manufacturingOrders': {
    in: ['inventory', 'costOfGoodsSold'],
    out: ['costOfGoodsSold', 'inventory'],
  },
  'sales.salesInvoices': { out: ['costOfGoodsSold', 'inventory'] },
  'sales.salesReturns': { in: ['inventory', 'costOfGoodsSold'] },
};
const costTypes = Object.keys(table);

function modelCost(type: string, inU: bigint, outU: bigint, corr: bigint): Net {
  const net: Net = new Map();
  const t = table[type]!;
  if (t.in) {
    add(net, t.in[0], inU);
    add(net, t.in[1], -inU);
  }
  if (t.out) {
    add(net, t.out[0], outU);
    add(net, t.out[1], -outU);
  }
  add(net, 'inventory', corr);
  add(net, 'costOfGoodsSold', -corr);
  return net;
}

const boxOf: Record<string, string> = { S: 'standardRatedSales', Z: 'zeroRatedSales', E: 'exemptSales' };
const tag = (category: string, rate: string, role: 'base' | 'tax') =>
  boxOf[category]
    ? `${boxOf[category]}|${role}|${units(rate) % SCALE === 0n ? units(rate) / SCALE : rate}`
    : null;

/** A sales document's money per the spec: revenue and VAT credited, discount, cash, banks, receivables debited. */
function modelMoney(m: DocumentMoney, invoice: boolean): Net {
  const net: Net = new Map();
  const s = invoice ? 1n : -1n;
  const revenue = invoice ? 'sales' : 'salesReturns';
  let taxable = 0n;
  for (const cat of m.vatCategories) {
    add(net, revenue, -s * units(cat.taxable), tag(cat.category, cat.rate, 'base'));
    add(net, 'vatOutput', -s * units(cat.vat), tag(cat.category, cat.rate, 'tax'));
    taxable += units(cat.taxable);
  }
  add(net, revenue, -s * (units(m.gross) - taxable));
  add(net, 'discountsAllowed', s * units(m.discount));
  let paid = 0n;
  for (const p of m.payments) {
    add(net, p.kind === 'cash' ? 'cash' : 'banks', s * units(p.amount));
    paid += units(p.amount);
  }
  add(net, 'receivables', s * (units(m.total) - paid));
  return net;
}

/** Random money whose figures add up as the invoice arithmetic makes them. */
function randomMoney(r: (n: number) => number): DocumentMoney {
  const amount = () => BigInt(r(5) === 0 ? 0 : r(2_000_000)) * (r(3) === 0 ? 1n : 100n);
  const rates: Record<string, string[]> = {
    S: ['15', '15.00', '5'],
    Z: ['0'],
    E: ['0', '0.0'],
    O: ['0'],
    X: ['7'],
  };
  const categories = Array.from({ length: r(4) }, () => {
    const category = ['S', 'S', 'Z', 'E', 'O', 'X'][r(6)]!;
    const rate = rates[category]![r(rates[category]!.length)]!;
    return { category, rate, taxable: amount(), vat: category === 'S' ? amount() : 0n };
  });
  const net = categories.reduce((sum, x) => sum + x.taxable, 0n);
  const discount = amount();
  const vat = categories.reduce((sum, x) => sum + x.vat, 0n);
  const total = net + vat;
  const payments = Array.from({ length: r(4) }, (_, i) => ({
    methodId: `m${i}`,
    kind: ['cash', 'card', 'bankTransfer', 'cash'][r(4)]!,
    amount: text(r(4) === 0 ? total : (total * BigInt(r(1000))) / 1500n),
  }));
  return {
    gross: text(net + discount),
    discount: text(discount),
    vat: text(vat),
    total: text(total),
    vatCategories: categories.map((x) => ({ ...x, taxable: text(x.taxable), vat: text(x.vat) })),
    payments,
  };
}

const signed = (r: (n: number) => number) => {
  const k = r(4);
  const n = BigInt(r(100_000_000)) * (r(2) === 0 ? 1n : BigInt(1 + r(100_000)));
  return k === 0 ? 0n : k === 1 ? -n : n;
};

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
