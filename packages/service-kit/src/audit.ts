import type { AuditRecord } from '@erp/contracts';
import type { Executor } from './db/database';
import type { RequestContext } from './http/context';
import { originOf, requirePrincipal } from './http/context';
import { emit } from './messaging/outbox';

type Flat = Record<string, unknown>;

const SECRET = /password|hash|secret|token/i;

function show(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The properties that differ between two versions of a record (secrets never leave the service). */
export function diffRecords(before: Flat | null, after: Flat | null): AuditRecord['changes'] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: AuditRecord['changes'] = [];
  for (const property of [...keys].sort()) {
    // 'names' is the read model's names of what a record names (issue 12 item 1), not its data
    if (SECRET.test(property) || property === 'names') continue;
    const b = show(before?.[property]);
    const a = show(after?.[property]);
    if (b !== a) changes.push({ property, before: b, after: a });
  }
  return changes;
}

/**
 * Writes an audit event for a change, in the change's transaction (spec section 3, audit log: property,
 * value before, value after, created or modified). The identity service stores it for /logs.
 */
export async function recordAudit(
  trx: Executor,
  ctx: RequestContext,
  service: string,
  entity: string,
  entityId: string,
  before: Flat | null,
  after: Flat | null,
): Promise<void> {
  const changes = diffRecords(before, after);
  const action = before === null ? 'created' : after === null ? 'deleted' : 'modified';
  if (action === 'modified' && changes.length === 0) return;
  const p = requirePrincipal(ctx);
  await emit(trx, originOf(ctx), 'auditRecorded', entityId, {
    service,
    entity,
    entityId,
    action,
    changes,
    userId: p.userId,
    userName: p.userName,
  });
}
