import type { TenantScope } from '@erp/service-kit';

/**
 * A code's place in numbering order: the engine numbers `seq` within `year` (0 unless the branch numbers per
 * year, when the code is `yy-seq`). Codes compare by this pair, never as text ('10' comes after '9').
 */
export interface CodeKey {
  year: number;
  seq: number;
}

export function codeKey(code: string): CodeKey {
  const m = /^(?:(\d{2})-)?(\d{1,12})$/.exec(code.trim());
  if (!m) throw new Error(`not a document code: ${code}`);
  return { year: m[1] ? 2000 + Number(m[1]) : 0, seq: Number(m[2]) };
}

/** One number per key, for the overlap check's columns (years below 10^4, sequences below 10^12). */
export const keyNumber = (k: CodeKey) => k.year * 1_000_000_000_000 + k.seq;

export const compareKeys = (a: CodeKey, b: CodeKey) => a.year - b.year || a.seq - b.seq;

type Where = ReturnType<TenantScope>;

/** The columns a table numbers its codes in (the engine's documents: `year` and `seq`). */
export interface CodeColumns {
  year: string;
  seq: string;
}
const ENGINE: CodeColumns = { year: 'year', seq: 'seq' };

/** Rows at or after `k` in (year, seq) order (a range's count; walking it goes year by year). */
export function fromKey(q: Where, k: CodeKey, c: CodeColumns = ENGINE): Where {
  return q.where((w) =>
    w.where(c.year, '>', k.year).orWhere((x) => x.where(c.year, k.year).where(c.seq, '>=', k.seq)),
  );
}

/** Rows at or before `k`. */
export function toKey(q: Where, k: CodeKey, c: CodeColumns = ENGINE): Where {
  return q.where((w) =>
    w.where(c.year, '<', k.year).orWhere((x) => x.where(c.year, k.year).where(c.seq, '<=', k.seq)),
  );
}

/** How many of `rows` (a filtered query, built afresh per call) have codes in the range. */
export async function countInCodeRange(
  rows: () => Where,
  range: { fromCode: string; toCode: string },
  c: CodeColumns = ENGINE,
): Promise<number> {
  const q = toKey(fromKey(rows(), codeKey(range.fromCode), c), codeKey(range.toCode), c);
  const [row] = (await q.count({ n: '*' })) as { n: unknown }[];
  return Number(row?.n ?? 0);
}

/**
 * One page of `rows` in code order within the range, after the code `page.after` (null: from the range's start).
 * One year at a time, `seq` a plain index range in it: a (year, seq) OR-condition would make the index walk the
 * branch from its start on every page (quadratic over a long run).
 */
export async function pageInCodeRange<T>(
  rows: () => Where,
  range: { fromCode: string; toCode: string },
  page: { after: string | null; limit: number },
  select: readonly string[],
  c: CodeColumns = ENGINE,
): Promise<T[]> {
  const to = codeKey(range.toCode);
  let at = page.after
    ? { ...codeKey(page.after), strict: true }
    : { ...codeKey(range.fromCode), strict: false };
  for (;;) {
    if (at.year > to.year) return [];
    const q = rows()
      .where(c.year, at.year)
      .where(c.seq, at.strict ? '>' : '>=', at.seq);
    if (at.year === to.year) q.where(c.seq, '<=', to.seq);
    const found = (await q
      .orderBy(c.seq)
      .limit(page.limit)
      .select(...select)) as T[];
    if (found.length) return found;
    const [next] = (await rows()
      .where(c.year, '>', at.year)
      .where(c.year, '<=', to.year)
      .min({ y: c.year })) as { y: unknown }[];
    if (next?.y === null || next?.y === undefined) return [];
    at = { year: Number(next.y), seq: 0, strict: false };
  }
}
