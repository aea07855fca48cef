import { formatDecimal, type AnyReport, type ReferenceNames, type ReportColumn } from '@erp/contracts';
import { formatDate, isLabelKey, label, type Language } from '@erp/i18n';
import { nameOf } from '../master-data/names';

type Row = Record<string, unknown>;

/** What a cell needs beside its row: the language, the branch's decimals and the answer's names. */
export interface ReportCellContext {
  language: Language;
  decimals: number;
  showHijri: boolean;
  names: ReferenceNames;
}

/** A record's name from the row's own names or the answer's (never its id: empty when none came). */
export function nameFor(row: Row, id: unknown, c: ReportCellContext): string {
  if (typeof id !== 'string' || id === '') return '';
  const own = (row.names as ReferenceNames | undefined)?.[id];
  const n = own ?? c.names[id];
  return n ? nameOf(n, c.language) : '';
}

export const NUMERIC_KINDS = new Set(['quantity', 'money', 'cost', 'count']);

/** A cell as text, the same on screen, in print and in the export's headers' language. */
export function cellText(column: ReportColumn<Row>, row: Row, c: ReportCellContext): string {
  const v = row[column.name];
  if (v === null || v === undefined || v === '') return '';
  switch (column.kind) {
    case 'reference':
      return nameFor(row, v, c);
    case 'date':
      return formatDate(String(v), c.language, { hijri: c.showHijri });
    case 'money':
    case 'cost':
      return formatDecimal(String(v), c.decimals);
    case 'label': {
      const key = `${column.labels ?? ''}.${String(v)}`;
      return isLabelKey(key) ? label(c.language, key) : String(v);
    }
    default:
      return String(v);
  }
}

/** The quantity in the item's units ('5 Carton + 10 Piece'), shown when it holds more than one unit. */
export function breakdownText(column: ReportColumn<Row>, row: Row, c: ReportCellContext): string {
  const parts = (row[column.breakdown!] as { unitId: string; quantity: string }[] | undefined) ?? [];
  return parts.length > 1 ? parts.map((b) => `${b.quantity} ${nameFor(row, b.unitId, c)}`).join(' + ') : '';
}

/** A total as shown: money in the branch's decimals, quantities one figure per unit. */
export function totalText(report: AnyReport, name: string, total: unknown, c: ReportCellContext): string {
  const column = report.columns.find((x) => x.name === name);
  if (Array.isArray(total))
    return (total as { unitId: string; quantity: string }[])
      .map((u) => `${u.quantity} ${nameFor({}, u.unitId, c)}`.trim())
      .join(' + ');
  if (column?.kind === 'money' || column?.kind === 'cost') return formatDecimal(String(total), c.decimals);
  return String(total ?? '');
}

/** A summary figure (opening or closing balance). */
export function summaryText(kind: 'quantity' | 'money', value: unknown, c: ReportCellContext): string {
  if (value === undefined || value === null) return '';
  return kind === 'money' ? formatDecimal(String(value), c.decimals) : String(value);
}
