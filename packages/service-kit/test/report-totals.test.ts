import type { ReportColumn } from '@erp/contracts';
import { sumRows, unitTotals } from '../src/reports/totals';

type Row = Record<string, unknown>;

/** A seeded generator, so a failure repeats. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const columns: ReportColumn<Row>[] = [
  { name: 'unitId', kind: 'reference', reference: 'units', label: 'fields.unitId' },
  { name: 'quantity', kind: 'quantity', unit: 'unitId', label: 'fields.quantity', total: true },
  { name: 'value', kind: 'money', label: 'fields.value', total: true },
  { name: 'lines', kind: 'count', label: 'reports.lines', total: true },
  { name: 'averageCost', kind: 'cost', label: 'reports.averageCost' },
];

/**
 * The engine's own totals (a report that is not paged) against an independent model in integer thousandths:
 * money exact to the last digit, quantities one figure per unit, never pieces plus kilograms.
 */
describe('report totals', () => {
  it('match a model in integers over many random reports', () => {
    const next = random(13);
    for (let run = 0; run < 300; run++) {
      const units = ['piece', 'kg', 'carton'].slice(0, 1 + Math.floor(next() * 3));
      const rows: Row[] = [];
      const model = { perUnit: new Map<string, bigint>(), value: 0n, lines: 0n };
      for (let i = Math.floor(next() * 40); i > 0; i--) {
        const unit = units[Math.floor(next() * units.length)]!;
        const q = BigInt(Math.floor(next() * 2_000_000) - 500_000); // thousandths, some negative
        const v = BigInt(Math.floor(next() * 90_000_000_000)); // large amounts: no float survives this
        const n = BigInt(Math.floor(next() * 9));
        model.perUnit.set(unit, (model.perUnit.get(unit) ?? 0n) + q);
        model.value += v;
        model.lines += n;
        const thousandths = (x: bigint) => {
          const sign = x < 0n ? '-' : '';
          const a = x < 0n ? -x : x;
          return `${sign}${a / 1000n}.${String(a % 1000n).padStart(3, '0')}`;
        };
        rows.push({ unitId: unit, quantity: thousandths(q), value: thousandths(v), lines: String(n) });
      }
      const totals = sumRows(columns, rows);
      const asDecimal = (x: bigint) => {
        const sign = x < 0n ? '-' : '';
        const a = x < 0n ? -x : x;
        const frac = String(a % 1000n)
          .padStart(3, '0')
          .replace(/0+$/, '');
        return `${sign}${a / 1000n}${frac ? `.${frac}` : ''}`;
      };
      expect(totals.value).toBe(asDecimal(model.value));
      expect(totals.lines).toBe(String(model.lines));
      expect(totals.quantity).toEqual(
        [...model.perUnit]
          .filter(([, q]) => q !== 0n)
          .map(([unitId, q]) => ({ unitId, quantity: asDecimal(q) }))
          .sort((a, b) => (a.unitId < b.unitId ? -1 : 1)),
      );
      expect(Object.keys(totals).sort()).toEqual(['lines', 'quantity', 'value']);
    }
  });

  it('keep a query’s unit totals apart, in one order, without empty units', () => {
    expect(
      unitTotals([
        { unitId: 'kg', quantity: '2.50' },
        { unitId: 'box', quantity: '0' },
        { unitId: 'carton', quantity: '3' },
      ]),
    ).toEqual([
      { unitId: 'carton', quantity: '3' },
      { unitId: 'kg', quantity: '2.5' },
    ]);
  });
});
