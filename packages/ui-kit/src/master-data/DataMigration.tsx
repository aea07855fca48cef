import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Job } from '@erp/contracts';
import { isServerMessageKey, translate } from '@erp/i18n';
import { useFeature } from '../feature';
import { browserSessionStorage, rememberedJobs } from '../jobs/job-model';
import { JobProgress } from '../jobs/JobProgress';

/** Spec sections 5 and 9: one .xlsx, .xls or .csv file under 1 MB. */
export const IMPORT_MAX_BYTES = 1024 * 1024;
export const IMPORT_EXTENSIONS = ['.xlsx', '.xls', '.csv'] as const;

/** What an import job ends with: how many rows were imported and how many refused (the job lists them). */
interface ImportOutcome {
  imported: number;
  rejected: number;
}

const outcomeOf = (job: Job): ImportOutcome => {
  const r = (job.result ?? {}) as Partial<ImportOutcome>;
  return { imported: Number(r.imported ?? 0), rejected: job.rejected.length };
};

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
 * sends one file (multipart field `file`). The server answers a background job: the dialog shows its progress
 * bar, then how many rows were imported and each refused row with its reasons. The job is remembered for the
 * tab, so after a reload the dialog opens again on the same job. Only the export shows without the add
 * permission.
 */
export function DataMigrationActions({
  path,
  service,
  fileName,
  canImport,
  onImported,
}: {
  /** '/api/data-migration/Items' */
  path: string;
  /** The service that runs the import's job ('inventory'). */
  service: string;
  /** The downloaded file's name without extension (the entity's name in the user's language). */
  fileName: string;
  canImport: boolean;
  onImported: () => void;
}) {
  const { api, language, notify } = useFeature();
  const { t } = useTranslation('ui');
  const remembered = useMemo(() => rememberedJobs(browserSessionStorage(), path), [path]);
  const [busy, setBusy] = useState<'export' | 'template' | 'import' | null>(null);
  const [jobId, setJobId] = useState<string | null>(() => (canImport ? remembered.get() : null));
  const [open, setOpen] = useState(jobId !== null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const [finishedId, setFinishedId] = useState<string | null>(null);
  const running = jobId !== null && finishedId !== jobId;

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

  function forgetJob() {
    remembered.clear();
    setJobId(null);
  }

  function choose(files: FileList | null) {
    if (!running) forgetJob();
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
      const job = await api.post<Job>(path, form);
      remembered.set(job.id);
      setJobId(job.id);
    } catch {
      // the shell's alert already showed the translated detail (a 409 while another import runs, a 413)
    } finally {
      setBusy(null);
      setFile(null);
      if (input.current) input.current.value = '';
    }
  }

  function finished(job: Job) {
    if (job.status !== 'succeeded') return;
    const outcome = outcomeOf(job);
    if (outcome.imported > 0) onImported();
    notify(outcome.rejected ? 'warn' : 'success', t('migration.importedCount', { count: outcome.imported }));
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
            setProblem(null);
            setFile(null);
          }}
        />
      ) : null}
      <Dialog
        visible={open}
        onHide={() => {
          setOpen(false);
          // a finished job's report has been seen; a running one stays remembered and reopens after a reload
          if (jobId && !running) forgetJob();
        }}
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
              disabled={!file || running}
              loading={busy === 'import'}
              data-testid="import-send"
              onClick={() => void send()}
            />
          </div>
          {problem ? <Message severity="error" text={t(problem)} data-testid="import-problem" /> : null}
          {jobId ? (
            <JobProgress
              key={jobId}
              service={service}
              jobId={jobId}
              onFinished={(job) => {
                setFinishedId(job.id);
                finished(job);
              }}
              onGone={forgetJob}
            >
              {(job) =>
                job.status === 'succeeded' ? <ImportReport job={job} reasonText={reasonText} /> : null
              }
            </JobProgress>
          ) : null}
        </div>
      </Dialog>
    </>
  );
}

/** A finished import: how many rows were imported, and each refused row with its reasons. */
function ImportReport({ job, reasonText }: { job: Job; reasonText: (reason: string) => string }) {
  const { t } = useTranslation('ui');
  const outcome = outcomeOf(job);
  return (
    <div data-testid="import-result">
      <Message
        severity={outcome.rejected ? 'warn' : 'success'}
        text={
          outcome.rejected
            ? t('migration.someRejected', { imported: outcome.imported, rejected: outcome.rejected })
            : t('migration.importedCount', { count: outcome.imported })
        }
        data-testid="import-summary"
      />
      {outcome.rejected ? (
        <DataTable
          value={job.rejected}
          size="small"
          stripedRows
          paginator={job.rejected.length > 25}
          rows={25}
          className="erp-md__table"
          data-testid="import-rejected"
        >
          <Column field="row" header={t('migration.row')} bodyClassName="erp-md__num" />
          <Column
            header={t('migration.reasons')}
            body={(r: Job['rejected'][number]) => r.reasons.map(reasonText).join(' · ')}
          />
        </DataTable>
      ) : null}
    </div>
  );
}
