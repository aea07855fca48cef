import type { AuditChange, AuditRecord, Envelope } from '@erp/contracts';
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

/**
 * Properties a reader of /logs has no use for (issue 12 item 6): keys, bookkeeping times and counters, and
 * what a record derives from its other fields.
 */
export const TECHNICAL_PROPERTIES = new Set([
  '',
  'id',
  'tenantId',
  'createdAt',
  'updatedAt',
  'createdBy',
  'revision',
  'codeNumber',
  'referenced',
  'attachments',
  'totalValue',
  'year',
  'seq',
]);

/** The properties that name a record: its code and names, as last recorded for it. */
const NAMING = ['code', 'arabicName', 'englishName', 'userName', 'fullName'];

type Row = Record<string, unknown>;
type Query = {
  page: number;
  pageSize: number;
  search?: string | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
  userId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

export function auditUseCases(deps: ServiceDeps) {
  const filtered = (ctx: RequestContext, q: Query) => {
    const query = requireTenant(deps.db, ctx)('audit_logs');
    if (q.entity) query.andWhere('entity', q.entity);
    if (q.entityId) query.andWhere('entity_id', q.entityId);
    if (q.userId) query.andWhere('user_id', q.userId);
    if (q.from) query.andWhere('occurred_at', '>=', q.from);
    if (q.to) query.andWhere('occurred_at', '<', `${q.to}T99`);
    searchColumns(query, ['property', 'user_name', 'entity'], q.search);
    return query;
  };

  return {
    /**
     * /logs (issue 12 item 6): one row per change (an audit event), newest first, with the record's code and
     * names as last recorded (a change of a user's email names the user) and the changed fields, without the
     * technical ones. The screen translates the entity, the fields and the values.
     */
    async changes(ctx: RequestContext, q: Query) {
      const s = requireTenant(deps.db, ctx);
      const events = filtered(ctx, q).groupBy('event_id').select('event_id').max({ at: 'occurred_at' });
      const offset = (q.page - 1) * q.pageSize;
      const page = (await events
        .clone()
        .orderBy([
          { column: 'at', order: 'desc' },
          { column: 'event_id', order: 'desc' },
        ])
        .offset(offset)
        .limit(q.pageSize)) as Row[];
      const total =
        page.length > 0 && page.length < q.pageSize
          ? offset + page.length
          : Number(
              ((await s.db.from(events.clone().as('e')).count({ n: '*' })) as { n: number | string }[])[0]
                ?.n ?? 0,
            );
      const ids = page.map((r) => String(r.event_id));
      const rows = ids.length
        ? ((await s('audit_logs').whereIn('event_id', ids).orderBy('property')) as Row[])
        : [];
      const entityIds = [...new Set(rows.map((r) => String(r.entity_id)))];
      const naming = entityIds.length
        ? ((await s('audit_logs')
            .whereIn('entity_id', entityIds)
            .whereIn('property', NAMING)
            .orderBy([{ column: 'occurred_at' }, { column: 'id' }])
            .select('entity_id', 'property', 'before_value', 'after_value')) as Row[])
        : [];
      // the last value recorded for each naming property of each record (a deleted record's: before)
      const names = new Map<string, Record<string, string>>();
      for (const r of naming) {
        const value = (r.after_value ?? r.before_value) as string | null;
        if (value === null || value === '') continue;
        const key = String(r.entity_id);
        names.set(key, { ...names.get(key), [String(r.property)]: value });
      }
      const byEvent = new Map<string, Row[]>();
      for (const r of rows) byEvent.set(String(r.event_id), [...(byEvent.get(String(r.event_id)) ?? []), r]);
      const items: AuditChange[] = ids.map((id) => {
        const group = byEvent.get(id) ?? [];
        const first = group[0] ?? {};
        const named = names.get(String(first.entity_id)) ?? {};
        const person = named.fullName ?? named.userName;
        return {
          id,
          service: String(first.service ?? ''),
          entity: String(first.entity ?? ''),
          entityId: String(first.entity_id ?? ''),
          action: (first.action ?? 'modified') as AuditChange['action'],
          recordCode: named.code ?? named.userName ?? '',
          recordArabicName: named.arabicName ?? person ?? named.englishName ?? '',
          recordEnglishName: named.englishName ?? person ?? named.arabicName ?? '',
          changes: group
            .filter((r) => !TECHNICAL_PROPERTIES.has(String(r.property)))
            .map((r) => ({
              property: String(r.property),
              before: (r.before_value as string | null) ?? null,
              after: (r.after_value as string | null) ?? null,
            })),
          userId: (first.user_id as string | null) ?? null,
          userName: (first.user_name as string | null) ?? null,
          occurredAt: String(first.occurred_at ?? ''),
        };
      });
      return { items, total, page: q.page, pageSize: q.pageSize };
    },

    async list(ctx: RequestContext, q: Query) {
      const query = filtered(ctx, q);
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
