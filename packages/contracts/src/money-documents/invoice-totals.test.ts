import {
  InvoiceArithmeticError,
  invoiceTotals,
  settle,
  shareOut,
  taxCategories,
  type InvoiceInput,
  type TaxCategory,
} from './invoice-totals';
import { dec, formatDecimal } from '../money';

/** A seeded generator (mulberry32): the same invoices every run; ERP_INVOICE_SEED and _COUNT for a long run. */
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

// ---- the independent model: integers only (quantities in thousandths, prices in ten-thousandths, cents) ----

/** round(n / d) half up, for n ≥ 0. */
const div = (n: bigint, d: bigint) => (2n * n + d) / (2n * d);
const cents = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
const scaled = (text: string, digits: number) => {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole! + fraction.padEnd(digits, '0'));
};

interface ModelLine {
  q: bigint; // thousandths
  p: bigint; // ten-thousandths
  pct: bigint | null; // hundredths of a percent
  value: bigint | null; // cents
  category: TaxCategory;
  rateBp: bigint; // hundredths of a percent
}

function model(lines: ModelLine[], header: { pct: bigint | null; value: bigint | null }) {
  const rows = lines.map((l) => {
    const gross = div(l.q * l.p, 100_000n); // 10^-7 → 10^-2
    const discount = l.pct !== null ? div(gross * l.pct, 10_000n) : (l.value ?? 0n);
    const net = gross - discount;
    return { gross, discount, net, vat: div(net * l.rateBp, 10_000n), key: `${l.category}|${l.rateBp}` };
  });
  const lineNet = rows.reduce((s, x) => s + x.net, 0n);
  const discount = header.pct !== null ? div(lineNet * header.pct, 10_000n) : (header.value ?? 0n);
  const keys = [...new Set(rows.map((x) => x.key))];
  const nets = keys.map((k) => rows.filter((x) => x.key === k).reduce((s, x) => s + x.net, 0n));
  // largest remainder (Hamilton): floors, then one cent each to the largest remainders, earliest first
  const shares = nets.map((n) => (lineNet === 0n ? 0n : (discount * n) / lineNet));
  const remainders = nets.map((n, i) => ({ i, rem: lineNet === 0n ? 0n : (discount * n) % lineNet }));
  let left = discount - shares.reduce((s, x) => s + x, 0n);
  remainders.sort((a, b) => (a.rem === b.rem ? a.i - b.i : a.rem > b.rem ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0n) break;
    shares[i]! += 1n;
    left--;
  }
  const categories = keys.map((k, i) => {
    const rateBp = BigInt(k.split('|')[1]!);
    const taxable = nets[i]! - shares[i]!;
    return { taxable, vat: div(taxable * rateBp, 10_000n), discount: shares[i]! };
  });
  const vat = categories.reduce((s, c) => s + c.vat, 0n);
  return { rows, lineNet, discount, categories, vat, taxExclusive: lineNet - discount };
}

