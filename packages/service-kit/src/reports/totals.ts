import { dec, type ReportColumn, type ReportTotal, type UnitTotal } from '@erp/contracts';

type Row = Record<string, unknown>;

/**
 * The totals of rows the engine holds whole (a report that is not paged, or one page that is all of it): money
 * and counts summed exactly, quantities summed per unit and never across units (issue 12 item 5).
 */
export function sumRows(
  columns: readonly ReportColumn<Row>[],
  rows: readonly Row[],
): Record<string, ReportTotal> {
  const totals: Record<string, ReportTotal> = {};
  for (const c of columns.filter((x) => x.total)) {
    if (c.kind === 'quantity') {
      const byUnit = new Map<string, ReturnType<typeof dec>>();
      for (const r of rows) {
        const unit = String(r[c.unit!] ?? '');
        byUnit.set(unit, (byUnit.get(unit) ?? dec(0)).plus(String(r[c.name] ?? '0')));
      }
      totals[c.name] = unitTotals([...byUnit].map(([unitId, q]) => ({ unitId, quantity: q.toString() })));
    } else {
      totals[c.name] = rows.reduce((sum, r) => sum.plus(String(r[c.name] ?? '0')), dec(0)).toString();
    }
  }
  return totals;
}

/** Per-unit figures in one order (by unit id), without units that hold nothing. */
export function unitTotals(list: readonly UnitTotal[]): UnitTotal[] {
  return list
    .filter((t) => !dec(t.quantity).isZero())
    .map((t) => ({ unitId: t.unitId, quantity: dec(t.quantity).toString() }))
    .sort((a, b) => (a.unitId < b.unitId ? -1 : a.unitId > b.unitId ? 1 : 0));
}
