import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';

/** What a list row offers: to open it read-only, to edit it, to delete it. */
export interface RowAction {
  kind: 'view' | 'edit' | 'delete';
  onClick(): void;
  testId: string;
}

const LOOK = {
  view: { icon: 'pi pi-eye', labelKey: 'md.view' },
  edit: { icon: 'pi pi-pencil', labelKey: 'md.edit' },
  delete: { icon: 'pi pi-trash', labelKey: 'md.delete' },
} as const;

/**
 * The one row-actions cell of every list of the kit (master data, documents): the same icons, names, order and
 * danger colour everywhere, each button named for screen readers (issue 10 item 10).
 */
export function RowActions({ actions }: { actions: readonly (RowAction | false | null | undefined)[] }) {
  const { t } = useTranslation('ui');
  return (
    <div className="erp-md__row-actions">
      {actions
        .filter((a): a is RowAction => Boolean(a))
        .map((a) => (
          <Button
            key={a.kind}
            type="button"
            icon={LOOK[a.kind].icon}
            rounded
            text
            severity={a.kind === 'delete' ? 'danger' : undefined}
            aria-label={t(LOOK[a.kind].labelKey)}
            title={t(LOOK[a.kind].labelKey)}
            data-testid={a.testId}
            onClick={a.onClick}
          />
        ))}
    </div>
  );
}
