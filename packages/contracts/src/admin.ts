import { z } from 'zod';
import { idParams } from './common';
import { access, defineRoutes, type RouteOwner } from './http';

/** Why an event was parked; the view shows the reason's text in the admin's language, never the error. */
export const deadLetterReasons = ['failed', 'contract', 'envelope', 'unparseable'] as const;
export type DeadLetterReason = (typeof deadLetterReasons)[number];

export const deadLetterSchema = z.object({
  id: z.string(),
  consumer: z.string(),
  eventId: z.string(),
  type: z.string(),
  reason: z.enum(deadLetterReasons),
  reasonText: z.string(),
  attempts: z.number().int(),
  createdAt: z.string(),
  envelope: z.unknown(),
});

export type DeadLetter = z.infer<typeof deadLetterSchema>;

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
    replayDeadLetter: {
      method: 'post',
      path: `/api/admin/${service}/dead-letters/:id/replay`,
      service,
      access: access.admin,
      tag: 'Admin',
      summary: `Apply a parked event of the ${service} service again (after a fix); parked again if it fails`,
      params: idParams,
      response: z.object({ outcome: z.enum(['applied', 'parkedAgain']) }),
    },
  });
}

/**
 * The services whose data others keep replicas of (identity's branches, users, company and tenant; inventory's
 * items and price lists; accounts' closed periods and chart; sales' customers). An admin has the source publish its current state again, as fresh events
 * through its outbox, and every replica upserts them (newer wins): a replica emptied or damaged is rebuilt, in
 * both run modes (design.md 3).
 */
export const replicaSources = ['identity', 'inventory', 'accounts', 'sales'] as const;
export type ReplicaSource = (typeof replicaSources)[number];

export function replicaSourceRoutes(service: ReplicaSource) {
  return defineRoutes({
    republish: {
      method: 'post',
      path: `/api/admin/${service}/replicas/republish`,
      service,
      access: access.admin,
      tag: 'Admin',
      summary: `Publish the current state of the ${service} service's replicated data again (rebuilds replicas)`,
      response: z.object({ events: z.number().int() }),
    },
  });
}
