import { isApiError } from '@erp/api-client';
import { Button } from 'primereact/button';
import { ConfirmLater } from '../on-demand';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { transitionsOf, type DocumentDef, type DocumentRecord } from '@erp/contracts';
import { label } from '@erp/i18n';
import { useFeature } from '../feature';

/**
 * The buttons of a type's declared status changes (a voucher's post and unpost) that apply to the document's
 * status, each after confirmation, answered by the document as it then stands. A closable type's close has its
 * own button and background job in the page; it is not repeated here. A document converted in part offers only
 * the changes that end a source (stopping a reservation). A refusal names its lines (what is free of each).
 */
export function StatusChanges({
  doc,
  record,
  enabled,
  onChanged,
}: {
  doc: DocumentDef;
  record: DocumentRecord;
  enabled: boolean;
  onChanged: (record: DocumentRecord) => void;
}) {
  const context = useFeature();
  const { t } = useTranslation('ui');
  const [asked, setAsked] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const changes = transitionsOf(doc).filter(
    (c) => c.action !== 'close' && c.from.includes(record.status) && (!record.referenced || c.endsSource),
  );
  if (!enabled || changes.length === 0 || !context.can(doc.permissions.edit)) return null;

  async function change(action: string) {
    setBusy(true);
    try {
      const next = await context.api.post<DocumentRecord>(
        `${doc.apiPath}/${encodeURIComponent(record.id)}/${action}`,
        undefined,
        { quiet: true },
      );
      onChanged(next);
      context.notify('success', t('doc.changed'));
    } catch (error) {
      const detail = isApiError(error)
        ? [error.detail, ...error.errors.map((e) => e.message)].filter(Boolean).join(' — ')
        : String(error);
      context.notify('error', t('md.errorTitle'), detail);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {changes.map((c) => (
        <Button
          key={c.action}
          type="button"
          label={t(`doc.actions.${c.action}`)}
          icon="pi pi-send"
          outlined
          loading={busy && asked === c.action}
          data-testid={`doc-action-${c.action}`}
          onClick={() => setAsked(c.action)}
        />
      ))}
      <ConfirmLater
        visible={asked !== null}
        onHide={() => setAsked(null)}
        header={t('doc.confirmChangeTitle')}
        message={t('doc.confirmChange', {
          action: asked ? t(`doc.actions.${asked}`) : '',
          document: label(context.language, `documents.${doc.name}`),
          code: record.code,
        })}
        acceptLabel={asked ? t(`doc.actions.${asked}`) : ''}
        rejectLabel={t('md.cancel')}
        accept={() => {
          if (asked) void change(asked);
        }}
        className="erp-md-dialog"
      />
    </>
  );
}
