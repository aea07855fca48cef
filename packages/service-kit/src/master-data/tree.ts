import {
  columnOf,
  DEFAULT_MAX_ACCOUNT_LEVEL,
  tableOf,
  type EntityDef,
  type EntityInput,
  type TreeDef,
} from '@erp/contracts';
import { parseJson } from '../db/database';
import type { TenantScope } from '../db/tenant-scope';
import { AppError, conflict, type FieldIssue } from '../errors';
import { replicaTables } from './replicas';

/**
 * The tree rules of spec section 5, once for every tree the entities declare (`EntityDef.tree`: accounts,
 * account groups, cost centers, item categories): a sub-record needs a parent; no record is its own parent or
 * takes a descendant as parent; a record in use (the entity's `isReferenced` hook: an account's journal lines)
 * takes no children, since a parent takes no entries; the level is the depth, at most the branch's maximum
 * account level where the tree says so; a record with children cannot be deleted.
 */

type Row = Record<string, unknown>;
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The maximum account level: the working branch's, else the strictest of the tenant's branches. */
export async function maxAccountLevel(s: TenantScope, branchId: string | null): Promise<number> {
  const q = s(replicaTables.branches).select('settings');
  if (branchId) q.where({ id: branchId });
  const levels = ((await q) as Row[])
    .map((r) => parseJson<{ maxAccountLevel?: number | null }>(r.settings, {}).maxAccountLevel)
    .filter((n): n is number => typeof n === 'number' && n > 0);
  return levels.length ? Math.min(...levels) : DEFAULT_MAX_ACCOUNT_LEVEL;
}

/** The ids of a record's children. */
async function childrenOf(s: TenantScope, entity: EntityDef, tree: TreeDef, ids: string[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  return (await s(tableOf(entity))
    .whereIn(columnOf(tree.parent), ids)
    .select('id', columnOf(tree.parent))) as Row[];
}

/** How many levels hang below a record (0 for a leaf). */
async function heightBelow(s: TenantScope, entity: EntityDef, tree: TreeDef, id: string): Promise<number> {
  let height = 0;
  let frontier = [id];
  const seen = new Set(frontier);
  for (;;) {
    const next = (await childrenOf(s, entity, tree, frontier))
      .map((r) => str(r.id))
      .filter((c) => !seen.has(c));
    if (next.length === 0) return height;
    next.forEach((c) => seen.add(c));
    height += 1;
    frontier = next;
  }
}

/** Whether a record has children (a parent takes no entries and cannot be deleted). */
export async function hasChildren(s: TenantScope, entity: EntityDef, id: string): Promise<boolean> {
  if (!entity.tree) return false;
  return Boolean(await s(tableOf(entity)).where(columnOf(entity.tree.parent), id).first('id'));
}

/**
 * For the ledger (issue 13): entries go to leaves only. A 400 on `field` ('validation.parentAccount') when the
 * record has children.
 */
export async function leafIssue(
  s: TenantScope,
  entity: EntityDef,
  id: string,
  field: string,
): Promise<FieldIssue | null> {
  return (await hasChildren(s, entity, id)) ? { field, code: 'validation.parentAccount' } : null;
}

/** 409 'hasChildren' when a tree record still has children (spec section 5). */
export async function refuseDeleteWithChildren(s: TenantScope, entity: EntityDef, id: string): Promise<void> {
  if (await hasChildren(s, entity, id)) throw conflict('hasChildren');
}

export interface TreeCheck {
  issues: FieldIssue[];
  /** The record's level after the write (when the tree has a level field). */
  level: number | null;
}

/**
 * The tree rules for a create (id null) or a change of one record. `inUse` is the entity's own "in use" check:
 * a record in use cannot become a parent.
 */
export async function checkTree(
  s: TenantScope,
  entity: EntityDef,
  input: EntityInput,
  id: string | null,
  branchId: string | null,
  inUse?: (s: TenantScope, id: string) => Promise<boolean>,
): Promise<TreeCheck> {
  const tree = entity.tree;
  if (!tree) return { issues: [], level: null };
  const parentId = str(input[tree.parent]);
  const field = tree.parent;
  if (tree.sub && input[tree.sub] === true && parentId === '')
    return { issues: [{ field, code: 'validation.parentRequired' }], level: null };
  let parentLevel = 0;
  if (parentId) {
    // walk up from the new parent: meeting the record itself means a cycle (its own parent or a descendant)
    const seen = new Set<string>();
    let at: string = parentId;
    let depth = 0;
    while (at && !seen.has(at)) {
      if (at === id) return { issues: [{ field, code: 'validation.ownParent' }], level: null };
      seen.add(at);
      const row = (await s(tableOf(entity))
        .where({ id: at })
        .first(columnOf(tree.parent), ...(tree.level ? [columnOf(tree.level)] : []))) as Row | undefined;
      if (!row) break; // a missing parent is the engine's reference check (validation.reference)
      if (depth === 0 && tree.level) parentLevel = Number(row[columnOf(tree.level)] ?? 0);
      depth += 1;
      at = str(row[columnOf(tree.parent)]);
    }
    if (!tree.level) parentLevel = depth;
    if (inUse && (await inUse(s, parentId)))
      return { issues: [{ field, code: 'validation.parentInUse' }], level: null };
  }
  const level = parentLevel + 1;
  if (tree.maxLevel === 'branchAccountLevel') {
    const maximum = await maxAccountLevel(s, branchId);
    const height = id ? await heightBelow(s, entity, tree, id) : 0;
    if (level + height > maximum)
      return {
        issues: [{ field, code: 'validation.maxAccountLevel', params: { maximum } }],
        level: null,
      };
  }
  return { issues: [], level: tree.level ? level : null };
}

/** After a record moved: its descendants' levels follow its own (one update per level of the subtree). */
export async function relevelBelow(
  s: TenantScope,
  entity: EntityDef,
  id: string,
  level: number,
): Promise<void> {
  const tree = entity.tree;
  if (!tree?.level) return;
  let frontier = [id];
  const seen = new Set(frontier);
  for (let l = level + 1; frontier.length; l++) {
    const next = (await childrenOf(s, entity, tree, frontier))
      .map((r) => str(r.id))
      .filter((c) => !seen.has(c));
    next.forEach((c) => seen.add(c));
    for (let i = 0; i < next.length; i += 500)
      await s(tableOf(entity))
        .whereIn('id', next.slice(i, i + 500))
        .update({ [columnOf(tree.level)]: l });
    frontier = next;
  }
}

/** A tree's records ordered parents before children, siblings by code (the tree screen's one call). */
export function treeOrder<T extends { id: string; code: string }>(
  records: readonly T[],
  parentOf: (r: T) => string | null,
): T[] {
  const ids = new Set(records.map((r) => r.id));
  const children = new Map<string | null, T[]>();
  for (const r of records) {
    const p = parentOf(r);
    const key = p && ids.has(p) ? p : null;
    const list = children.get(key);
    if (list) list.push(r);
    else children.set(key, [r]);
  }
  const byCode = (a: T, b: T) => a.code.localeCompare(b.code, 'en', { numeric: true });
  const out: T[] = [];
  const seen = new Set<string>();
  const visit = (key: string | null) => {
    for (const r of [...(children.get(key) ?? [])].sort(byCode)) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      out.push(r);
      visit(r.id);
    }
  };
  visit(null);
  return out;
}

