import type { EntityDef } from '@erp/contracts';
import type { Executor } from '../db/database';
import { isMysql } from '../db/raw-sql';
import type { TenantScope } from '../db/tenant-scope';

/**
 * One row per tenant and tree entity, locked FOR UPDATE at the start of a tree record's save: on MySQL two
 * opposite moves at the same instant (A under B, B under A) would each pass the loop check on what they read
 * and store a cycle. Holding the row until commit makes creates, moves and deletes of one tenant's tree take
 * turns. SQLite has one writer already. No existing row fits (a replica or starter row may be absent): the
 * table is tree-lock-migration.ts.
 */

/**
 * Makes sure the lock row exists, outside the save's transaction (on the root connection, committed at once):
 * creating it inside would let two first saves deadlock on the new key.
 */
export async function ensureTreeLock(db: Executor, tenantId: string, entity: EntityDef): Promise<void> {
  if (!entity.tree || !isMysql(db)) return;
  await db('kit_tree_locks').insert({ tenant_id: tenantId, entity: entity.name }).onConflict().ignore();
}

/** Takes the tenant's lock on the entity's tree for the rest of the caller's transaction (MySQL only). */
export async function lockTree(s: TenantScope, entity: EntityDef): Promise<void> {
  if (!entity.tree || !isMysql(s.db)) return;
  await s('kit_tree_locks').where({ entity: entity.name }).forUpdate().first('entity');
}
