import { useTranslation } from 'react-i18next';
import { ConfirmLater } from './on-demand';

/**
 * The one delete confirmation of the lists and the tree (spec: "are you sure" before a delete): a record to
 * delete opens it, accepting calls `onDelete` with that record, any close clears it.
 */
export function DeleteConfirm<T>({
  record,
  onHide,
  header,
  message,
  onDelete,
}: {
  record: T | null;
  onHide: () => void;
  header: string;
  message: string;
  onDelete: (record: T) => void;
}) {
  const { t } = useTranslation('ui');
  return (
    <ConfirmLater
      visible={record !== null}
      onHide={onHide}
      header={header}
      message={message}
      icon="pi pi-exclamation-triangle"
      acceptLabel={t('md.delete')}
      rejectLabel={t('md.cancel')}
      acceptClassName="p-button-danger"
      accept={() => {
        if (record !== null) onDelete(record);
      }}
      className="erp-md-dialog"
    />
  );
}
