import { useEffect, useState } from 'react';
import { PAGE_SIZES } from '@erp/contracts';
import { SEARCH_DELAY_MS, useFeature } from '@erp/ui-kit';

/** A value that follows another after the spec's one-second search pause (section 9). */
export function useDebounced<T>(value: T, delay = SEARCH_DELAY_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * One page of a server list (the spec's page sizes 15, 25, 50, 100, 500), fetched again when the criteria,
 * the page or the language change; a new set of criteria starts from the first page. `enabled` false (a
 * report still missing its item) fetches nothing.
 */
export function usePagedQuery<T extends { total: number }>(
  path: string,
  criteria: Record<string, string>,
  enabled = true,
) {
  const { api, language } = useFeature();
  const [first, setFirst] = useState(0);
  const [rows, setRows] = useState<number>(PAGE_SIZES[0]);
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(false);
  const key = JSON.stringify(criteria);

  useEffect(() => setFirst(0), [key]);

  useEffect(() => {
    if (!enabled) {
      setData(null);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    api
      .get<T>(path, undefined, {
        query: { ...criteria, page: Math.floor(first / rows) + 1, pageSize: rows },
        signal: controller.signal,
      })
      .then(
        (answer) => {
          setData(answer);
          setLoading(false);
        },
        () => {
          if (!controller.signal.aborted) setLoading(false);
        },
      );
    return () => controller.abort();
    // criteria are compared by their JSON (a new object each render)
  }, [api, path, key, first, rows, enabled, language]);

  return {
    data,
    loading,
    paging: {
      lazy: true as const,
      paginator: true,
      first,
      rows,
      totalRecords: data?.total ?? 0,
      rowsPerPageOptions: [...PAGE_SIZES],
      onPage: (e: { first: number; rows: number }) => {
        setFirst(e.first);
        setRows(e.rows);
      },
    },
  };
}
