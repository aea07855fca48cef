import { createHash } from 'node:crypto';
import type { Executor } from '../db/database';
import { isUniqueViolation } from '../db/database';
import type { Migration } from '../db/migrations';
import { tenantScope } from '../db/tenant-scope';
import { AppError, conflict } from '../errors';
import { nowIso } from '../ids';

/**
 * Idempotent creates (style.md example 11): a client that sends `Idempotency-Key` with a create and retries
 * with the same key gets the first result again; the same key with another body is a 409. The key, a hash of
 * the body and the result are kept per tenant and route in the create's own transaction, so a create that
 * fails leaves no key behind and a retry runs it again.
 */
export const idempotencyKitMigration: Migration = {
  // frozen: the schema is stated here
  name: 'kit_0005_idempotency_keys',
  async up(knex) {
    await knex.schema.createTable('idempotency_keys', (t) => {
      t.string('tenant_id', 36).notNullable();
      // the route the key was used on, e.g. 'inventory.additionOrders.create'
      t.string('scope', 120).notNullable();
      t.string('idempotency_key', 200).notNullable();
      t.string('request_hash', 64).notNullable();
      t.text('response').nullable();
      t.string('created_at', 30).notNullable();
      t.primary(['tenant_id', 'scope', 'idempotency_key']);
    });
  },
};

const MAX_KEY = 200;

/** A stable hash of a request body (object keys sorted). */
export function requestHash(body: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v as object)
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
          )
        : v;
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}

/**
 * Runs `work` once per key: inside the caller's transaction, the key is claimed first (a concurrent request
 * with the same key waits on it, then finds the result), then the result is stored beside it.
 */
export async function idempotent<T>(
  trx: Executor,
  tenantId: string,
  scope: string,
  key: string | null,
  body: unknown,
  work: () => Promise<T>,
): Promise<T> {
  if (key === null) return work();
  if (key.length > MAX_KEY)
    throw new AppError(400, 'validationFailed', {}, [{ field: 'Idempotency-Key', code: 'validation.max' }]);
  const s = tenantScope(trx, tenantId);
  const hash = requestHash(body);
  const where = { scope, idempotency_key: key };
  const replay = (row: { request_hash: unknown; response: unknown }): T => {
    if (String(row.request_hash) !== hash) throw conflict('idempotencyKeyReused');
    return JSON.parse(String(row.response)) as T;
  };
  const found = await s('idempotency_keys').where(where).first('request_hash', 'response');
  if (found?.response) return replay(found);
  try {
    await s.insert('idempotency_keys', {
      ...where,
      request_hash: hash,
      response: null,
      created_at: nowIso(),
    });
  } catch (error) {
    // claimed by a request that committed meanwhile
    if (!isUniqueViolation(error)) throw error;
    const row = await s('idempotency_keys').where(where).first('request_hash', 'response');
    if (!row?.response) throw error;
    return replay(row);
  }
  const result = await work();
  await s('idempotency_keys')
    .where(where)
    .update({ response: JSON.stringify(result) });
  return result;
}
