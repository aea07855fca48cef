import { useTranslation } from 'react-i18next';
import type { EntityDef } from '@erp/contracts';
import type { EntityRecord } from './form-model';
import { DialogLater } from '../on-demand';
import { LazyMasterDataForm, preloadMasterDataForm } from './lazy-form';
import type { ReferenceOption } from './references';

/** Which record the dialog shows: a new one (in the tree, under a parent) or an existing one to edit or view. */
export type RecordDialogState =
  { kind: 'new'; parentId?: string | null } | { kind: 'edit' | 'view'; id: string } | null;

/** A record's form in a dialog: the list's and the tree's one way to add, edit and view without a form page. */
export function RecordDialog({
  entity,
  entityName,
  state,
  width,
  readOnly,
  canAdd,
  canEdit,
  references,
  initialValues,
  onSaved,
  onClose,
}: {
  entity: EntityDef;
  entityName: string;
  state: RecordDialogState;
  width: string;
  readOnly: boolean;
  canAdd: boolean;
  canEdit: boolean;
  references: Record<string, readonly ReferenceOption[]>;
  /** A new record's first values (the tree's parent). */
  initialValues?: Record<string, unknown>;
  onSaved: (saved: EntityRecord) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('ui');
  return (
    <DialogLater
      visible={state !== null}
      onFirstShow={() => preloadMasterDataForm(entity)}
      onHide={onClose}
      header={t(
        state?.kind === 'new' ? 'md.newTitle' : state?.kind === 'edit' ? 'md.editTitle' : 'md.viewTitle',
        { entity: entityName },
      )}
      className="erp-md-dialog"
      style={{ width }}
      modal
      blockScroll
      dismissableMask={false}
      data-testid="md-dialog"
    >
      {state ? (
        <LazyMasterDataForm
          // a new record under another parent is another form
          key={state.kind === 'new' ? `new:${state.parentId ?? ''}` : `${state.kind}:${state.id}`}
          entity={entity}
          id={state.kind === 'new' ? undefined : state.id}
          initialValues={state.kind === 'new' ? initialValues : undefined}
          readOnly={readOnly || state.kind === 'view'}
          canSave={state.kind === 'new' ? canAdd : canEdit}
          references={references}
          renderActions={(buttons) => <div className="erp-md__actions">{buttons}</div>}
          onSaved={onSaved}
          onCancel={onClose}
        />
      ) : null}
    </DialogLater>
  );
}