describe('invoice totals (EN 16931, ZATCA): one rounding per figure', () => {
  it('matches the independent model and keeps BR-CO-10, 13, 14, 15 and 17 on random invoices', () => {
    const seed = Number(process.env.ERP_INVOICE_SEED ?? 1127);
    const count = Number(process.env.ERP_INVOICE_COUNT ?? 1000);
    const next = generator(seed);
    const rates: Record<TaxCategory, bigint[]> = { S: [1500n, 500n], Z: [0n], E: [0n], O: [0n] };
    let checked = 0;
    for (let n = 0; n < count; n++) {
      const lines: ModelLine[] = Array.from({ length: 1 + next(8) }, () => {
        const category = taxCategories[next(taxCategories.length)]!;
        const q = BigInt(1 + next(50_000)); // 0.001 to 50
        const p = BigInt(next(20_000_000)); // 0 to 1,999.9999
        const gross = div(q * p, 100_000n);
        const kind = next(3);
        return {
          q,
          p,
          pct: kind === 1 ? BigInt(next(10_001)) : null,
          value: kind === 2 ? BigInt(next(Number(gross) + 1)) : null,
          category,
          rateBp: rates[category][next(rates[category].length)]!,
        };
      });
      const m0 = model(lines, { pct: null, value: null });
      const headerKind = next(3);
      const header = {
        pct: headerKind === 1 ? BigInt(next(10_001)) : null,
        value: headerKind === 2 ? BigInt(next(Number(m0.lineNet) + 1)) : null,
      };
      const input: InvoiceInput = {
        lines: lines.map((l) => ({
          quantity: dec(l.q.toString()).dividedBy(1000).toString(),
          price: dec(l.p.toString()).dividedBy(10_000).toString(),
          discount:
            l.pct !== null
              ? { kind: 'percentage', value: dec(l.pct.toString()).dividedBy(100).toString() }
              : l.value !== null
                ? { kind: 'value', value: cents(l.value) }
                : null,
          taxCategory: l.category,
          taxRate: dec(l.rateBp.toString()).dividedBy(100).toString(),
        })),
        discount:
          header.pct !== null
            ? { kind: 'percentage', value: dec(header.pct.toString()).dividedBy(100).toString() }
            : header.value !== null
              ? { kind: 'value', value: cents(header.value) }
              : null,
      };
      const t = invoiceTotals(input);
      const m = model(lines, header);
      expect(t.lines.map((l) => [l.gross, l.discount, l.net, l.vat])).toEqual(
        m.rows.map((x) => [cents(x.gross), cents(x.discount), cents(x.net), cents(x.vat)]),
      );
      expect(t.categories.map((c) => [c.taxable, c.vat, c.discount])).toEqual(
        m.categories.map((c) => [cents(c.taxable), cents(c.vat), cents(c.discount)]),
      );
      expect([t.lineNet, t.discount, t.taxExclusive, t.vat]).toEqual(
        [m.lineNet, m.discount, m.taxExclusive, m.vat].map(cents),
      );
      // the business rules, on the module's own figures
      const sum = (xs: string[]) => xs.reduce((s, x) => s + scaled(x, 2), 0n);
      expect(sum(t.lines.map((l) => l.net))).toBe(scaled(t.lineNet, 2)); // BR-CO-10
      expect(scaled(t.lineNet, 2) - scaled(t.discount, 2)).toBe(scaled(t.taxExclusive, 2)); // BR-CO-13
      expect(sum(t.categories.map((c) => c.vat))).toBe(scaled(t.vat, 2)); // BR-CO-14
      expect(scaled(t.taxExclusive, 2) + scaled(t.vat, 2)).toBe(scaled(t.taxInclusive, 2)); // BR-CO-15
      expect(sum(t.categories.map((c) => c.taxable))).toBe(scaled(t.taxExclusive, 2));
      for (const c of t.categories)
        expect(div(scaled(c.taxable, 2) * scaled(c.rate, 2), 10_000n)).toBe(scaled(c.vat, 2)); // BR-CO-17
      checked++;
    }
    expect(checked).toBe(count);
  });

  it('rounds half away from zero, once: the documented examples', () => {
    const t = invoiceTotals({
      lines: [
        { quantity: '3', price: '0.335', taxCategory: 'S', taxRate: '15' }, // 1.005 → 1.01
        {
          quantity: '1',
          price: '10',
          discount: { kind: 'percentage', value: '12.5' },
          taxCategory: 'S',
          taxRate: '15',
        },
        { quantity: '2', price: '7.5', taxCategory: 'Z', taxRate: '0' },
      ],
      discount: { kind: 'value', value: '1' },
    });
    expect(t.lines.map((l) => l.net)).toEqual(['1.01', '8.75', '15.00']);
    // line VAT rounded per line: 0.15 and 1.31; the category's VAT from its taxable amount: 9.76 − 0.39 share
    expect(t.lines.map((l) => l.vat)).toEqual(['0.15', '1.31', '0.00']);
    expect(t.categories).toEqual([
      { category: 'S', rate: '15', taxable: '9.37', vat: '1.41', discount: '0.39' },
      { category: 'Z', rate: '0', taxable: '14.39', vat: '0.00', discount: '0.61' },
    ]);
    expect([t.lineNet, t.discount, t.taxExclusive, t.vat, t.taxInclusive]).toEqual([
      '24.76',
      '1.00',
      '23.76',
      '1.41',
      '25.17',
    ]);
  });

  it('refuses a discount above 100 % or above the amount it comes off', () => {
    const line = { quantity: '1', price: '10', taxCategory: 'S' as const, taxRate: '15' };
    const refusal = (input: InvoiceInput) => {
      try {
        invoiceTotals(input);
        return null;
      } catch (e) {
        return e instanceof InvoiceArithmeticError ? [e.code, e.field] : e;
      }
    };
    expect(refusal({ lines: [{ ...line, discount: { kind: 'percentage', value: '100.01' } }] })).toEqual([
      'validation.discountPercentage',
      'lines.0.discount',
    ]);
    expect(refusal({ lines: [{ ...line, discount: { kind: 'value', value: '10.01' } }] })).toEqual([
      'validation.discountAboveTotal',
      'lines.0.discount',
    ]);
    expect(refusal({ lines: [line], discount: { kind: 'value', value: '10.01' } })).toEqual([
      'validation.discountAboveTotal',
      'discount',
    ]);
    expect(refusal({ lines: [line], discount: { kind: 'percentage', value: '100' } })).toBeNull();
  });

  it('shares an amount out in whole cents that add up exactly', () => {
    const parts = shareOut(dec('1.00'), [dec('1'), dec('1'), dec('1')]);
    expect(parts.map((p) => formatDecimal(p, 2))).toEqual(['0.34', '0.33', '0.33']);
    expect(shareOut(dec('5'), [dec('0'), dec('0')]).map((p) => formatDecimal(p, 2))).toEqual([
      '0.00',
      '0.00',
    ]);
  });
});

