import { tableOf, accounts as accountsEntity } from '@erp/contracts';
import type { TenantScope } from '@erp/service-kit';
import type { Sums } from './period-sums';

export interface AccountNode {
  id: string;
  code: string;
  parentId: string | null;
  nature: 'debit' | 'credit';
  accountType: 'balanceSheet' | 'incomeStatement';
  /** Depth in the tree, from 1 (read from the parents, whatever the stored level says). */
  depth: number;
  hasChildren: boolean;
  arabicName: string;
  englishName: string;
}

/** The tenant's chart of accounts (a few thousand rows: read whole, walked in memory). */
export async function loadChart(s: TenantScope): Promise<Map<string, AccountNode>> {
  const rows = (await s(tableOf(accountsEntity)).select(
    'id',
    'code',
    'parent_id',
    'nature',
    'account_type',
    'arabic_name',
    'english_name',
  )) as {
    id: string;
    code: string;
    parent_id: string | null;
    nature: string;
    account_type: string;
    arabic_name: string;
    english_name: string;
  }[];
  const chart = new Map<string, AccountNode>();
  for (const r of rows)
    chart.set(r.id, {
      id: r.id,
      code: r.code,
      parentId: r.parent_id,
      nature: r.nature === 'credit' ? 'credit' : 'debit',
      accountType: r.account_type === 'incomeStatement' ? 'incomeStatement' : 'balanceSheet',
      depth: 0,
      hasChildren: false,
      arabicName: r.arabic_name,
      englishName: r.english_name,
    });
  const depthOf = (node: AccountNode, seen: number): number => {
    if (node.depth) return node.depth;
    const parent = node.parentId ? chart.get(node.parentId) : undefined;
    // the tree rules keep parents acyclic; a bound keeps a damaged tree from looping
    node.depth = parent && seen < 64 ? depthOf(parent, seen + 1) + 1 : 1;
    return node.depth;
  };
  for (const node of chart.values()) {
    depthOf(node, 0);
    const parent = node.parentId ? chart.get(node.parentId) : undefined;
    if (parent) parent.hasChildren = true;
  }
  return chart;
}

/** The account and every account under it. */
export function subtree(chart: Map<string, AccountNode>, id: string): string[] {
  const children = new Map<string, string[]>();
  for (const n of chart.values())
    if (n.parentId) children.set(n.parentId, [...(children.get(n.parentId) ?? []), n.id]);
  const out: string[] = [];
  const stack = [id];
  while (stack.length) {
    const next = stack.pop()!;
    out.push(next);
    stack.push(...(children.get(next) ?? []));
  }
  return out;
}

/**
 * One account as the line reports need it, read alone (by its id, and one probe of the parents' index for
 * sub-accounts) rather than the whole chart. Undefined: no such account.
 */
export async function readAccount(
  s: TenantScope,
  id: string,
): Promise<Pick<AccountNode, 'id' | 'code' | 'nature' | 'hasChildren'> | undefined> {
  const table = tableOf(accountsEntity);
  const [row, child] = (await Promise.all([
    s(table).where(`${table}.id`, id).first('code', 'nature'),
    s(table).where(`${table}.parent_id`, id).first('id'),
  ])) as [{ code: string; nature: string } | undefined, unknown];
  if (!row) return undefined;
  const nature = row.nature === 'credit' ? ('credit' as const) : ('debit' as const);
  return { id, code: row.code, nature, hasChildren: child !== undefined };
}

/**
 * Sums per account (posted to leaves) added up to every account's ancestors: each account's subtree sums. The
 * deepest accounts first, each adding its subtree's sum to its parent once (no walk of each account's lineage).
 */
export function rollUp(chart: Map<string, AccountNode>, sums: Map<string, Sums>): Map<string, Sums> {
  const out = new Map<string, Sums>();
  for (const [id, s] of sums) if (chart.has(id)) out.set(id, { debit: s.debit, credit: s.credit });
  const byDepth: AccountNode[][] = [];
  for (const node of chart.values()) (byDepth[node.depth] ??= []).push(node);
  // depth 1: no parent (or one past loadChart's bound on a damaged tree)
  for (let depth = byDepth.length - 1; depth > 1; depth--)
    for (const node of byDepth[depth] ?? []) {
      const s = out.get(node.id);
      if (!s || !node.parentId || !chart.has(node.parentId)) continue;
      const parent = out.get(node.parentId);
      if (parent) {
        parent.debit += s.debit;
        parent.credit += s.credit;
      } else out.set(node.parentId, { debit: s.debit, credit: s.credit });
    }
  return out;
}

/**
 * The accounts a report rolled up to `level` shows, in code order: every account down to that level. An account
 * above the level with sub-accounts is a group row (indented, not totalled: its sub-accounts are); one at the
 * level stands for its whole subtree and is totalled, as is a leaf above it.
 */
export function rowsToLevel(chart: Map<string, AccountNode>, level: number) {
  return [...chart.values()]
    .filter((n) => n.depth <= level)
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
    .map((node) => ({ node, group: node.hasChildren && node.depth < level }));
}

/** The chart's names, as the report engine answers them (a report that read the chart names its accounts). */
export function chartNames(chart: Map<string, AccountNode>) {
  const names: Record<string, { code: string; arabicName: string; englishName: string }> = {};
  for (const n of chart.values())
    names[n.id] = { code: n.code, arabicName: n.arabicName, englishName: n.englishName };
  return names;
}
