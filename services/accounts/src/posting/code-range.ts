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

/** Rows at or after `k` in (year, seq) order (a range's count; walking it goes year by year). */
export function fromKey(q: Where, k: CodeKey): Where {
  return q.where((w) =>
    w.where('year', '>', k.year).orWhere((x) => x.where('year', k.year).where('seq', '>=', k.seq)),
  );
}

/** Rows at or before `k`. */
export function toKey(q: Where, k: CodeKey): Where {
  return q.where((w) =>
    w.where('year', '<', k.year).orWhere((x) => x.where('year', k.year).where('seq', '<=', k.seq)),
  );
}