describe('settling a total with payments (issue 14)', () => {
  const card = (amount: string) => ({ amount, isCash: false });
  const cash = (amount: string) => ({ amount, isCash: true });
  const refusal = (total: string, payments: Parameters<typeof settle>[1]) => {
    try {
      settle(total, payments);
      return null;
    } catch (e) {
      return e instanceof InvoiceArithmeticError ? [e.code, e.field, e.message] : e;
    }
  };

  it('tells unpaid, partly and fully paid apart', () => {
    expect(settle('100', [])).toEqual({ paid: '0.00', change: '0.00', status: 'not' });
    expect(settle('100', [card('0')])).toEqual({ paid: '0.00', change: '0.00', status: 'not' });
    expect(settle('100', [card('40'), cash('20.5')])).toEqual({
      paid: '60.50',
      change: '0.00',
      status: 'partly',
    });
    expect(settle('100', [card('0.01')])).toMatchObject({ paid: '0.01', status: 'partly' });
    expect(settle('100', [card('99.99')])).toMatchObject({ paid: '99.99', status: 'partly' });
    expect(settle('100', [card('60'), cash('40')])).toEqual({
      paid: '100.00',
      change: '0.00',
      status: 'fully',
    });
    // a zero total is settled by nothing
    expect(settle('0', [])).toEqual({ paid: '0.00', change: '0.00', status: 'fully' });
  });

  it('rounds each payment to cents, half away from zero, before adding', () => {
    expect(settle('100', [card('33.335'), card('33.335'), card('33.32')])).toEqual({
      paid: '100.00',
      change: '0.00',
      status: 'fully',
    });
    expect(settle('100', [card('99.994')])).toMatchObject({ paid: '99.99', status: 'partly' });
    expect(settle('100', [card('100.004')])).toEqual({ paid: '100.00', change: '0.00', status: 'fully' });
  });

  it('hands back change only out of cash tendered', () => {
    expect(settle('100', [card('60'), cash('50')])).toEqual({
      paid: '100.00',
      change: '10.00',
      status: 'fully',
    });
    expect(settle('25.50', [cash('30')])).toEqual({ paid: '25.50', change: '4.50', status: 'fully' });
    // all the cash may come back, not a cent more
    expect(settle('100', [card('100'), cash('10')])).toEqual({
      paid: '100.00',
      change: '10.00',
      status: 'fully',
    });
    expect(refusal('100', [card('100.01'), cash('10')])).toEqual([
      'validation.paidAboveTotal',
      'payments',
      'validation.paidAboveTotal',
    ]);
    expect(refusal('100', [card('100.01')])).toEqual([
      'validation.paidAboveTotal',
      'payments',
      'validation.paidAboveTotal',
    ]);
    // cash rounded like the rest: 10.004 is 10.00 of change at most
    expect(refusal('100', [card('100.01'), cash('10.004')])).not.toBeNull();
    expect(refusal('100', [card('100'), cash('10.005')])).toBeNull();
  });
});

