import type { Job } from '@erp/contracts';
import { isJobFinished } from '@erp/contracts/src/declare';

/** How often a running job is asked for its progress. */
export const JOB_POLL_MS = 1000;

/** The job's route of its service (contracts' `jobRoutes`). */
export const jobPath = (service: string, id: string) => `/api/${service}/jobs/${encodeURIComponent(id)}`;

/** Progress in whole percent; a job that has not counted its work yet shows 0. */
export function jobPercent(job: Pick<Job, 'done' | 'total' | 'status'>): number {
  if (job.status === 'succeeded') return 100;
  if (job.total <= 0) return 0;
  return Math.min(100, Math.floor((job.done * 100) / job.total));
}

export const jobFinished = (job: Pick<Job, 'status'>) => isJobFinished(job.status);

/** Minimal storage (sessionStorage in the browser), injectable for tests. */
export interface JobStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * The job a screen started, remembered for the tab (sessionStorage) under the screen's own key, so a reload
 * shows the same job's progress and then its result. Ids are checked so stored junk is never sent.
 */
export function rememberedJobs(storage: JobStorage | null, key: string) {
  const name = `erp.job.${key}`;
  return {
    get(): string | null {
      try {
        const id = storage?.getItem(name) ?? null;
        return id && /^[0-9a-f-]{10,64}$/i.test(id) ? id : null;
      } catch {
        return null;
      }
    },
    set(id: string) {
      try {
        storage?.setItem(name, id);
      } catch {
        // a full or disabled storage: the job still runs, only a reload forgets it
      }
    },
    clear() {
      try {
        storage?.removeItem(name);
      } catch {
        // as above
      }
    },
  };
}

export function browserSessionStorage(): JobStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
