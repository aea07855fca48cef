import { Column } from 'primereact/column';
import { ColumnGroup } from 'primereact/columngroup';
import { Row as HeaderRow } from 'primereact/row';
import type { ReactNode } from 'react';
import type { AnyReport, ReportColumn } from '@erp/contracts';
import { isLabelKey, label } from '@erp/i18n';
import type { PrintColumn } from '../print';
import { summaryText, totalText, type ReportCellContext } from './report-cells';

// The parts of a report's table: a cell (with its drill-down link), the totals row, the grouped headers.

type Row = Record<string, unknown>;

/** A column on screen: the declared one, or the breakdown beside a quantity. */
export interface ShownColumn extends PrintColumn<Row> {
  column: ReportColumn<Row>;
  numeric: boolean;
  sortable: boolean;
}

export interface ReportAnswer {
  items?: Row[];
  rows?: Row[];
  total: number;
  totals?: Record<string, unknown>;
  names?: Record<string, { code: string; arabicName: string; englishName: string }>;
  [summary: string]: unknown;
}

export const caption = (language: Parameters<typeof label>[0], key: string) =>
  isLabelKey(key) ? label(language, key) : key;

export function Cell({
  column,
  row,
  linkOf,
  cells,
  navigate,
}: {
  column: ShownColumn;
  row: Row;
  linkOf: ((row: Row) => string | null) | undefined;
  cells: Readonly<Record<string, (row: Row, text: string) => ReactNode>> | undefined;
  navigate: (to: string) => void;
}) {
  const text = column.value(row);
  const own = cells?.[column.key];
  if (own) return <>{own(row, text)}</>;
  const link = column.column.drill && linkOf ? linkOf(row) : null;
  if (!link) return <>{text}</>;
  // a real link (keyboard, screen readers, a new tab) that the shell's router follows
  return (
    <a
      href={link}
      data-testid="report-drill"
      onClick={(e) => {
        e.preventDefault();
        navigate(link);
      }}
    >
      {text}
    </a>
  );
}

/** The totals row: each totalled column and each summary figure with its name. */
export function ReportTotals({
  report,
  answer,
  context,
}: {
  report: AnyReport;
  answer: ReportAnswer;
  context: ReportCellContext;
}) {
  const totals = answer.totals ?? {};
  const entries: [string, string][] = [
    ...(report.summary ?? []).map((f): [string, string] => [
      caption(context.language, f.label),
      summaryText(f.kind, answer[f.name], context),
    ]),
    ...Object.entries(totals).map(([name, total]): [string, string] => {
      const column = report.columns.find((c) => c.name === name);
      // a grouped column's total names its group too (a trial balance's opening, period and closing debits)
      const group = column?.group ? ` ${caption(context.language, column.group)}` : '';
      return [
        `${caption(context.language, 'reports.totals')}${group} ${caption(context.language, column?.label ?? name)}`,
        totalText(report, name, total, context),
      ];
    }),
  ];
  if (entries.length === 0) return null;
  return (
    <div className="erp-doc__totals" data-testid="report-totals">
      {entries.map(([k, v]) => (
        <span key={k} data-testid="report-total">
          {k}: {v}
        </span>
      ))}
    </div>
  );
}

/** Headers spanning the columns of one group (opening / period / closing of a trial balance). */
export function headerGroups(columns: readonly ShownColumn[], language: Parameters<typeof label>[0]) {
  const spans: { group: string | undefined; count: number }[] = [];
  for (const c of columns) {
    const last = spans.at(-1);
    if (last && last.group === c.column.group) last.count++;
    else spans.push({ group: c.column.group, count: 1 });
  }
  return (
    <ColumnGroup>
      <HeaderRow>
        {spans.map((s, i) => (
          <Column key={i} header={s.group ? caption(language, s.group) : ''} colSpan={s.count} />
        ))}
      </HeaderRow>
      <HeaderRow>
        {columns.map((c) => (
          <Column key={c.key} header={c.header} field={c.key} sortable={c.sortable} />
        ))}
      </HeaderRow>
    </ColumnGroup>
  );
}