/**
 * A new record's code in a leveled tree (a chart of accounts): its parent's code followed by the next number
 * among its siblings (under 111 with 1111 and 1112: 1113), at the root the next number after the roots'. Null
 * when no such code fits (the engine's next number is used instead).
 */
export async function nextTreeCode(
  s: TenantScope,
  entity: EntityDef,
  parentId: string | null,
): Promise<string | null> {
  const tree = entity.tree;
  if (!tree?.level) return null;
  const table = tableOf(entity);
  const parent = parentId
    ? ((await s(table).where({ id: parentId }).first('code')) as Row | undefined)
    : null;
  if (parentId && !parent) return null;
  const prefix = parent ? str(parent.code) : '';
  const siblings = ((await s(table).where(columnOf(tree.parent), parentId).select('code')) as Row[]).map(
    (r) => str(r.code),
  );
  if (!parentId) {
    const roots = (await s(table).whereNull(columnOf(tree.parent)).select('code')) as Row[];
    siblings.push(...roots.map((r) => str(r.code)));
  }
  const suffixes = siblings
    .filter((c) => c.startsWith(prefix) && /^\d+$/.test(c.slice(prefix.length)))
    .map((c) => c.slice(prefix.length));
  let next = suffixes.reduce((m, x) => Math.max(m, Number(x)), 0) + 1;
  const width = Math.max(1, ...suffixes.map((x) => x.length));
  for (let tries = 0; tries < 100; tries++, next++) {
    const code = prefix + String(next).padStart(width, '0');
    if (code.length > 20) return null;
    if (!(await s(table).where({ code }).first('id'))) return code;
  }
  return null;
}

/** A 400 carrying tree issues, as the engine raises its own field issues. */
export const treeError = (issues: FieldIssue[]) => new AppError(400, 'validationFailed', {}, issues);
