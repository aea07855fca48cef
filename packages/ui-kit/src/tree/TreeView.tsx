import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/** A node of a tree as the view takes it: records in tree order (parents before children). */
export interface TreeNode {
  id: string;
  parentId: string | null;
  /** What a search matches against (code and names). */
  searchText: string;
}

/** Which nodes a search shows: the matches and every ancestor of a match (so a match is never orphaned). */
export function searchTree<N extends TreeNode>(
  nodes: readonly N[],
  query: string,
): { visible: Set<string>; matches: Set<string> } | null {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return null;
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const matches = new Set(nodes.filter((n) => n.searchText.toLocaleLowerCase().includes(q)).map((n) => n.id));
  const visible = new Set<string>();
  for (const id of matches) {
    for (let at: N | undefined = byId.get(id); at && !visible.has(at.id);) {
      visible.add(at.id);
      at = at.parentId ? byId.get(at.parentId) : undefined;
    }
  }
  return { visible, matches };
}

export interface TreeViewProps<N extends TreeNode> {
  nodes: readonly N[];
  /** The tree's accessible name. */
  label: string;
  expanded: ReadonlySet<string>;
  onExpandedChange: (next: Set<string>) => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Enter on a node (or a double click): open it. */
  onActivate?: (id: string) => void;
  /** A search's result: only these nodes show, every one expanded. */
  search?: { visible: ReadonlySet<string>; matches: ReadonlySet<string> } | null;
  renderLabel: (node: N, matched: boolean) => ReactNode;
  testId?: string;
}

/**
 * The kit's tree (WAI-ARIA tree view pattern): one tab stop, arrows move and open or close, Home and End jump,
 * Enter opens, a click selects; `aria-level`, `aria-expanded` and `aria-selected` say where the reader is. Used
 * by every master-data tree (chart of accounts, account groups, cost centers).
 */
