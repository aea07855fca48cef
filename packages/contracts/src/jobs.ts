import { z } from 'zod';
import { idSchema } from './common';
import { access, defineRoutes, type ServiceName } from './http';

import { isJobFinished, jobStatuses, type JobStatus } from './lists';

export { isJobFinished, jobStatuses, type JobStatus };

/** One refused input of a bulk job (an import's row, a document bulk posting skipped), with its reasons. */
export const jobRejection = z.object({ row: z.number().int(), reasons: z.array(z.string()) });
export type JobRejection = z.infer<typeof jobRejection>;

/**
 * A background job as its owner sees it: progress as `done` of `total` steps, the translated failure, the
 * result once it succeeded and the refused inputs (only once the job has finished, so polling stays small).
 */
export const jobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  resource: z.string(),
  status: z.enum(jobStatuses),
  done: z.number().int(),
  total: z.number().int(),
  cancelRequested: z.boolean(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
  result: z.unknown().nullable(),
  rejected: z.array(jobRejection),
});
export type Job = z.infer<typeof jobSchema>;

/** Every service answers for its own jobs: their owner reads and cancels them, admins any of the tenant's. */
export function jobRoutes(service: ServiceName) {
  return defineRoutes({
    job: {
      method: 'get',
      path: `/api/${service}/jobs/:id`,
      service,
      access: access.authenticated,
      tag: 'Jobs',
      summary: `A background job of the ${service} service: progress, result and refused inputs`,
      params: z.object({ id: idSchema }),
      response: jobSchema,
    },
    cancelJob: {
      method: 'post',
      path: `/api/${service}/jobs/:id/cancel`,
      service,
      access: access.authenticated,
      tag: 'Jobs',
      summary: `Asks a background job of the ${service} service to stop after its current chunk`,
      params: z.object({ id: idSchema }),
      body: z.object({}).strict(),
      response: jobSchema,
    },
  });
}
