import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { ListSearch } from './server-list';

/**
 * The tree screen's two toolbars: the search, expand and collapse all, and a new root record; then what can be
 * done with the selected record (add a child, edit or view, move, delete), disabled until one is selected.
 */
export function TreeToolbar({
  query,
  onQuery,
  selection,
  hasSelection,
  canAdd,
  canEdit,
  onExpandAll,
  onCollapseAll,
  onNew,
  onAddChild,
  onOpen,
  onMove,
  onDelete,
}: {
  query: string;
  onQuery: (query: string) => void;
  /** The selected record's code and name, or the hint to select one. */
  selection: string;
  hasSelection: boolean;
  canAdd: boolean;
  canEdit: boolean;
  onExpandAll: () => void;
  onCollapseAll: () => void;
  onNew: () => void;
  onAddChild: () => void;
  /** Edit the selected record, or view it without the edit permission. */
  onOpen: () => void;
  onMove: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('ui');
  return (
    <>
      <div className="erp-md__toolbar">
        <ListSearch value={query} onChange={onQuery} label={t('tree.search')} testId="tree-search" />
        <div className="erp-md__toolbar-end">
          <Button
            type="button"
            icon="pi pi-plus-circle"
            label={t('tree.expandAll')}
            text
            data-testid="tree-expand-all"
            onClick={onExpandAll}
          />
          <Button
            type="button"
            icon="pi pi-minus-circle"
            label={t('tree.collapseAll')}
            text
            data-testid="tree-collapse-all"
            onClick={onCollapseAll}
          />
          {canAdd ? (
            <Button
              type="button"
              icon="pi pi-plus"
              label={t('md.new')}
              data-testid="md-new"
              onClick={onNew}
            />
          ) : null}
        </div>
      </div>
      <div
        className="erp-md__toolbar"
        role="toolbar"
        aria-label={t('tree.actions')}
        data-testid="tree-actions"
      >
        <span className="erp-tree__selection" aria-live="polite">
          {selection}
        </span>
        <div className="erp-md__toolbar-end">
          {canAdd ? (
            <Button
              type="button"
              icon="pi pi-sitemap"
              label={t('tree.addChild')}
              outlined
              disabled={!hasSelection}
              data-testid="tree-add-child"
              onClick={onAddChild}
            />
          ) : null}
          <Button
            type="button"
            icon={canEdit ? 'pi pi-pencil' : 'pi pi-eye'}
            label={canEdit ? t('md.edit') : t('md.view')}
            outlined
            disabled={!hasSelection}
            data-testid="tree-edit"
            onClick={onOpen}
          />
          {canEdit ? (
            <>
              <Button
                type="button"
                icon="pi pi-arrows-alt"
                label={t('tree.move')}
                outlined
                disabled={!hasSelection}
                data-testid="tree-move"
                onClick={onMove}
              />
              <Button
                type="button"
                icon="pi pi-trash"
                label={t('md.delete')}
                severity="danger"
                outlined
                disabled={!hasSelection}
                data-testid="tree-delete"
                onClick={onDelete}
              />
            </>
          ) : null}
        </div>
      </div>
    </>
  );
}
