import { entityInputSchema, events, tableOf, type EntityDef, type PayloadOf } from '@erp/contracts';
import type { Migration } from '../db/migrations';
import { tenantScope, type TenantScope } from '../db/tenant-scope';
import { newId, nowIso, starterRecordId } from '../ids';
import type { EventHandler } from '../messaging/inbox';
import type { ServiceDeps } from '../service';
import { replicaTables } from './replicas';
import type { EventOrigin } from '../messaging/outbox';
import { announceRecord } from './announce';
import { entityStore, saveLines, toRow } from './store';

/**
 * A record every new tenant starts with (issue 12, 'a new tenant ready to work'): the standard VAT, a default
 * store and a cash customer on the master branch. `key` names it for good: written once per tenant, so a
 * record the tenant deleted or renamed is never brought back.
 */
export interface StarterRecord {
  key: string;
  entity: EntityDef;
  /**
   * The record's values (names, fields). `idOf` names another starter record given before this one (a default
   * account's parent), or null when the tenant has none (it deleted it).
   */
  values: (masterBranchId: string, idOf: (key: string) => string | null) => Record<string, unknown>;
  /** Columns of a record that already serves (a tenant's own cash customer): then none is added. */
  servedBy: (masterBranchId: string) => Record<string, unknown>;
}

/** Keys of the starter records a master branch points at (its default store and cash customer). */
export const starterKeys = { defaultStore: 'defaultStore', cashCustomer: 'cashCustomer' } as const;

/** The table that remembers which starter records a tenant was given (a frozen, literal migration). */
export const starterRecordsMigration: Migration = {
  name: 'kit_0007_starter_records',
  async up(knex) {
    await knex.schema.createTable('kit_starter_records', (t) => {
      t.string('tenant_id', 36).notNullable();
      t.string('record_key', 60).notNullable();
      t.string('record_id', 36).nullable();
      t.string('created_at', 30).notNullable();
      t.primary(['tenant_id', 'record_key']);
    });
  },
};

/** Gives the tenant the starter records it was not given yet, in the caller's transaction. */
export async function giveStarterRecords(
  s: TenantScope,
  masterBranchId: string,
  records: readonly StarterRecord[],
  origin: Omit<EventOrigin, 'tenantId'>,
): Promise<number> {
  let given = 0;
  // what each key names in this tenant (read once: a chart of accounts is dozens of records)
  const ids = new Map<string, string | null>(
    ((await s('kit_starter_records').select('record_key', 'record_id')) as Record<string, unknown>[]).map(
      (row) => [String(row.record_key), row.record_id === null ? null : String(row.record_id)],
    ),
  );
  const tables = new Map<string, string>(records.map((r) => [r.key, tableOf(r.entity)]));
  const existing = new Set<string>();
  const idOf = (key: string) => {
    const id = ids.get(key) ?? null;
    return id !== null && existing.has(`${tables.get(key)}/${id}`) ? id : null;
  };
  for (const r of records) {
    const table = tableOf(r.entity);
    if (ids.has(r.key)) {
      const id = ids.get(r.key);
      if (id && (await s(table).where({ id }).first('id'))) existing.add(`${table}/${id}`);
      continue;
    }
    const served = await s(table).where(r.servedBy(masterBranchId)).first('id');
    if (served) {
      await s.insert('kit_starter_records', {
        record_key: r.key,
        record_id: String(served.id),
        created_at: nowIso(),
      });
      ids.set(r.key, String(served.id));
      existing.add(`${table}/${String(served.id)}`);
      continue;
    }
    // the entity's own input schema fills each field's default, as a create through the API would
    const input = entityInputSchema(r.entity).parse({
      code: '',
      ...r.values(masterBranchId, idOf),
    }) as Record<string, unknown>;
    const code = input.code ? String(input.code) : await entityStore.nextCode(s, r.entity);
    // the id the tenant's provisioning named it by (the master branch's defaults), unless taken
    const named = starterRecordId(s.tenantId, r.key);
    const id = (await s(table).where({ id: named }).first('id')) ? newId() : named;
    const now = nowIso();
    await s.insert(table, {
      id,
      ...toRow(r.entity, { ...input, code }, null),
      created_at: now,
      updated_at: now,
    });
    await saveLines(s, r.entity, id, input, null);
    // announced like any other record: other services' replicas hold the default accounts and cash customer
    const saved = await entityStore.find(s, r.entity, id);
    await announceRecord(s.db, { ...origin, tenantId: s.tenantId }, r.entity, saved!.record, false);
    await s.insert('kit_starter_records', { record_key: r.key, record_id: id, created_at: now });
    ids.set(r.key, id);
    existing.add(`${table}/${id}`);
    given += 1;
  }
  return given;
}

/**
 * The two ways a tenant gets its starter records: a new tenant's master branch arriving (its event), and,
 * for tenants made before a starter record existed, the service's start (every master branch it knows).
 */
export function starterRecords(records: readonly StarterRecord[]) {
  const onBranch: EventHandler = async (trx, envelope, payload) => {
    const p = payload as PayloadOf<'branchCreated'>;
    if (!p.isMaster) return;
    await giveStarterRecords(tenantScope(trx, envelope.tenantId), p.id, records, {
      branchId: p.id,
      correlationId: envelope.correlationId,
      causationId: envelope.id,
    });
  };
  return {
    /** The replica handlers with the master branch's starter records added to its creation. */
    withHandlers(handlers: Readonly<Record<string, EventHandler>>): Record<string, EventHandler> {
      const replica = handlers[events.branchCreated.type];
      return {
        ...handlers,
        [events.branchCreated.type]: async (trx, envelope, payload) => {
          await replica?.(trx, envelope, payload);
          await onBranch(trx, envelope, payload);
        },
      };
    },
    async seed(deps: ServiceDeps): Promise<void> {
      const masters = (await deps.db(replicaTables.branches).where({ is_master: true })) as {
        tenant_id: string;
        id: string;
      }[];
      for (const m of masters)
        await deps.transact((trx) =>
          giveStarterRecords(tenantScope(trx, String(m.tenant_id)), String(m.id), records, {
            branchId: String(m.id),
            correlationId: newId(),
          }),
        );
    },
  };
}
