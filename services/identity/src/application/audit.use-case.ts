import type { AuditRecord, Envelope } from '@erp/contracts';
import {
  newId,
  paginate,
  searchColumns,
  tenantScope,
  type RequestContext,
  type ServiceDeps,
  type Trx,
} from '@erp/service-kit';
import { requireTenant } from './scope';

/** Stores one audit row per changed property; a record with no property changes still leaves one row. */
export async function storeAuditRecord(trx: Trx, envelope: Envelope, record: AuditRecord): Promise<void> {
  const changes = record.changes.length ? record.changes : [{ property: '', before: null, after: null }];
  await tenantScope(trx, envelope.tenantId).insert(
    'audit_logs',
    changes.map((c) => ({
      id: newId(),
      event_id: envelope.id,
      service: record.service,
      entity: record.entity,
      entity_id: record.entityId,
      action: record.action,
      property: c.property.slice(0, 100),
      before_value: c.before,
      after_value: c.after,
      user_id: record.userId,
      user_name: record.userName,
      occurred_at: envelope.occurredAt,
    })),
  );
}

export function auditUseCases(deps: ServiceDeps) {
  return {
    async list(
      ctx: RequestContext,
      q: {
        page: number;
        pageSize: number;
        search?: string | undefined;
        entity?: string | undefined;
        entityId?: string | undefined;
        userId?: string | undefined;
        from?: string | undefined;
        to?: string | undefined;
      },
    ) {
      const query = requireTenant(deps.db, ctx)('audit_logs');
      if (q.entity) query.andWhere('entity', q.entity);
      if (q.entityId) query.andWhere('entity_id', q.entityId);
      if (q.userId) query.andWhere('user_id', q.userId);
      if (q.from) query.andWhere('occurred_at', '>=', q.from);
      if (q.to) query.andWhere('occurred_at', '<', `${q.to}T99`);
      searchColumns(query, ['property', 'user_name', 'entity'], q.search);
      return paginate(
        query,
        q,
        (x) =>
          x.orderBy([
            { column: 'occurred_at', order: 'desc' },
            { column: 'id', order: 'asc' },
          ]),
        (r) => ({
          id: String(r.id),
          service: String(r.service),
          entity: String(r.entity),
          entityId: String(r.entity_id),
          action: r.action as 'created',
          property: String(r.property),
          before: (r.before_value as string | null) ?? null,
          after: (r.after_value as string | null) ?? null,
          userId: (r.user_id as string | null) ?? null,
          userName: (r.user_name as string | null) ?? null,
          occurredAt: String(r.occurred_at),
        }),
      );
    },
  };
}
