import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isServerMessageKey, translate } from '@erp/i18n';
import { useFeature } from '../feature';

/** Spec sections 5 and 9: one .xlsx, .xls or .csv file under 1 MB. */
export const IMPORT_MAX_BYTES = 1024 * 1024;
export const IMPORT_EXTENSIONS = ['.xlsx', '.xls', '.csv'] as const;

/** What the import answers: how many rows were imported and the rows refused, with their reasons. */
export interface ImportResult {
  imported: number;
  rejected: { row: number; reasons: string[] }[];
}

/** Why a chosen file is refused before sending, as a `migration.*` text key; null when it may be sent. */
export function importFileProblem(file: { name: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (!IMPORT_EXTENSIONS.some((ext) => name.endsWith(ext))) return 'migration.fileType';
  if (file.size >= IMPORT_MAX_BYTES) return 'migration.fileTooLarge';
  return null;
}

function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The Excel import and export of a master-data list through the spec's `/data-migration/<Name>` calls
 * (section 7): export (GET, an .xlsx), the import template (GET ?template=true), and an import dialog that
 * sends one file (multipart field `file`) and shows how many rows were imported and each refused row with its
 * reasons. Only the export shows without the add permission.
 */
export function DataMigrationActions({
  path,
  fileName,
  canImport,
  onImported,
}: {
  /** '/api/data-migration/Items' */
  path: string;
  /** The downloaded file's name without extension (the entity's name in the user's language). */
  fileName: string;
  canImport: boolean;
  onImported: () => void;
}) {
  const { api, language, notify } = useFeature();
  const { t } = useTranslation('ui');
  const [busy, setBusy] = useState<'export' | 'template' | 'import' | null>(null);
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function download(template: boolean) {
    setBusy(template ? 'template' : 'export');
    try {
      const blob = await api.get<Blob>(path, undefined, {
        query: template ? { template: 'true' } : undefined,
        responseType: 'blob',
      });
      save(blob, `${template ? t('migration.templateFile', { name: fileName }) : fileName}.xlsx`);
    } catch {
      // the shell's alert already showed the translated detail
    } finally {
      setBusy(null);
    }
  }

  function choose(files: FileList | null) {
    setResult(null);
    if (!files || files.length === 0) return;
    if (files.length > 1) {
      setFile(null);
      setProblem('migration.oneFile');
      return;
    }
    const chosen = files[0]!;
    const why = importFileProblem(chosen);
    setProblem(why);
    setFile(why ? null : chosen);
  }

  async function send() {
    if (!file) return;
    setBusy('import');
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const answer = await api.post<ImportResult>(path, form);
      setResult(answer);
      if (answer.imported > 0) onImported();
      notify(
        answer.rejected.length ? 'warn' : 'success',
        t('migration.importedCount', { count: answer.imported }),
      );
    } catch {
      // the shell's alert already showed the translated detail
    } finally {
      setBusy(null);
      setFile(null);
      if (input.current) input.current.value = '';
    }
  }

  const reasonText = (reason: string) => (isServerMessageKey(reason) ? translate(language, reason) : reason);

  return (
    <>
      <Button
        type="button"
        icon="pi pi-file-excel"
        label={t('md.export')}
        severity="success"
        outlined
        loading={busy === 'export'}
        data-testid="md-export"
        onClick={() => void download(false)}
      />
      {canImport ? (
        <Button
          type="button"
          icon="pi pi-file-import"
          label={t('migration.import')}
          severity="success"
          outlined
          data-testid="md-import"
          onClick={() => {
            setOpen(true);
            setResult(null);
            setProblem(null);
            setFile(null);
          }}
        />
      ) : null}
      <Dialog
        visible={open}
        onHide={() => setOpen(false)}
        header={t('migration.title', { name: fileName })}
        className="erp-md-dialog"
        style={{ width: 'min(44rem, 96vw)' }}
        modal
        data-testid="import-dialog"
      >
        <div className="erp-md erp-migration">
          <p className="erp-md-form__hint">{t('migration.hint')}</p>
          <div className="erp-md__toolbar">
            <Button
              type="button"
              icon="pi pi-download"
              label={t('migration.template')}
              text
              loading={busy === 'template'}
              data-testid="import-template"
              onClick={() => void download(true)}
            />
          </div>
          <div className="erp-md__toolbar">
            <input
              ref={input}
              type="file"
              accept={IMPORT_EXTENSIONS.join(',')}
              data-testid="import-file"
              aria-label={t('migration.chooseFile')}
              onChange={(e) => choose(e.target.files)}
            />
            <Button
              type="button"
              icon="pi pi-upload"
              label={t('migration.send')}
              disabled={!file}
              loading={busy === 'import'}
              data-testid="import-send"
              onClick={() => void send()}
            />
          </div>
          {problem ? <Message severity="error" text={t(problem)} data-testid="import-problem" /> : null}
          {result ? (
            <div data-testid="import-result">
              <Message
                severity={result.rejected.length ? 'warn' : 'success'}
                text={
                  result.rejected.length
                    ? t('migration.someRejected', {
                        imported: result.imported,
                        rejected: result.rejected.length,
                      })
                    : t('migration.importedCount', { count: result.imported })
                }
                data-testid="import-summary"
              />
              {result.rejected.length ? (
                <DataTable
                  value={result.rejected}
                  size="small"
                  stripedRows
                  className="erp-md__table"
                  data-testid="import-rejected"
                >
                  <Column field="row" header={t('migration.row')} bodyClassName="erp-md__num" />
                  <Column
                    header={t('migration.reasons')}
                    body={(r: ImportResult['rejected'][number]) => r.reasons.map(reasonText).join(' · ')}
                  />
                </DataTable>
              ) : null}
            </div>
          ) : null}
        </div>
      </Dialog>
    </>
  );
}
