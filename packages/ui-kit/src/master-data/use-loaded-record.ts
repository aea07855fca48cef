import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from '@erp/api-client';

/**
 * The record an edit form shows (a master-data record, a document): fetched by id once the form opens and
 * again when the id changes; `missing` when the API does not give it (deleted, another tenant's). An answer
 * that arrives after the form moved on is dropped.
 */
export function useLoadedRecord<T>(
  api: ApiClient,
  apiPath: string,
  id: string | undefined,
  onLoaded: (record: T) => void,
): { loading: boolean; missing: boolean } {
  const [loading, setLoading] = useState(id !== undefined);
  const [missing, setMissing] = useState(false);
  const loaded = useRef(onLoaded);
  loaded.current = onLoaded;

  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    setLoading(true);
    api.get<T>(apiPath, id, { quiet: true }).then(
      (record) => {
        if (!live) return;
        loaded.current(record);
        setLoading(false);
      },
      () => {
        if (!live) return;
        setMissing(true);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [api, apiPath, id]);

  return { loading, missing };
}
