import { z } from 'zod';
import { access, defineRoutes, type RouteOwner } from './http';

export const deadLetterSchema = z.object({
  id: z.string(),
  consumer: z.string(),
  eventId: z.string(),
  type: z.string(),
  error: z.string(),
  attempts: z.number().int(),
  createdAt: z.string(),
  envelope: z.unknown(),
});

/** Every service shows its parked events to the tenant's admins (design.md section 3). */
export function adminRoutes(service: RouteOwner) {
  return defineRoutes({
    deadLetters: {
      method: 'get',
      path: `/api/admin/${service}/dead-letters`,
      service,
      access: access.admin,
      tag: 'Admin',
      summary: `Events the ${service} service could not apply`,
      response: z.array(deadLetterSchema),
    },
  });
}
