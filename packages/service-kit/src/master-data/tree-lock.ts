import type { EntityDef } from '@erp/contracts';
import type { Executor } from '../db/database';
import { isMysql } from '../db/raw-sql';
import type { TenantScope } from '../db/tenant-scope';

/**
 * One row per tenant and entity, locked FOR UPDATE at the start of a save that must take turns with the entity's
 * others on MySQL. A tree's saves: two opposite moves at the same instant (A under B, B under A) would each pass
 * the loop check on what they read and store a cycle. A create that numbers itself (the highest code + 1): two at
 * once read the same highest code. Holding the row until commit makes them take turns. SQLite has one writer
 * already. No existing row fits (a replica or starter row may be absent): the table is tree-lock-migration.ts.
 */

/** The save takes turns: a tree's, or a create without a code (`numbering`). */
const takesTurns = (entity: EntityDef, numbering: boolean) => Boolean(entity.tree) || numbering;

/**
 * Makes sure the lock row exists, outside the save's transaction (on the root connection, committed at once):
 * creating it inside would let two first saves deadlock on the new key.
 */
export async function ensureTreeLock(
  db: Executor,
  tenantId: string,
  entity: EntityDef,
  numbering = false,
): Promise<void> {
  if (!takesTurns(entity, numbering) || !isMysql(db)) return;
  await db('kit_tree_locks').insert({ tenant_id: tenantId, entity: entity.name }).onConflict().ignore();
}

/** Takes the tenant's lock on the entity for the rest of the caller's transaction (MySQL only). */
export async function lockTree(s: TenantScope, entity: EntityDef, numbering = false): Promise<void> {
  if (!takesTurns(entity, numbering) || !isMysql(s.db)) return;
  await s('kit_tree_locks').where({ entity: entity.name }).forUpdate().first('entity');
}
