import type { favoriteRouteInput, supportTicketInput } from '@erp/contracts';
import {
  checkImage,
  conflict,
  isUniqueViolation,
  newId,
  notFound,
  nowIso,
  paginate,
  searchColumns,
  requirePrincipal,
  type RequestContext,
  type ServiceDeps,
} from '@erp/service-kit';
import type { z } from 'zod';
import { requireTenant } from './scope';

type Row = Record<string, unknown>;

/** Favorite routes (per user) and support tickets (per tenant): small records owned by identity. */
export function supportUseCases(deps: ServiceDeps) {
  return {
    async favorites(ctx: RequestContext) {
      const p = requirePrincipal(ctx);
      const rows = await requireTenant(
        deps.db,
        ctx,
      )('favorite_routes')
        .where({ user_id: p.userId })
        .orderBy('created_at');
      return rows.map((r: Row) => ({
        id: String(r.id),
        routeUrl: String(r.route_url),
        title: String(r.title),
      }));
    },

    /** Starring a route twice returns the existing star. */
    async addFavorite(ctx: RequestContext, input: z.infer<typeof favoriteRouteInput>) {
      const p = requirePrincipal(ctx);
      const s = requireTenant(deps.db, ctx);
      const existing = await s('favorite_routes')
        .where({ user_id: p.userId, route_url: input.routeUrl })
        .first();
      if (existing)
        return {
          id: String(existing.id),
          routeUrl: String(existing.route_url),
          title: String(existing.title),
        };
      const id = newId();
      try {
        await deps.transact((trx) =>
          requireTenant(trx, ctx).insert('favorite_routes', {
            id,
            user_id: p.userId,
            route_url: input.routeUrl,
            title: input.title,
            created_at: nowIso(),
          }),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('itemAlreadyExists');
        throw error;
      }
      return { id, ...input };
    },

    async removeFavorite(ctx: RequestContext, id: string): Promise<void> {
      const p = requirePrincipal(ctx);
      const n = await deps.transact((trx) =>
        requireTenant(trx, ctx)('favorite_routes').where({ id, user_id: p.userId }).delete(),
      );
      if (n === 0) throw notFound();
    },

    async createTicket(ctx: RequestContext, input: z.infer<typeof supportTicketInput>) {
      const p = requirePrincipal(ctx);
      const image = input.base64Image ? input.base64Image.replace(/^data:[^,]*,/, '') : null;
      // the screenshot must be the image its extension says, not HTML or a program renamed .png
      if (image) checkImage(Buffer.from(image, 'base64'), input.imageExtension, 'base64Image');
      const id = newId();
      await deps.transact((trx) =>
        requireTenant(trx, ctx).insert('support_tickets', {
          id,
          user_id: p.userId,
          title: input.title,
          phone: input.phone,
          email: input.email,
          message: input.message,
          type: 'feedback',
          comment: '',
          image_extension: input.base64Image ? input.imageExtension : '',
          image,
          status: 'underReview',
          created_at: nowIso(),
        }),
      );
      return { id };
    },

    async tickets(ctx: RequestContext, q: { page: number; pageSize: number; search?: string | undefined }) {
      const mine = requireTenant(deps.db, ctx)('support_tickets');
      // a user sees the tickets they sent; admins see everyone's, with the senders' phones and emails (issue 9 item 11)
      const p = requirePrincipal(ctx);
      if (!p.isAdmin) mine.where('support_tickets.user_id', p.userId);
      const query = searchColumns(mine, ['title', 'message'], q.search).select(
        'id',
        'title',
        'phone',
        'email',
        'message',
        'type',
        'comment',
        'image_extension',
        'status',
        'created_at',
      );
      return paginate(
        query,
        q,
        (x) => x.orderBy('created_at', 'desc'),
        (r) => ({
          id: String(r.id),
          title: String(r.title),
          phone: String(r.phone),
          email: String(r.email),
          message: String(r.message),
          type: String(r.type),
          comment: String(r.comment),
          hasImage: String(r.image_extension) !== '',
          status: r.status as 'underReview',
          createdAt: String(r.created_at),
        }),
      );
    },
  };
}
