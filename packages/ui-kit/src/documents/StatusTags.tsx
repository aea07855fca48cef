import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { type DocumentRecord } from '@erp/contracts';
import { label, type Language } from '@erp/i18n';

/** A document's status and whether another document references it, as tags (list rows and the page's title). */
export function StatusTags({
  record,
  language,
  locked = ['closed'],
}: {
  record: Pick<DocumentRecord, 'status' | 'referenced'>;
  language: Language;
  /** The type's statuses that lock a document: shown grey. */
  locked?: readonly string[];
}) {
  const { t } = useTranslation('ui');
  return (
    <span className="erp-doc__status">
      <Tag
        value={label(language, `options.${record.status}`)}
        severity={locked.includes(record.status) ? 'secondary' : 'success'}
        data-testid="doc-status"
      />
      {record.referenced ? <Tag value={t('doc.referenced')} severity="warning" /> : null}
    </span>
  );
}
