// Plain values the screens read before any form (kept free of zod: see ./declare).

/** Page sizes of the spec's section 9. */
export const PAGE_SIZES = [15, 25, 50, 100, 500] as const;

export const jobStatuses = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof jobStatuses)[number];
/** A job that has stopped: its answer will not change any more. */
export const isJobFinished = (status: JobStatus) =>
  status === 'succeeded' || status === 'failed' || status === 'cancelled';