describe('invoice totals: the edges', () => {
  const line = { quantity: '1', price: '10', taxCategory: 'S' as const, taxRate: '15' };
  const codeOf = (input: InvoiceInput) => {
    try {
      invoiceTotals(input);
      return null;
    } catch (e) {
      return e instanceof InvoiceArithmeticError ? e.code : e;
    }
  };

  it('gives each line its total with VAT', () => {
    const t = invoiceTotals({ lines: [line, { ...line, price: '0.1', quantity: '3' }] });
    expect(t.lines.map((l) => [l.net, l.vat, l.total])).toEqual([
      ['10.00', '1.50', '11.50'],
      ['0.30', '0.05', '0.35'], // 0.045 → 0.05
    ]);
  });

  it('takes a discount of all of it, and refuses a negative one', () => {
    const all = invoiceTotals({ lines: [{ ...line, discount: { kind: 'value', value: '10' } }] });
    expect(all.lines[0]).toEqual({
      gross: '10.00',
      discount: '10.00',
      net: '0.00',
      vat: '0.00',
      total: '0.00',
    });
    expect(
      invoiceTotals({ lines: [{ ...line, discount: { kind: 'percentage', value: '100' } }] }).lines[0]!.net,
    ).toBe('0.00');
    expect(codeOf({ lines: [{ ...line, discount: { kind: 'value', value: '-0.01' } }] })).toBe(
      'validation.discountAboveTotal',
    );
    expect(codeOf({ lines: [{ ...line, discount: { kind: 'percentage', value: '-0.01' } }] })).toBe(
      'validation.discountPercentage',
    );
    expect(codeOf({ lines: [line], discount: { kind: 'value', value: '-1' } })).toBe(
      'validation.discountAboveTotal',
    );
    // an amount is rounded to cents before it is compared: 10.004 is 10.00
    expect(codeOf({ lines: [{ ...line, discount: { kind: 'value', value: '10.004' } }] })).toBeNull();
  });

  it('keeps one category per rate and a document with no lines at zero', () => {
    const t = invoiceTotals({ lines: [line, { ...line, taxRate: '5' }, line] });
    expect(t.categories.map((c) => [c.category, c.rate, c.taxable, c.vat])).toEqual([
      ['S', '15', '20.00', '3.00'],
      ['S', '5', '10.00', '0.50'],
    ]);
    expect(invoiceTotals({ lines: [] })).toEqual({
      lines: [],
      categories: [],
      lineNet: '0.00',
      discount: '0.00',
      taxExclusive: '0.00',
      vat: '0.00',
      taxInclusive: '0.00',
    });
  });
});
