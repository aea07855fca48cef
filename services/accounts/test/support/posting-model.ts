import { accountLinkNames, dec, type AccountLinkName, type BranchAccountLinks } from '@erp/contracts';
import { seeded } from '../../../../tests/support/seeded';
import { type JournalLineInput } from '../../src/journal/entry-rules';
import { ruleFor } from '../../src/posting/registry';
import { journalLines, plannedLines } from '../../src/posting/rule-lines';
import { type DocumentMoney, type MoneyLine, type PostingAmounts } from '../../src/posting/rules';

/** The independent model and helpers of the posting rules' unit tests (posting-rules*.test.ts). */

/** A seeded generator (mulberry32): the same cases every run; POSTING_RULES_SEED and _COUNT for a long run. */
export const generator = (seed: number) => seeded(seed).int;
export const SEED = Number(process.env.POSTING_RULES_SEED ?? 20261129);
export const COUNT = Number(process.env.POSTING_RULES_COUNT ?? 600);

/** Every link set, each to the account `A-<link>`, every account a leaf. */
export const allLinks = Object.fromEntries(accountLinkNames.map((l) => [l, `A-${l}`])) as BranchAccountLinks;
export const leaves = new Map(accountLinkNames.map((l) => [`A-${l}`, { parent: false }]));

export const amounts = (
  inAmount: string | number,
  out: string | number,
  correction: string | number,
  money: readonly MoneyLine[] = [],
): PostingAmounts => ({ in: dec(inAmount), out: dec(out), correction: dec(correction), money });

/** The journal lines of a document type's amounts with every link set. */
export function book(documentType: string, a: PostingAmounts, sourceService?: string): JournalLineInput[] {
  const rule = ruleFor(
    sourceService ?? (ruleFor('inventory', documentType) ? 'inventory' : 'sales'),
    documentType,
  );
  if (!rule) throw new Error(`no rule for ${documentType}`);
  const lines = journalLines(plannedLines(rule, a), allLinks, leaves);
  if (!Array.isArray(lines)) throw new Error(`not postable: ${JSON.stringify(lines)}`);
  return lines;
}
export const d = (link: AccountLinkName, amount: string, taxTag?: string): JournalLineInput => ({
  accountId: `A-${link}`,
  debit: amount,
  credit: '0',
  ...(taxTag ? { taxTag } : {}),
});
export const c = (link: AccountLinkName, amount: string, taxTag?: string): JournalLineInput => ({
  accountId: `A-${link}`,
  debit: '0',
  credit: amount,
  ...(taxTag ? { taxTag } : {}),
});

// ---- the independent model: integers in ten-thousandths ----

export const SCALE = 10_000n;
/** ten-thousandths → an exact decimal string ('-12.05', '3') */
export function text(n: bigint): string {
  const abs = n < 0n ? -n : n;
  const fraction = (abs % SCALE).toString().padStart(4, '0').replace(/0+$/, '');
  return `${n < 0n ? '-' : ''}${abs / SCALE}${fraction ? `.${fraction}` : ''}`;
}
/** an exact decimal string → ten-thousandths */
export function units(s: string): bigint {
  const negative = s.startsWith('-');
  const [whole, fraction = ''] = s.replace('-', '').split('.');
  const n = BigInt(whole!) * SCALE + BigInt(fraction.padEnd(4, '0'));
  return negative ? -n : n;
}
export type Net = Map<string, bigint>;
export const keyOf = (link: AccountLinkName, tag: string | null = null) => `A-${link}|${tag ?? ''}`;
export function add(net: Net, link: AccountLinkName, amount: bigint, tag: string | null = null) {
  net.set(keyOf(link, tag), (net.get(keyOf(link, tag)) ?? 0n) + amount);
}
/** Each account's (and tax tag's) net of the lines, debit positive, zero nets left out. */
export function netOf(lines: readonly JournalLineInput[]): Net {
  const net: Net = new Map();
  for (const l of lines) {
    const k = `${l.accountId}|${l.taxTag ?? ''}`;
    net.set(k, (net.get(k) ?? 0n) + units(l.debit) - units(l.credit));
  }
  return nonZero(net);
}
export const nonZero = (net: Net) =>
  new Map([...net].filter(([, v]) => v !== 0n).sort(([a], [b]) => (a < b ? -1 : 1)));

/**
 * The spec's table (docs/architecture.md 'Rules are declarations', 'Sales rules'), written apart from the
 * declarations: each type's debit and credit per amount; every type also books the cost corrections as inventory
 * against cost of goods sold.
 */
export const table: Record<
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
export const costTypes = Object.keys(table);

export function modelCost(type: string, inU: bigint, outU: bigint, corr: bigint): Net {
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

export const boxOf: Record<string, string> = {
  S: 'standardRatedSales',
  Z: 'zeroRatedSales',
  E: 'exemptSales',
};
export const tag = (category: string, rate: string, role: 'base' | 'tax') =>
  boxOf[category]
    ? `${boxOf[category]}|${role}|${units(rate) % SCALE === 0n ? units(rate) / SCALE : rate}`
    : null;

/** A sales document's money per the spec: revenue and VAT credited, discount, cash, banks, receivables debited. */
export function modelMoney(m: DocumentMoney, invoice: boolean): Net {
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
export function randomMoney(r: (n: number) => number): DocumentMoney {
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

export const signed = (r: (n: number) => number) => {
  const k = r(4);
  const n = BigInt(r(100_000_000)) * (r(2) === 0 ? 1n : BigInt(1 + r(100_000)));
  return k === 0 ? 0n : k === 1 ? -n : n;
};
