import type { Executor } from '@erp/service-kit';

// Helpers of the accounts reports' property test: a seeded generator, exact amounts, the journal's lines as
// they are stored (the independent side of every comparison).

/** A small seeded generator (mulberry32): the same run every time unless the seed is changed. */
export function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!,
  };
}

/** Hundredths as the API's decimal text; the journal stores 10^4, so a stored amount is hundredths × 100. */
export const asText = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
/** Stored integers (10^4) as the reports' decimal strings, computed with BigInt only. */
export const asDecimal = (stored: bigint) => {
  const neg = stored < 0n;
  const abs = neg ? -stored : stored;
  const int = abs / 10_000n;
  const frac = (abs % 10_000n).toString().padStart(4, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
};

export interface RawLine {
  entry_id: string;
  line_no: number;
  account_id: string;
  cost_center_id: string | null;
  debit: bigint;
  credit: bigint;
  date: string;
  branch_id: string;
}

/** A decimal string of the API as a stored integer (10^4), exactly. */
export function stored(v: string): bigint {
  const [int, frac = ''] = v.replace('-', '').split('.');
  const n = BigInt(int!) * 10_000n + BigInt(frac.padEnd(4, '0'));
  return v.startsWith('-') ? -n : n;
}

/** The tenant's journal lines as stored, amounts as BigInt. */
export async function readLines(db: Executor, tenantId: string): Promise<RawLine[]> {
  const rows = (await db('journal_lines').where({ tenant_id: tenantId })) as Record<string, unknown>[];
  return rows.map((r) => ({
    entry_id: String(r.entry_id),
    line_no: Number(r.line_no),
    account_id: String(r.account_id),
    cost_center_id: (r.cost_center_id as string | null) ?? null,
    debit: BigInt(String(r.debit)),
    credit: BigInt(String(r.credit)),
    date: String(r.date),
    branch_id: String(r.branch_id),
  }));
}

/** A statement's order, as the model sees it: date, then the entry (time-ordered ids), then the line. */
export function byPostingOrder(a: RawLine, b: RawLine): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  if (a.entry_id !== b.entry_id) return a.entry_id < b.entry_id ? -1 : 1;
  return a.line_no - b.line_no;
}