export function TreeView<N extends TreeNode>({
  nodes,
  label,
  expanded,
  onExpandedChange,
  selectedId,
  onSelect,
  onActivate,
  search,
  renderLabel,
  testId,
}: TreeViewProps<N>) {
  const children = useMemo(() => {
    const ids = new Set(nodes.map((n) => n.id));
    const map = new Map<string | null, N[]>();
    for (const n of nodes) {
      const key = n.parentId && ids.has(n.parentId) ? n.parentId : null;
      const list = map.get(key);
      if (list) list.push(n);
      else map.set(key, [n]);
    }
    return map;
  }, [nodes]);
  const shown = (n: N) => !search || search.visible.has(n.id);
  const isOpen = (id: string) => (search ? true : expanded.has(id));
  const kids = (id: string | null) => (children.get(id) ?? []).filter(shown);

  // the visible nodes in reading order, with their depth: what the arrow keys walk
  const flat = useMemo(() => {
    const out: { node: N; depth: number }[] = [];
    const walk = (parent: string | null, depth: number) => {
      for (const n of children.get(parent) ?? []) {
        if (search && !search.visible.has(n.id)) continue;
        out.push({ node: n, depth });
        if (search || expanded.has(n.id)) walk(n.id, depth + 1);
      }
    };
    walk(null, 1);
    return out;
  }, [children, expanded, search]);

  const [focusId, setFocusId] = useState<string | null>(null);
  const tabStop = flat.some((f) => f.node.id === focusId)
    ? focusId
    : flat.some((f) => f.node.id === selectedId)
      ? selectedId
      : (flat[0]?.node.id ?? null);
  const refs = useRef(new Map<string, HTMLElement>());
  const moveFocus = (id: string | undefined) => {
    if (!id) return;
    setFocusId(id);
    refs.current.get(id)?.focus();
  };
  // a selection made elsewhere (a new child, a move) scrolls into view
  useEffect(() => {
    if (selectedId) refs.current.get(selectedId)?.scrollIntoView?.({ block: 'nearest' });
  }, [selectedId]);

  const toggle = (id: string, open: boolean) => {
    const next = new Set(expanded);
    if (open) next.add(id);
    else next.delete(id);
    onExpandedChange(next);
  };

  function onKeyDown(e: KeyboardEvent<HTMLElement>, node: N) {
    const at = flat.findIndex((f) => f.node.id === node.id);
    const hasKids = kids(node.id).length > 0;
    const handled = true;
    switch (e.key) {
      case 'ArrowDown':
        moveFocus(flat[at + 1]?.node.id);
        break;
      case 'ArrowUp':
        moveFocus(flat[at - 1]?.node.id);
        break;
      case 'Home':
        moveFocus(flat[0]?.node.id);
        break;
      case 'End':
        moveFocus(flat.at(-1)?.node.id);
        break;
      // right and left follow the reading direction's meaning in the pattern: in RTL they swap sides
      case 'ArrowRight':
      case 'ArrowLeft': {
        const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
        const inward = (e.key === 'ArrowRight') !== rtl;
        if (inward) {
          if (hasKids && !isOpen(node.id)) toggle(node.id, true);
          else if (hasKids) moveFocus(kids(node.id)[0]?.id);
        } else if (hasKids && isOpen(node.id) && !search) toggle(node.id, false);
        else moveFocus(node.parentId ?? undefined);
        break;
      }
      case ' ':
        onSelect(node.id);
        break;
      case 'Enter':
        onSelect(node.id);
        onActivate?.(node.id);
        break;
      default:
        return;
    }
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  }

  const renderNodes = (parent: string | null, depth: number): ReactNode =>
    kids(parent).map((n, i, siblings) => {
      const hasKids = kids(n.id).length > 0;
      const open = hasKids && isOpen(n.id);
      return (
        <li
          key={n.id}
          role="treeitem"
          aria-level={depth}
          aria-setsize={siblings.length}
          aria-posinset={i + 1}
          aria-expanded={hasKids ? open : undefined}
          aria-selected={n.id === selectedId}
          tabIndex={n.id === tabStop ? 0 : -1}
          ref={(el) => {
            if (el) refs.current.set(n.id, el);
            else refs.current.delete(n.id);
          }}
          className="erp-tree__item"
          data-testid="tree-node"
          data-id={n.id}
          onKeyDown={(e) => onKeyDown(e, n)}
          onFocus={(e) => {
            if (e.target === e.currentTarget) setFocusId(n.id);
          }}
        >
          <div
            className={`erp-tree__row${n.id === selectedId ? ' erp-tree__row--selected' : ''}`}
            style={{ paddingInlineStart: `${(depth - 1) * 1.25}rem` }}
            onClick={(e) => {
              e.stopPropagation();
              onSelect(n.id);
              moveFocus(n.id);
            }}
            onDoubleClick={() => onActivate?.(n.id)}
          >
            <span
              className={`erp-tree__toggle pi ${hasKids ? (open ? 'pi-chevron-down' : 'pi-chevron-right erp-tree__toggle--closed') : ''}`}
              aria-hidden="true"
              data-testid={hasKids ? 'tree-toggle' : undefined}
              onClick={(e) => {
                e.stopPropagation();
                if (hasKids && !search) toggle(n.id, !open);
              }}
            />
            {renderLabel(n, search?.matches.has(n.id) ?? false)}
          </div>
          {open ? <ul role="group">{renderNodes(n.id, depth + 1)}</ul> : null}
        </li>
      );
    });

  return (
    <ul role="tree" aria-label={label} className="erp-tree" data-testid={testId}>
      {renderNodes(null, 1)}
    </ul>
  );
}

export const TREE_CSS = `
.erp-tree, .erp-tree ul { list-style: none; margin: 0; padding: 0; }
.erp-tree { max-height: 65vh; overflow: auto; }
.erp-tree__item:focus { outline: none; }
.erp-tree__item:focus-visible > .erp-tree__row { outline: 2px solid var(--primary-color, #14b8a6); outline-offset: -2px; }
.erp-tree__row { display: flex; align-items: center; gap: .5rem; padding-block: .35rem; padding-inline-end: .5rem; cursor: pointer; border-radius: 4px; }
.erp-tree__row:hover { background: var(--surface-hover, #f1f5f9); }
/* the theme's highlight paints text and ground alike (see the shell's styles.css): the primary pair reads */
.erp-tree__row--selected, .erp-tree__row--selected:hover { background: #0f766e; color: #ffffff; }
.erp-tree__row--selected .erp-tree__code, .erp-tree__row--selected .erp-tree__detail { color: inherit; }
.erp-tree__toggle { display: inline-block; inline-size: 1rem; flex: none; font-size: .8rem; }
[dir='rtl'] .erp-tree__toggle--closed { transform: scaleX(-1); }
.erp-tree__code { font-variant-numeric: tabular-nums; direction: ltr; unicode-bidi: isolate; color: var(--text-color-secondary, #475569); min-inline-size: 3rem; }
.erp-tree__detail { margin-inline-start: auto; font-size: .85rem; color: var(--text-color-secondary, #475569); }
.erp-tree mark { background: #fde68a; color: inherit; padding: 0; }
`;
