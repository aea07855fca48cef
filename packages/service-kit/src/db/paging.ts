import type { Knex } from 'knex';

export interface PageRequest {
  page: number;
  pageSize: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Counts and fetches one page of a (filtered, not yet ordered) query; `order` is applied to the page only. */
export async function paginate<T>(
  query: Knex.QueryBuilder,
  request: PageRequest,
  order: (q: Knex.QueryBuilder) => Knex.QueryBuilder,
  map: (row: Record<string, unknown>) => T,
): Promise<Page<T>> {
  const offset = (request.page - 1) * request.pageSize;
  const rows = await order(query.clone()).offset(offset).limit(request.pageSize);
  // a page neither empty nor full is the last one: it tells the total without counting (a search's scan)
  const total =
    rows.length > 0 && rows.length < request.pageSize
      ? offset + rows.length
      : Number(
          ((await query.clone().clearSelect().count({ n: '*' })) as { n: number | string }[])[0]?.n ?? 0,
        );
  return {
    items: rows.map(map),
    total,
    page: request.page,
    pageSize: request.pageSize,
  };
}

/**
 * A case-insensitive "contains" over several columns (search-as-you-type). LIKE is already case-insensitive on
 * both engines (SQLite folds ASCII as its lower() does; MySQL compares in the _ci collation of the tables), so
 * no lower() wraps the columns: it cost a function call per row and column on every keystroke.
 */
export function searchColumns(
  query: Knex.QueryBuilder,
  columns: readonly string[],
  term: string | undefined,
): Knex.QueryBuilder {
  if (!term) return query;
  // '!' escapes the wildcards: a backslash means different things to MySQL and SQLite string literals
  const like = `%${term.replace(/[!%_]/g, (c) => `!${c}`)}%`;
  return query.andWhere((w) => {
    for (const c of columns) w.orWhereRaw(`?? like ? escape '!'`, [c, like]);
  });
}
