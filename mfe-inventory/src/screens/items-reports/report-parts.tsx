import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@erp/i18n';
import { ListToolbar, nameOf, type PrintColumn } from '@erp/ui-kit';
import { PrintButton } from '../common';

// What the stock reports share: their toolbar, table and print.

/** A report's filters, and its print button at the end side. */
export function ReportToolbar({ children, onPrint }: { children: ReactNode; onPrint: () => void }) {
  return <ListToolbar filters={children} actions={<PrintButton onPrint={onPrint} />} />;
}

export const itemName = (r: { arabicName: string; englishName: string }, language: Language) =>
  nameOf(r, language);

/** A column as printed, and how the screen shows its cell when that says more than the text (a tag). */
export type ScreenColumn<T> = PrintColumn<T> & { cell?: (row: T) => ReactNode };

const NUMERIC = new Set([
  'quantity',
  'averageCost',
  'value',
  'minimumLimit',
  'reorderLimit',
  'quantityIn',
  'quantityOut',
  'balance',
  'balanceValue',
  'code',
  'barcode',
]);

export function ReportTable<T>({
  testId,
  columns,
  rows,
  loading,
  paging,
  dataKey,
  footer,
  empty,
}: {
  testId: string;
  columns: readonly ScreenColumn<T>[];
  rows: readonly T[];
  loading: boolean;
  paging: object;
  dataKey?: string;
  footer?: ReactNode;
  empty?: string;
}) {
  const { t } = useTranslation();
  return (
    <DataTable
      value={[...rows] as object[]}
      dataKey={dataKey}
      {...paging}
      loading={loading}
      emptyMessage={<span data-testid="report-empty">{empty ?? t('ui:noRecords')}</span>}
      stripedRows
      size="small"
      scrollable
      className="erp-md__table"
      data-testid={testId}
      footer={footer}
    >
      {columns.map((c) => (
        <Column
          key={c.key}
          header={c.header}
          body={(r: T) => (c.cell ? c.cell(r) : c.value(r))}
          bodyClassName={NUMERIC.has(c.key) ? 'erp-md__num' : undefined}
        />
      ))}
    </DataTable>
  );
}

export /** Renders the print view, prints, and removes it again (only one print view may be on the page). */
function print(setPrinting: (on: boolean) => void) {
  setPrinting(true);
  // after the print view is drawn; window.print blocks until the dialog closes
  setTimeout(() => {
    window.print();
    setPrinting(false);
  }, 0);
}
