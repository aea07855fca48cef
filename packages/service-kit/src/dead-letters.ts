import { adminRoutes, type RouteOwner } from '@erp/contracts';
import type { Db } from './db/database';
import { parseJson } from './db/database';
import { tenantScope } from './db/tenant-scope';
import { handle, type BoundRoute } from './http/routes';

/** Every service's parked events, shown to the tenant's admins. */
export function deadLetterRoutes(service: string, db: Db): BoundRoute[] {
  const routes = adminRoutes(service as RouteOwner);
  return [
    handle(routes.deadLetters, async ({ principal }) => {
      const rows = await tenantScope(
        db,
        principal.tenantId,
      )('dead_letters')
        .orderBy('created_at', 'desc')
        .limit(500);
      return rows.map((r: Record<string, unknown>) => ({
        id: String(r.id),
        consumer: String(r.consumer),
        eventId: String(r.event_id),
        type: String(r.type),
        error: String(r.error),
        attempts: Number(r.attempts),
        createdAt: String(r.created_at),
        envelope: parseJson(r.envelope, {}),
      }));
    }),
  ];
}
