import { v5, v7 } from 'uuid';

/** Time-ordered unique ids (UUIDv7), generated in the application so both engines agree (toolchain.md). */
export function newId(): string {
  return v7();
}

export function nowIso(): string {
  return new Date().toISOString();
}

// the namespace of starter records' ids (a fixed, random UUID)
const STARTER_NAMESPACE = '4b8f0f3e-8f5c-4d1e-9a51-2f1d6c7a9b30';

/**
 * The id a tenant's starter record gets (issue 12): derived from the tenant and the record's key, so the service
 * that makes the tenant can name it (the master branch's default store and cash customer) before the services
 * that keep those records have made them from its event.
 */
export function starterRecordId(tenantId: string, key: string): string {
  return v5(`${tenantId}/${key}`, STARTER_NAMESPACE);
}
