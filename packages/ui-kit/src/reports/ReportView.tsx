import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyReport } from '@erp/contracts';
import type { CatalogItem } from '../documents/items';
import { useFeature } from '../feature';
import { ListToolbar } from '../master-data/ListToolbar';
import { nameOf } from '../master-data/names';
import { useDebounced, useServerList } from '../master-data/server-list';
import { PrintTable } from '../print';
import { ReportFilters, reportFilters } from './ReportFilters';
import { breakdownText, cellText, NUMERIC_KINDS, type ReportCellContext } from './report-cells';
import {
  caption,
  Cell,
  headerGroups,
  ReportTotals,
  type ReportAnswer,
  type ShownColumn,
} from './report-parts';
import { downloadReport, printReport } from './report-actions';

type Row = Record<string, unknown>;
/** Each row's key made of the declaration's key fields (rows of one item in two stores differ). */
const ROW_KEY = '__rowKey';

export interface ReportViewProps {
  report: AnyReport;
  /** The screen's test id (a tab's, or the page's). */
  testId: string;
  /** The report's title when it differs from the declaration's (a second view of one route: the valuation). */
  title?: string;
  /** The parameters shown as filters (all by default); the others keep their initial values. */
  show?: readonly string[];
  /** Values the view starts with (the valuation's date: today). */
  initial?: Readonly<Record<string, string>>;
  /** Parameters this view needs before it asks (the valuation's date). */
  required?: readonly string[];
  /** Where a row's drill-down leads in this app (a document's page, an account's statement); null: nowhere. */
  linkOf?: (row: Row) => string | null;
  /** A cell drawn with more than its text (a 'being re-costed' tag), by column. */
  cells?: Readonly<Record<string, (row: Row, text: string) => ReactNode>>;
  /** Shown while a required parameter is missing. */
  hint?: string;
}

/**
 * A report's screen from its declaration (docs/architecture.md, 'Report engine'): the filters of its
 * parameters, the server-paged and sorted table with names the server resolved, the totals row (quantities per
 * unit), the drill-down link, Excel export of the whole result and print with the company and branch header.
 */
