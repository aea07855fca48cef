import { Button } from 'primereact/button';
import { ConfirmLater } from '../on-demand';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ATTACHMENT_MAX_BYTES, type Attachment, type DocumentDef, type DocumentRecord } from '@erp/contracts';
import { useFeature } from '../feature';

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** A saved document's files (spec section 5: up to 5 MB each): list, upload, download, remove. */
export function Attachments({
  doc,
  record,
  canChange,
  onChange,
}: {
  doc: DocumentDef;
  record: DocumentRecord;
  canChange: boolean;
  onChange: (attachments: Attachment[]) => void;
}) {
  const { api, notify } = useFeature();
  const { t } = useTranslation('ui');
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [toRemove, setToRemove] = useState<Attachment | null>(null);
  const attachments = (record.attachments as Attachment[] | undefined) ?? [];
  const base = `${doc.apiPath}/${encodeURIComponent(record.id)}/attachments`;

  async function upload(file: File) {
    if (file.size > ATTACHMENT_MAX_BYTES) {
      notify('error', t('md.errorTitle'), t('doc.fileTooLarge'));
      return;
    }
    setUploading(true);
    try {
      const base64 = await readBase64(file);
      const added = await api.post<Attachment>(base, {
        fileName: file.name,
        contentType: file.type || 'application/octet-stream',
        base64,
      });
      onChange([...attachments, added]);
      notify('success', t('doc.attached'));
    } catch {
      // the shell's alert showed the translated detail
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  }

  async function download(a: Attachment) {
    try {
      const blob = await api.get<Blob>(`${base}/${encodeURIComponent(a.id)}`, undefined, {
        responseType: 'blob',
      });
      saveBlob(blob, a.fileName);
    } catch {
      // the shell's alert showed the translated detail
    }
  }

  async function remove(a: Attachment) {
    try {
      await api.del(base, a.id);
      onChange(attachments.filter((x) => x.id !== a.id));
    } catch {
      // the shell's alert showed the translated detail
    }
  }

  return (
    <div className="erp-doc__attachments" data-testid="doc-attachments">
      <h2 className="erp-doc__section-title">{t('doc.attachments')}</h2>
      {attachments.length === 0 ? <p className="erp-md-form__hint">{t('doc.noAttachments')}</p> : null}
      <ul>
        {attachments.map((a) => (
          <li key={a.id} data-testid="doc-attachment">
            <i className="pi pi-paperclip" aria-hidden="true" />
            <Button
              type="button"
              link
              label={a.fileName}
              onClick={() => void download(a)}
              title={t('doc.download')}
            />
            <span className="erp-doc__file-size">{formatSize(a.size)}</span>
            {canChange ? (
              <Button
                type="button"
                icon="pi pi-times"
                rounded
                text
                severity="danger"
                aria-label={t('doc.removeAttachment', { name: a.fileName })}
                title={t('doc.removeAttachment', { name: a.fileName })}
                onClick={() => setToRemove(a)}
              />
            ) : null}
          </li>
        ))}
      </ul>
      {canChange ? (
        <div>
          <input
            ref={input}
            type="file"
            hidden
            data-testid="doc-attach-input"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void upload(file);
            }}
          />
          <Button
            type="button"
            icon="pi pi-upload"
            label={t('doc.attach')}
            outlined
            size="small"
            loading={uploading}
            data-testid="doc-attach"
            onClick={() => input.current?.click()}
          />
          <small className="erp-md-form__hint"> {t('doc.attachHint')}</small>
        </div>
      ) : null}
      <ConfirmLater
        visible={toRemove !== null}
        onHide={() => setToRemove(null)}
        header={t('doc.removeAttachmentTitle')}
        message={t('doc.removeAttachment', { name: toRemove?.fileName ?? '' })}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t('md.delete')}
        rejectLabel={t('md.cancel')}
        acceptClassName="p-button-danger"
        accept={() => {
          if (toRemove) void remove(toRemove);
        }}
        className="erp-md-dialog"
      />
    </div>
  );
}

/** Saves a downloaded file under its name (the object URL is revoked once the browser took it). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The document as it prints: only this shows on paper (the print CSS hides the rest of the page). */
