import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../app/ServicesContext';

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Spec section 9: page sizes; search-as-you-type waits one second. */
export const PAGE_SIZES = [15, 25, 50, 100, 500];
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

/**
 * A server-paged list: `GET path?page&pageSize&search&...filters`. Returns the page, the loading flag and a
 * reload; a failed call is alerted by the client and leaves the last page shown.
 */
export function usePagedList<T>(path: string, query: Record<string, string | number | undefined>) {
  const api = useApi();
  const [data, setData] = useState<Page<T> | null>(null);
  const [loading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);
  const key = JSON.stringify(query);

  useEffect(() => {
    let live = true;
    setLoading(true);
    api.get<Page<T>>(path, undefined, { query: JSON.parse(key) as Record<string, string | number> }).then(
      (page) => {
        if (live) {
          setData(page);
          setLoading(false);
        }
      },
      () => live && setLoading(false),
    );
    return () => {
      live = false;
    };
  }, [api, path, key, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, loading, reload };
}