export function ReportView({
  report,
  testId,
  title,
  show,
  initial,
  required,
  linkOf,
  cells,
  hint,
}: ReportViewProps) {
  const context = useFeature();
  const { language } = context;
  const { t } = useTranslation('ui');
  const filters = useMemo(
    () => reportFilters(report).filter((f) => !show || show.includes(f.name)),
    [report, show],
  );
  const [values, setValues] = useState<Record<string, string>>(() => ({
    ...Object.fromEntries(filters.map((f) => [f.name, f.initial])),
    ...initial,
  }));
  const [item, setItem] = useState<CatalogItem | null>(null);
  const search = filters.find((f) => f.meta.kind === 'search')?.name;
  const settledSearch = useDebounced((search ? values[search] : '')?.trim() ?? '');
  const criteria = useMemo(() => {
    const q: Record<string, string> = {};
    for (const [k, v] of Object.entries(values)) if (v && k !== search) q[k] = v;
    if (search && settledSearch) q[search] = settledSearch;
    return q;
  }, [values, search, settledSearch]);
  const needed = [...filters.filter((f) => f.required).map((f) => f.name), ...(required ?? [])];
  const ready = needed.every((k) => Boolean(criteria[k]));
  const list = useServerList<Row, ReportAnswer>({
    api: context.api,
    path: report.path,
    language,
    filters: criteria,
    enabled: ready,
  });
  const answer = list.data;
  const keys: readonly string[] = typeof report.rowKey === 'string' ? [report.rowKey] : report.rowKey;
  const rows = useMemo(
    () =>
      ((answer?.[report.rowsKey ?? 'items'] as Row[] | undefined) ?? []).map((r) => ({
        ...r,
        [ROW_KEY]: keys.map((k) => String(r[k] ?? '')).join('\u0000'),
      })),
    [answer, report],
  );
  const cellContext: ReportCellContext = {
    language,
    decimals: context.decimals,
    showHijri: context.showHijri ?? false,
    names: answer?.names ?? {},
  };
  const sortable = new Set([
    String(report.defaultSort.column),
    ...report.columns.filter((c) => c.sortable).map((c) => c.name),
  ]);
  const columns: ShownColumn[] = report.columns.flatMap((c) => {
    const shown: ShownColumn = {
      key: c.name,
      header: caption(language, c.label),
      value: (r) => cellText(c, r, cellContext),
      column: c,
      numeric: NUMERIC_KINDS.has(c.kind) || c.kind === 'text',
      sortable: sortable.has(c.name) && !report.columns.some((x) => x.running),
    };
    if (!c.breakdown) return [shown];
    return [
      shown,
      {
        key: `${c.name}:units`,
        header: caption(language, 'reports.inUnits'),
        value: (r) => breakdownText(c, r, cellContext),
        column: c,
        numeric: false,
        sortable: false,
      },
    ];
  });
  const heading = title ?? caption(language, report.title);
  const totals = answer ? <ReportTotals report={report} answer={answer} context={cellContext} /> : null;
  const facts = filters.flatMap((f): [string, string][] => {
    const v =
      f.meta.kind === 'item' ? (item ? `${item.code} · ${nameOf(item, language)}` : '') : values[f.name];
    if (!v || f.meta.kind === 'flag') return [];
    const shown = f.meta.reference ? (cellContext.names[v] ? nameOf(cellContext.names[v], language) : '') : v;
    return [
      [
        caption(language, f.meta.label),
        f.meta.kind === 'choice' ? caption(language, `${f.meta.optionLabels}.${v}`) : shown,
      ],
    ];
  });
  const [printing, setPrinting] = useState(false);
  const groups = report.columns.some((c) => c.group) ? headerGroups(columns, language) : undefined;

  return (
    <div data-testid={testId} className="erp-report">
      <ListToolbar
        filters={
          <ReportFilters
            filters={filters}
            values={values}
            onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
            item={item}
            onItem={(picked) => {
              setItem(picked);
              const name = filters.find((f) => f.meta.kind === 'item')?.name;
              if (name) setValues((v) => ({ ...v, [name]: picked.id }));
            }}
          />
        }
        actions={
          <>
            <Button
              type="button"
              icon="pi pi-file-excel"
              label={t('reports.export')}
              outlined
              disabled={!ready}
              data-testid="report-export"
              onClick={() => void downloadReport(context.api, report.path, list.criteria, heading)}
            />
            <Button
              type="button"
              icon="pi pi-print"
              label={t('reports.print')}
              outlined
              data-testid="print"
              onClick={() => printReport(setPrinting)}
            />
          </>
        }
      />
      {!ready && hint ? <Message severity="info" text={hint} /> : null}
      <DataTable
        value={rows}
        dataKey={ROW_KEY}
        {...list.table}
        emptyMessage={<span data-testid="report-empty">{t('noRecords')}</span>}
        stripedRows
        size="small"
        scrollable
        className="erp-md__table"
        data-testid="report-table"
        headerColumnGroup={groups}
        footer={totals}
      >
        {columns.map((c) => (
          <Column
            key={c.key}
            field={c.key}
            header={c.header}
            sortable={c.sortable}
            body={(r: Row) => {
              const cell = (
                <Cell column={c} row={r} linkOf={linkOf} cells={cells} navigate={context.navigate} />
              );
              // grouped rows by level: the first column indented by the row's level
              return report.level && c === columns[0] ? (
                <span style={{ paddingInlineStart: `${Number(r[report.level] ?? 0)}rem` }}>{cell}</span>
              ) : (
                cell
              );
            }}
            bodyClassName={c.numeric ? 'erp-md__num' : undefined}
          />
        ))}
      </DataTable>
      {printing ? (
        <PrintTable
          title={heading}
          dir={context.dir}
          lang={language}
          facts={facts}
          columns={columns}
          rows={rows}
          footer={totals}
        />
      ) : null}
    </div>
  );
}
