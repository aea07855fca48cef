import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@erp/api-client';
import type { EntityDef } from '@erp/contracts';
import { useFeature } from '../feature';
import type { EntityRecord } from './form-model';
import { treeNameOf, type RecordNode } from './tree-names';

/** Move = change the parent: the record sent back whole with its new parent; the server says what is refused. */
export function TreeMoveDialog({
  entity,
  record,
  nodes,
  onHide,
  onMoved,
}: {
  entity: EntityDef;
  record: EntityRecord;
  nodes: readonly RecordNode[];
  onHide: () => void;
  onMoved: (parentId: string | null) => void;
}) {
  const context = useFeature();
  const { t } = useTranslation('ui');
  const { api, language } = context;
  const tree = entity.tree!;
  const ROOT = '';
  const [parentId, setParentId] = useState<string>(String(record[tree.parent] ?? ROOT));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // every record is offered, the record itself and its descendants included: the server's rule decides
  const options = useMemo(
    () => [
      { value: ROOT, label: t('tree.root') },
      ...nodes.map((n) => ({ value: n.id, label: `${n.record.code} ${treeNameOf(n.record, language)}` })),
    ],
    [nodes, language, t],
  );

  async function move() {
    setSaving(true);
    setError(null);
    const { id, createdAt, updatedAt, ...values } = record;
    void createdAt;
    void updatedAt;
    const target = parentId === ROOT ? null : parentId;
    const body = {
      ...values,
      [tree.parent]: target,
      ...(tree.sub ? { [tree.sub]: target !== null } : {}),
    };
    try {
      await api.put(entity.apiPath, body, id, { quiet: true });
      context.notify('success', t('tree.moved'));
      onMoved(target);
    } catch (e) {
      if (isApiError(e)) setError(e.errors[0]?.message || e.detail || e.message);
      else setError(String(e));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      visible
      onHide={onHide}
      header={t('tree.moveTitle', { name: `${record.code} ${treeNameOf(record, language)}` })}
      className="erp-md-dialog"
      style={{ width: 'min(36rem, 96vw)' }}
      modal
      data-testid="tree-move-dialog"
      footer={
        <div className="erp-md__actions">
          <Button type="button" label={t('md.cancel')} icon="pi pi-times" outlined onClick={onHide} />
          <Button
            type="button"
            label={t('tree.moveSubmit')}
            icon="pi pi-check"
            loading={saving}
            data-testid="tree-move-save"
            onClick={() => void move()}
          />
        </div>
      }
    >
      <div className="erp-md-field">
        <label htmlFor="tree-move-parent" className="erp-md-field__label">
          {t('tree.newParent')}
        </label>
        <Dropdown
          inputId="tree-move-parent"
          value={parentId}
          options={options}
          onChange={(e) => {
            setParentId(String(e.value ?? ROOT));
            setError(null);
          }}
          filter
          filterBy="label"
          className="w-full"
          data-testid="tree-move-parent"
        />
        {error ? (
          <small className="p-error erp-md-field__error" role="alert" data-testid="tree-move-error">
            {error}
          </small>
        ) : null}
      </div>
    </Dialog>
  );
}
