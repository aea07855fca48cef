import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Job } from '@erp/contracts';
import { useFeature } from '../feature';
import { JOB_POLL_MS, jobFinished, jobPath, jobPercent } from './job-model';

/**
 * A background job's progress bar: polls the job every second while it runs, offers to cancel it, and once
 * it has finished shows how it ended and what `children` make of its result. `onFinished` is called once.
 * A job that no longer exists (another user's, pruned) calls `onGone`, so the screen forgets it.
 */
export function JobProgress({
  service,
  jobId,
  onFinished,
  onGone,
  children,
}: {
  service: string;
  jobId: string;
  onFinished?: (job: Job) => void;
  onGone?: () => void;
  children?: (job: Job) => ReactNode;
}) {
  const { api } = useFeature();
  const { t } = useTranslation('ui');
  const [job, setJob] = useState<Job | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const finishedFor = useRef<string | null>(null);
  const callbacks = useRef({ onFinished, onGone });
  callbacks.current = { onFinished, onGone };

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const abort = new AbortController();
    setJob(null);
    async function poll() {
      try {
        const next = await api.get<Job>(jobPath(service, jobId), undefined, {
          signal: abort.signal,
          quiet: true,
        });
        setJob(next);
        if (jobFinished(next)) {
          if (finishedFor.current !== next.id) {
            finishedFor.current = next.id;
            callbacks.current.onFinished?.(next);
          }
          return;
        }
      } catch (error) {
        if (abort.signal.aborted) return;
        if ((error as { status?: number }).status === 404) {
          callbacks.current.onGone?.();
          return;
        }
        // a lost answer (the server restarting): keep asking, the job resumes there
      }
      timer = setTimeout(() => void poll(), JOB_POLL_MS);
    }
    void poll();
    return () => {
      abort.abort();
      if (timer) clearTimeout(timer);
    };
  }, [api, service, jobId]);

  async function cancel() {
    setCancelling(true);
    try {
      setJob(await api.post<Job>(`${jobPath(service, jobId)}/cancel`, {}));
    } catch {
      // the shell's alert already showed the translated detail
    }
  }

  if (!job)
    return <ProgressBar mode="indeterminate" style={{ height: '0.5rem' }} data-testid="job-progress" />;
  const percent = jobPercent(job);
  const finished = jobFinished(job);
  return (
    <div className="erp-job" data-testid="job-progress" data-status={job.status}>
      {finished ? null : (
        <div className="erp-job__bar">
          <ProgressBar
            value={percent}
            displayValueTemplate={(value: number) => `${value}%`}
            aria-label={t('jobs.progress')}
            data-testid="job-progress-bar"
          />
          <div className="erp-md__toolbar">
            <span data-testid="job-progress-text">
              {job.status === 'queued'
                ? t('jobs.queued')
                : t('jobs.running', { done: job.done, total: job.total })}
            </span>
            <Button
              type="button"
              icon="pi pi-times"
              label={job.cancelRequested || cancelling ? t('jobs.cancelling') : t('jobs.cancel')}
              text
              severity="secondary"
              disabled={job.cancelRequested || cancelling}
              data-testid="job-cancel"
              onClick={() => void cancel()}
            />
          </div>
        </div>
      )}
      {job.status === 'failed' ? (
        <Message severity="error" text={job.error ?? t('jobs.failed')} data-testid="job-error" />
      ) : null}
      {job.status === 'cancelled' ? (
        <Message
          severity="info"
          text={t('jobs.cancelled', { done: job.done, total: job.total })}
          data-testid="job-cancelled"
        />
      ) : null}
      {finished && children ? children(job) : null}
    </div>
  );
}
