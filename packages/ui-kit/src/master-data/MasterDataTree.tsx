import { Message } from 'primereact/message';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityDef } from '@erp/contracts';
import { label } from '@erp/i18n';
import { DeleteConfirm } from '../DeleteConfirm';
import { useFeature } from '../feature';
import { searchTree, TREE_CSS, TreeView } from '../tree/TreeView';
import type { EntityRecord } from './form-model';
import { ListHeader } from './ListToolbar';
import { RecordDialog, type RecordDialogState } from './RecordDialog';
import type { ReferenceOption } from './references';
import { treeNameOf, type RecordNode } from './tree-names';
import { TreeMoveDialog } from './TreeMoveDialog';
import { TreeToolbar } from './TreeToolbar';

export { treeNameOf } from './tree-names';

type Node = RecordNode;

/**
 * A master-data tree's screen (accounts, account groups, cost centers): expand and collapse, a search that
 * shows the matches with their ancestors, add at the top or as a child of the selected record, edit, move to
 * another parent and delete. Every rule is the server's (spec section 5); its messages show where they apply.
 */
export function MasterDataTree({
  entity,
  references,
  readOnly,
  onChanged,
}: {
  entity: EntityDef;
  references: Record<string, readonly ReferenceOption[]>;
  readOnly: boolean;
  /** A record was added, changed or removed: the parent choices are stale. */
  onChanged: () => void;
}) {
  const context = useFeature();
  const { t } = useTranslation('ui');
  const { api, language } = context;
  const tree = entity.tree!;
  const entityName = label(language, `entities.${entity.name}`);
  const [records, setRecords] = useState<EntityRecord[] | null>(null);
  const [version, setVersion] = useState(0);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [dialog, setDialog] = useState<RecordDialogState>(null);
  const [moving, setMoving] = useState<EntityRecord | null>(null);
  const [toDelete, setToDelete] = useState<EntityRecord | null>(null);
  const canAdd = context.can(entity.permissions.add) && !readOnly;
  const canEdit = context.can(entity.permissions.edit) && !readOnly;

  useEffect(() => {
    const abort = new AbortController();
    api
      .get<{ items: EntityRecord[] }>(`${entity.apiPath}/tree`, undefined, { signal: abort.signal })
      .then((page) => setRecords(page.items))
      .catch(() => {
        // the shell's alert showed the translated detail
      });
    return () => abort.abort();
  }, [api, entity.apiPath, version]);
  const reload = useCallback(() => {
    setVersion((v) => v + 1);
    onChanged();
  }, [onChanged]);

  const nodes = useMemo<Node[]>(
    () =>
      (records ?? []).map((r) => ({
        id: r.id,
        parentId: (r[tree.parent] as string | null) ?? null,
        searchText: [r.code, r.arabicName, r.englishName, treeNameOf(r, language)].join(' '),
        record: r,
      })),
    [records, tree.parent, language],
  );
  const byId = useMemo(() => new Map(nodes.map((n) => [n.id, n])), [nodes]);
  const search = useMemo(() => searchTree(nodes, query), [nodes, query]);
  const selected = selectedId ? byId.get(selectedId)?.record : undefined;

  /** Opens the path down to a record (after adding or moving it) and selects it. */
  const reveal = (id: string, parentId: string | null) => {
    const next = new Set(expanded);
    for (let at = parentId; at; at = byId.get(at)?.parentId ?? null) next.add(at);
    setExpanded(next);
    setSelectedId(id);
  };

  async function remove(record: EntityRecord) {
    try {
      await api.del(entity.apiPath, record.id, { quiet: true });
      context.notify('success', t('md.deleted'));
      setSelectedId(null);
      reload();
    } catch (error) {
      // 409 hasChildren, referencedRecord: the server's translated text in the spec's alert
      context.notify('error', t('md.errorTitle'), (error as { detail?: string }).detail || String(error));
    }
  }

  const detailOf = (r: EntityRecord) =>
    entity.fields
      .filter((f) => f.kind === 'enum' && f.list && r[f.name])
      .map((f) => label(language, `options.${String(r[f.name])}`))
      .join(' · ');

  return (
    <section className="erp-md" data-testid="md-tree-screen" data-entity={entity.name}>
      <style href="erp-ui-kit-tree" precedence="default">
        {TREE_CSS}
      </style>
      <ListHeader title={entityName} total={records?.length ?? 0} testId="md-total" />
      {readOnly ? (
        <Message
          severity="info"
          text={t('md.readOnly')}
          className="erp-md__notice"
          data-testid="md-read-only"
        />
      ) : null}
      <div className="erp-md__card">
        <TreeToolbar
          query={query}
          onQuery={setQuery}
          selection={selected ? `${selected.code} ${treeNameOf(selected, language)}` : t('tree.selectHint')}
          hasSelection={selected !== undefined}
          canAdd={canAdd}
          canEdit={canEdit}
          onExpandAll={() => setExpanded(new Set(nodes.map((n) => n.id)))}
          onCollapseAll={() => setExpanded(new Set())}
          onNew={() => setDialog({ kind: 'new', parentId: null })}
          onAddChild={() => selected && setDialog({ kind: 'new', parentId: selected.id })}
          onOpen={() => selected && setDialog({ kind: canEdit ? 'edit' : 'view', id: selected.id })}
          onMove={() => selected && setMoving(selected)}
          onDelete={() => selected && setToDelete(selected)}
        />
        {records === null ? (
          <i className="pi pi-spin pi-spinner" aria-hidden="true" />
        ) : search && search.visible.size === 0 ? (
          <p data-testid="tree-no-matches">{t('tree.noMatches')}</p>
        ) : records.length === 0 ? (
          <p data-testid="md-empty">{t('noRecords')}</p>
        ) : (
          <TreeView
            nodes={nodes}
            label={entityName}
            expanded={expanded}
            onExpandedChange={setExpanded}
            selectedId={selectedId}
            onSelect={setSelectedId}
            onActivate={(id) => setDialog({ kind: canEdit ? 'edit' : 'view', id })}
            search={search}
            testId="md-tree"
            renderLabel={(n, matched) => {
              const name = treeNameOf(n.record, language);
              return (
                <>
                  <span className="erp-tree__code">{n.record.code}</span>
                  {matched ? <mark>{name}</mark> : <span>{name}</span>}
                  <span className="erp-tree__detail">{detailOf(n.record)}</span>
                </>
              );
            }}
          />
        )}
      </div>

      <DeleteConfirm
        record={toDelete}
        onHide={() => setToDelete(null)}
        header={t('md.confirmDeleteTitle')}
        message={t('md.confirmDelete', { name: toDelete ? treeNameOf(toDelete, language) : '' })}
        onDelete={(record) => void remove(record)}
      />

      {moving ? (
        <TreeMoveDialog
          entity={entity}
          record={moving}
          nodes={nodes}
          onHide={() => setMoving(null)}
          onMoved={(parentId) => {
            setMoving(null);
            reveal(moving.id, parentId);
            reload();
          }}
        />
      ) : null}

      <RecordDialog
        entity={entity}
        entityName={entityName}
        state={dialog}
        width="min(56rem, 96vw)"
        readOnly={readOnly}
        canAdd={canAdd}
        canEdit={canEdit}
        references={references}
        initialValues={
          dialog?.kind === 'new' && dialog.parentId
            ? { [tree.parent]: dialog.parentId, ...(tree.sub ? { [tree.sub]: true } : {}) }
            : undefined
        }
        onSaved={(saved) => {
          setDialog(null);
          reveal(saved.id, (saved[tree.parent] as string | null) ?? null);
          reload();
        }}
        onClose={() => setDialog(null)}
      />
    </section>
  );
}
