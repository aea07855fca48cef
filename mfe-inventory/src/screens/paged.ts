import { useFeature, useServerList } from '@erp/ui-kit';

/**
 * One page of a report or a stock list through the kit's server list (the spec's page sizes, the first page on
 * new criteria, fetched again when the language changes). `criteria` carry the settled search and filters;
 * `enabled` false (a report still missing its item) fetches nothing.
 */
export function usePagedQuery<P extends { total: number }>(
  path: string,
  criteria: Record<string, string>,
  enabled = true,
) {
  const { api, language } = useFeature();
  const list = useServerList<unknown, P>({ api, path, language, filters: criteria, enabled });
  return { data: list.data, loading: list.loading, paging: list.table };
}
