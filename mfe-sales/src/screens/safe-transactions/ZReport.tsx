import { createPortal } from 'react-dom';
import { formatDecimal, type SafeTransaction } from '@erp/contracts';
import { label as sharedLabel, type Language } from '@erp/i18n';
import { PrintHeader } from '@erp/ui-kit';
import ar from '../../locales/ar/mfe_sales.json';
import en from '../../locales/en/mfe_sales.json';
import { shiftFigures } from './shift-money';

type ShiftKey = keyof typeof en.shifts;
/** The bilingual headings: the shifts' texts in Arabic and English, whatever language the screen shows. */
const texts = {
  ar: (key: string) => ar.shifts[key as ShiftKey] ?? key,
  en: (key: string) => en.shifts[key as ShiftKey] ?? key,
};

/* 80 mm roll paper: the report is its own named page, narrow, in a thermal printer's type sizes */
const Z_REPORT_CSS = `
@page z-report { size: 80mm auto; margin: 3mm; }
@media print { .erp-z-report { page: z-report; width: 74mm; font-size: 11px; padding: 0 !important; } }
.erp-z-report table { width: 100%; border-collapse: collapse; margin-block: 0.5rem; }
.erp-z-report th, .erp-z-report td { border: 0 !important; border-block-end: 1px dashed #999 !important;
  padding: 0.15rem 0 !important; font-weight: normal; }
.erp-z-report td { text-align: end !important; font-variant-numeric: tabular-nums; }
.erp-z-report .erp-z-report__en { display: block; font-size: 0.85em; color: #444; }
.erp-z-report__total th, .erp-z-report__total td { font-weight: 700 !important; }
`;

/**
 * The Z report of a closed shift (issue 15, deliverable 5): the spec's fields with bilingual headings (Arabic and
 * English, whatever the screen's language), for the browser's print on an 80 mm roll. A child of the page's body
 * that the kit's print CSS shows alone on paper.
 */
export function ZReport({ shift, decimals }: { shift: SafeTransaction; decimals: number }) {
  const m = (v: string | null) => (v === null ? '' : formatDecimal(v, decimals));
  const name = (id: string, l: Language) => {
    const n = shift.names[id];
    return n ? (l === 'ar' ? n.arabicName : n.englishName) : '';
  };
  const heading = (key: string) => (
    <>
      {texts.ar(key)}
      <span className="erp-z-report__en" lang="en" dir="ltr">
        {texts.en(key)}
      </span>
    </>
  );
  const rows: { key: string; value: string; total?: boolean }[] = [
    { key: 'code', value: shift.code },
    { key: 'branch', value: name(shift.branchId, 'ar') || name(shift.branchId, 'en') },
    { key: 'safe', value: name(shift.safeId, 'ar') },
    { key: 'user', value: name(shift.userId, 'ar') },
    { key: 'openedAt', value: new Date(shift.openedAt).toLocaleString('en-GB') },
    { key: 'closeDate', value: shift.closeDate ? new Date(shift.closeDate).toLocaleString('en-GB') : '' },
    { key: 'invoices', value: String(shift.invoices) },
    { key: 'returnDocuments', value: String(shift.returnDocuments) },
    ...shiftFigures(shift, decimals).map((f) => ({ key: f.key, value: f.value })),
    { key: 'actualBalance', value: m(shift.actualBalance), total: true },
    { key: 'deficit', value: m(shift.deficit), total: true },
  ];
  return createPortal(
    <div className="erp-print erp-z-report" dir="rtl" lang="ar" data-testid="z-report">
      <style>{Z_REPORT_CSS}</style>
      <PrintHeader title={`${texts.ar('zReport')} · ${texts.en('zReport')}`} />
      <p style={{ textAlign: 'center', margin: 0 }}>
        {sharedLabel('ar', 'documents.safeTransactions')} · {sharedLabel('en', 'documents.safeTransactions')}
      </p>
      <table>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className={r.total ? 'erp-z-report__total' : undefined}>
              <th scope="row">{heading(r.key)}</th>
              <td>{r.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p style={{ fontSize: '0.85em' }}>
        {texts.ar('printedAt')} / {texts.en('printedAt')}: {new Date().toLocaleString('en-GB')}
      </p>
    </div>,
    document.body,
  );
}
