import { createPortal } from 'react-dom';
import type { ReactNode } from 'react';
import { PrintHeader, PrintSignatures } from './PrintHeader';

export interface PrintColumn<T> {
  key: string;
  header: string;
  value: (row: T) => string;
}

/**
 * A list as it prints (a report's current page with its filters and totals): a child of the page's body that
 * the kit's print CSS shows alone on paper (`window.print()`), in the user's language and direction.
 */
export function PrintTable<T>({
  title,
  dir,
  lang,
  facts,
  columns,
  rows,
  footer,
}: {
  title: string;
  dir: 'rtl' | 'ltr';
  lang: string;
  /** Label and value pairs under the title (the filters). */
  facts: readonly (readonly [string, string])[];
  columns: readonly PrintColumn<T>[];
  rows: readonly T[];
  footer?: ReactNode;
}) {
  return createPortal(
    <div className="erp-print" dir={dir} lang={lang} data-testid="print-view">
      <PrintHeader title={title} />
      {facts.length ? (
        <dl>
          {facts.map(([k, v]) => (
            <div key={k} style={{ display: 'contents' }}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <table>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key}>{c.header}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {columns.map((c) => (
                <td key={c.key}>{c.value(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {footer}
      <PrintSignatures />
    </div>,
    document.body,
  );
}
