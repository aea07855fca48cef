import { adminRoutes, deadLetterReasons, type DeadLetterReason, type RouteOwner } from '@erp/contracts';
import { translate } from '@erp/i18n';
import type { Db } from './db/database';
import { parseJson } from './db/database';
import { tenantScope } from './db/tenant-scope';
import { AppError } from './errors';
import { handle, type BoundRoute } from './http/routes';
import type { InboxConsumer } from './messaging/inbox';
import { decodeRecord } from './messaging/record';

/** The reason a dead letter's error starts with (`<reason>: ...`); older rows held a bare error: failed. */
function reasonOf(error: unknown): DeadLetterReason {
  const prefix = String(error).split(':', 1)[0] as DeadLetterReason;
  return deadLetterReasons.includes(prefix) ? prefix : 'failed';
}

/**
 * Every service's parked events, shown to the tenant's admins with a translated reason (the error itself, which
 * may hold SQL, stays in the table and the logs), and replayed by them after a fix.
 */
export function deadLetterRoutes(service: string, db: Db, consumer: InboxConsumer | null): BoundRoute[] {
  const routes = adminRoutes(service as RouteOwner);
  return [
    handle(routes.deadLetters, async ({ principal, ctx }) => {
      const rows = await tenantScope(
        db,
        principal.tenantId,
      )('dead_letters')
        .orderBy('created_at', 'desc')
        .limit(500);
      return rows.map((r: Record<string, unknown>) => {
        const reason = reasonOf(r.error);
        return {
          id: String(r.id),
          consumer: String(r.consumer),
          eventId: String(r.event_id),
          type: String(r.type),
          reason,
          reasonText: translate(ctx.language, `deadLetter.${reason}`),
          attempts: Number(r.attempts),
          createdAt: String(r.created_at),
          envelope: parseJson(r.envelope, {}),
        };
      });
    }),
    handle(routes.replayDeadLetter, async ({ principal, params }) => {
      const row = (await tenantScope(
        db,
        principal.tenantId,
      )('dead_letters')
        .where({ id: params.id })
        .first()) as Record<string, unknown> | undefined;
      if (!row || !consumer || row.consumer !== consumer.groupId) throw new AppError(404, 'notFound');
      // the inbox forgets the event, so the consumer applies it as if it arrived now
      await db.transaction(async (trx) => {
        await tenantScope(trx, principal.tenantId)('dead_letters').where({ id: row.id }).delete();
        await trx('inbox').where({ consumer: row.consumer, event_id: row.event_id }).delete();
      });
      const decoded = decodeRecord(String(row.envelope), 'in-process');
      if (!('envelope' in decoded)) {
        await consumer.reject(decoded.rejected);
        return { outcome: 'parkedAgain' as const };
      }
      await consumer.handle(decoded.envelope);
      const again = await db('dead_letters')
        .where({ consumer: row.consumer, event_id: row.event_id })
        .first('id');
      return { outcome: again ? ('parkedAgain' as const) : ('applied' as const) };
    }),
  ];
}
