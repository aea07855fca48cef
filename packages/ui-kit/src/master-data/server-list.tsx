import type { DataTableSortEvent, DataTableStateEvent } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import type { PaginatorRowsPerPageDropdownOptions, PaginatorTemplateOptions } from 'primereact/paginator';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiClient } from '@erp/api-client';
import { PAGE_SIZES } from '@erp/contracts/src/declare';

/** Spec section 9: search-as-you-type waits one second; page sizes 15, 25, 50, 100, 500. */
export const SEARCH_DELAY_MS = 1000;

/** A value that follows `value` after `delay` ms of quiet. */
export function useDebounced<T>(value: T, delay = SEARCH_DELAY_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** What every server list answers (`pageOf` in the contracts); a report may name its rows otherwise. */
export interface ServerPage<T> {
  items: T[];
  total: number;
}

export interface ServerListOptions {
  api: ApiClient;
  /** The list's call: `GET path?page&pageSize&search&sort&order&...filters`. */
  path: string;
  /**
   * The settled filters as query parameters (a text filter is debounced by its input); empty values are left
   * out. Compared by value: a new object with the same filters fetches nothing.
   */
  filters?: Readonly<Record<string, string | null | undefined>>;
  /** Fetched again when it changes: the server answers in the `Language` header's language. */
  language?: string;
  /** The first page size (one of the spec's); default 15. */
  pageSize?: number;
  /** The page sizes offered (vouchers: 25, 50, 100, 500); default the spec's general ones. */
  pageSizes?: readonly number[];
  /** False: nothing is fetched (a report still missing a required choice). Default true. */
  enabled?: boolean;
  /** The empty state's test id (`md-empty`, `doc-empty`, ...). */
  emptyTestId?: string;
}

/**
 * The one server-side list of the kit and the shell: paging (the spec's 15/25/50/100/500), search after the
 * one-second pause, sort, filters, reload, and the loading and 'no records found' states. A new search, filter
 * or sort starts from the first page; a call overtaken by a newer one is aborted; a failed call is alerted by
 * the client and leaves the last page shown. `table` is spread on a lazy PrimeReact DataTable.
 */
export function useServerList<T, P extends { total: number } = ServerPage<T>>(options: ServerListOptions) {
  const { api, path, language, enabled = true } = options;
  const { t } = useTranslation('ui');
  const [first, setFirst] = useState(0);
  const [rows, setRows] = useState<number>(options.pageSize ?? options.pageSizes?.[0] ?? PAGE_SIZES[0]);
  const [sortField, setSortField] = useState<string | undefined>(undefined);
  const [sortOrder, setSortOrder] = useState<1 | -1>(1);
  const [search, setSearch] = useState('');
  const settledSearch = useDebounced(search.trim());
  const [data, setData] = useState<P | null>(null);
  const [loading, setLoading] = useState(enabled);
  const [reloads, setReloads] = useState(0);

  const filtersKey = JSON.stringify(
    Object.entries(options.filters ?? {}).filter((e): e is [string, string] => Boolean(e[1])),
  );
  /** The list's query without the page: an export honours the same search, filters and sort. */
  const criteria = useMemo(() => {
    const q: Record<string, string> = Object.fromEntries(JSON.parse(filtersKey) as [string, string][]);
    if (settledSearch) q.search = settledSearch;
    if (sortField) {
      q.sort = sortField;
      q.order = sortOrder === -1 ? 'desc' : 'asc';
    }
    return q;
  }, [filtersKey, settledSearch, sortField, sortOrder]);

  // new criteria start from the first page
  useEffect(() => setFirst(0), [criteria]);

  useEffect(() => {
    if (!enabled) {
      setData(null);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    api
      .get<P>(path, undefined, {
        query: { ...criteria, page: Math.floor(first / rows) + 1, pageSize: rows },
        signal: controller.signal,
      })
      .then(
        (page) => {
          // an answer that arrives after its criteria changed (its abort came too late) never reaches the screen
          if (controller.signal.aborted) return;
          setData(page);
          setLoading(false);
        },
        () => {
          if (!controller.signal.aborted) setLoading(false);
        },
      );
    return () => controller.abort();
  }, [api, path, criteria, first, rows, reloads, language, enabled]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  const items = (data as Partial<ServerPage<T>> | null)?.items ?? [];
  const total = data?.total ?? 0;
  const emptyMessage: ReactNode = <span data-testid={options.emptyTestId}>{t('noRecords')}</span>;

  return {
    data,
    items,
    total,
    loading,
    search,
    setSearch,
    criteria,
    reload,
    table: {
      lazy: true as const,
      paginator: true,
      first,
      rows,
      totalRecords: total,
      rowsPerPageOptions: [...(options.pageSizes ?? PAGE_SIZES)],
      paginatorTemplate: pageSizeTemplate(t('input.pageSize')),
      onPage: (e: Pick<DataTableStateEvent, 'first' | 'rows'>) => {
        setFirst(e.first);
        setRows(e.rows);
      },
      sortField,
      sortOrder,
      onSort: (e: Pick<DataTableSortEvent, 'sortField' | 'sortOrder'>) => {
        setSortField(e.sortField || undefined);
        setSortOrder(e.sortOrder === -1 ? -1 : 1);
      },
      loading,
      emptyMessage,
    },
  };
}

/**
 * The paginator with its page-size list named in the app's language: PrimeReact 10's own list reads its
 * name from a private copy of the English locale ('Jump to Page Dropdown' in every language, issue 12 item 7).
 */
function pageSizeTemplate(name: string): PaginatorTemplateOptions {
  return {
    layout: 'FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown',
    RowsPerPageDropdown: (o: PaginatorRowsPerPageDropdownOptions) => (
      <Dropdown
        value={o.value}
        options={o.options}
        onChange={o.onChange}
        appendTo={o.appendTo}
        aria-label={name}
        className="p-paginator-rpp-options"
      />
    ),
  };
}

/** A list's search box (the text goes to the server after the one-second pause: {@link useServerList}). */
export function ListSearch({
  value,
  onChange,
  label,
  testId,
}: {
  value: string;
  onChange: (text: string) => void;
  label: string;
  testId: string;
}) {
  return (
    <IconField iconPosition="left" className="erp-md__search">
      <InputIcon className="pi pi-search" />
      <InputText
        type="search"
        value={value}
        placeholder={label}
        aria-label={label}
        data-testid={testId}
        onChange={(e) => onChange(e.target.value)}
      />
    </IconField>
  );
}

/**
 * The rows a list shows while names for its reference columns arrive: PrimeReact memoises each cell by its row's
 * values (compared one level deep), so a copy alone does not redraw a cell that showed an id before the names
 * came. Each set of names stamps the rows anew, which does.
 */
export function useRowsNamedBy<T extends object>(items: readonly T[], names: unknown): T[] {
  const stamp = useRef({ names, n: 0 });
  if (stamp.current.names !== names) stamp.current = { names, n: stamp.current.n + 1 };
  const n = stamp.current.n;
  return useMemo(() => items.map((r) => ({ ...r, _namesStamp: n })), [items, n]);
}
