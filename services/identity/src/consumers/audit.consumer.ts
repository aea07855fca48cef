import { events, type AuditRecord } from '@erp/contracts';
import type { EventHandler } from '@erp/service-kit';
import { storeAuditRecord } from '../application/audit.use-case';

/** Audit records from every service (including this one) land in the audit log store. */
export const auditConsumer: Record<string, EventHandler> = {
  [events.auditRecorded.type]: (trx, envelope, payload) =>
    storeAuditRecord(trx, envelope, payload as AuditRecord),
};
