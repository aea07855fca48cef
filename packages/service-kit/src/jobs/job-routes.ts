import { jobRoutes, type ServiceName } from '@erp/contracts';
import { notFound } from '../errors';
import { handle, type BoundRoute } from '../http/routes';
import type { JobRunner } from './job-runner';

/** Every service's job routes: the owner reads and cancels a job, admins any of the tenant's; others get 404. */
export function jobRouteHandlers(service: string, jobs: JobRunner): BoundRoute[] {
  const routes = jobRoutes(service as ServiceName);
  return [
    handle(routes.job, async ({ ctx, params }) => {
      const row = await jobs.find(ctx, params.id);
      if (!row) throw notFound();
      return jobs.describe(row, ctx.language);
    }),
    handle(routes.cancelJob, async ({ ctx, params }) => {
      const row = await jobs.find(ctx, params.id);
      if (!row) throw notFound();
      await jobs.cancel(row);
      return jobs.describe((await jobs.find(ctx, params.id))!, ctx.language);
    }),
  ];
}
