import * as XLSX from '@e965/xlsx';
import type { AnyReport, ReferenceNames } from '@erp/contracts';
import { isLabelKey, label, RTL_LANGUAGES, type Language } from '@erp/i18n';

type Row = Record<string, unknown>;

const NUMERIC = new Set(['quantity', 'money', 'cost', 'count']);

function nameIn(names: ReferenceNames, id: unknown, language: Language): string {
  const n = typeof id === 'string' ? names[id] : undefined;
  if (!n) return '';
  return (language === 'ar' || language === 'ku' ? n.arabicName : n.englishName) || n.arabicName;
}

/** One cell as the screen shows it: names for ids, labels for codes, numbers a spreadsheet can sum. */
function cellOf(c: AnyReport['columns'][number], r: Row, names: ReferenceNames, l: Language) {
  const v = r[c.name];
  if (v === null || v === undefined || v === '') return '';
  if (c.kind === 'reference') return nameIn(names, v, l);
  if (c.kind === 'label') {
    const key = `${c.labels ?? ''}.${String(v)}`;
    return isLabelKey(key) ? label(l, key) : String(v);
  }
  // like the master-data export: spreadsheet numbers, so that the user's own sums work
  if (NUMERIC.has(c.kind)) return Number(v);
  return String(v);
}

/**
 * The whole report as an .xlsx workbook (the same SheetJS library the imports read with): the title, the
 * translated headers, every row, the totals; right to left in Arabic and Kurdish.
 */
export function reportWorkbook(
  report: AnyReport,
  rows: readonly Row[],
  totals: Record<string, unknown>,
  names: ReferenceNames,
  language: Language,
): Buffer {
  const columns = report.columns;
  const body: unknown[][] = [
    [label(language, report.title)],
    columns.map((c) => label(language, c.label)),
    ...rows.map((r) => columns.map((c) => cellOf(c, r, names, language))),
  ];
  if (Object.keys(totals).length) {
    body.push(
      columns.map((c, i) => {
        const t = totals[c.name];
        if (t === undefined) return i === 0 ? label(language, 'reports.totals') : '';
        // quantities of several units stay apart: '130 piece + 5 kg'
        if (Array.isArray(t))
          return (t as { unitId: string; quantity: string }[])
            .map((u) => `${u.quantity} ${nameIn(names, u.unitId, language)}`.trim())
            .join(' + ');
        return Number(t);
      }),
    );
  }
  const sheet = XLSX.utils.aoa_to_sheet(body);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, label(language, report.title).slice(0, 31));
  if (RTL_LANGUAGES.includes(language)) book.Workbook = { Views: [{ RTL: true }] };
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
