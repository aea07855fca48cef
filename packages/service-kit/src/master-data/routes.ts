import {
  columnOf,
  entityRoutes,
  linesTableOf,
  tableOf,
  type EntityDef,
  type EntityInput,
} from '@erp/contracts';
import type { ServerMessageKey } from '@erp/i18n';
import { tenantScope, type TenantScope } from '../db/tenant-scope';
import { AppError, conflict, notFound } from '../errors';
import { recordAudit } from '../audit';
import { originOf, requireBranch, requirePrincipal, type RequestContext } from '../http/context';
import { handle, type BoundRoute } from '../http/routes';
import { newId, nowIso } from '../ids';
import { announceRecord } from './announce';
import { dataMigrationHandlers } from './excel-import-export';
import type { ServiceDeps } from '../service';
import { isUniqueViolation, raceLost, type Executor } from '../db/database';
import {
  branchFieldOf,
  entityStore,
  linesFieldsOf,
  referenceTable,
  saveLines,
  toRow,
  type EntityRecord,
  type ListQuery,
} from './store';
import type { FieldIssue } from '../errors';
import { replicaTables } from './replicas';
import { hashSecret } from './secrets';
import { exportEntity } from './export';
import { checkTree, nextTreeCode, refuseDeleteWithChildren, relevelBelow, treeOrder } from './tree';
import { ensureTreeLock, lockTree } from './tree-lock';

/**
 * What an entity adds to the engine's rules: checks against stored data (a parent category on an item),
 * references from outside the main data (a store used by a document), and effects written in the same
 * transaction as the record (item events, opening-balance movements).
 */
export interface EntityHooks {
  validate?(s: TenantScope, input: EntityInput, id: string | null): Promise<FieldIssue[]>;
  /**
   * The record is in use outside the main data (a store by a document; an account by journal lines): it
   * cannot be deleted, and in a tree it cannot become a parent (a parent takes no entries).
   */
  isReferenced?(s: TenantScope, id: string): Promise<boolean>;
  afterWrite?(
    trx: Executor,
    ctx: RequestContext,
    before: EntityRecord | null,
    after: EntityRecord | null,
  ): Promise<void>;
}

/** A new record's empty references that name a default (`defaultWhere`): the first match, in code order. */
async function referenceDefaults(
  s: TenantScope,
  entity: EntityDef,
  input: EntityInput,
  entities: readonly EntityDef[],
): Promise<EntityInput> {
  const out: Record<string, unknown> = {};
  for (const f of entity.fields) {
    const v = input[f.name];
    if (!f.defaultWhere || (v !== null && v !== undefined && v !== '')) continue;
    const where = Object.fromEntries(Object.entries(f.defaultWhere).map(([k, w]) => [columnOf(k), w]));
    const found = await s(referenceTable(f, entities)).where(where).orderBy('code').first('id');
    if (found) out[f.name] = String(found.id);
  }
  return out as EntityInput;
}

/**
 * The 409's message: the spec's own for a tax or mobile number used before (section 5, 'must not be used
 * before'), the generic one for any other unique value.
 */
function duplicateKey(entity: EntityDef, issue: FieldIssue): ServerMessageKey {
  if (issue.code === 'codeAlreadyUsed') return 'codeAlreadyUsed';
  const kind = entity.fields.find((f) => f.name === issue.field)?.kind;
  return kind === 'taxNumber'
    ? 'taxNumberAlreadyUsed'
    : kind === 'phone'
      ? 'mobileAlreadyUsed'
      : 'valueAlreadyUsed';
}

/** 403 when the record belongs to a branch the caller may not work in. */
function requireRecordBranch(ctx: RequestContext, entity: EntityDef, record: Record<string, unknown>): void {
  const field = branchFieldOf(entity);
  const value = field ? record[field.name] : null;
  requireBranch(ctx, typeof value === 'string' && value !== '' ? value : null);
}

/** The branch the caller works in, from the BranchId header and the identity replica. */
export async function workingBranch(
  s: TenantScope,
  ctx: RequestContext,
): Promise<{ isMaster: boolean; digits: number } | null> {
  if (!ctx.branchId) return null;
  const row = await s(replicaTables.branches)
    .where({ id: ctx.branchId })
    .first('is_master', 'decimal_digits');
  return row ? { isMaster: Boolean(Number(row.is_master)), digits: Number(row.decimal_digits) } : null;
}

async function secretColumns(
  entity: EntityDef,
  input: Record<string, unknown>,
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const f of entity.fields) {
    const value = input[f.name];
    // an empty secret on update keeps the one already set
    if (f.kind === 'secret' && typeof value === 'string' && value !== '')
      out[f.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] = await hashSecret(value);
  }
  return out;
}

/**
 * The engine's create-or-change of one record, with every check, its event, its hooks and its audit in one
 * transaction. The routes use it, and so do imports (one transaction per imported row).
 */
export function entityWriter(
  deps: ServiceDeps,
  entities: readonly EntityDef[],
  hooks: Readonly<Record<string, EntityHooks>> = {},
) {
  const service = entities[0]?.service ?? deps.name;

  async function write(
    ctx: RequestContext,
    entity: EntityDef,
    id: string | null,
    input: EntityInput,
  ): Promise<EntityRecord> {
    const secrets = await secretColumns(entity, input);
    await ensureTreeLock(deps.db, requirePrincipal(ctx).tenantId, entity, !id && !input.code);
    return deps.transact((trx) =>
      // every unique key is checked first: one broken at the insert is a concurrent save's, run again
      writeIn(trx, ctx, entity, id, input, secrets).catch((error: unknown) => {
        throw isUniqueViolation(error) ? raceLost(error) : error;
      }),
    );
  }

  async function writeIn(
    trx: Executor,
    ctx: RequestContext,
    entity: EntityDef,
    id: string | null,
    input: EntityInput,
    secrets: Awaited<ReturnType<typeof secretColumns>>,
  ): Promise<EntityRecord> {
    const s = tenantScope(trx, requirePrincipal(ctx).tenantId);
    // a tree's saves and creates that number themselves take turns on MySQL: the checks below read what others write
    await lockTree(s, entity, !id && !input.code);
    const branch = await workingBranch(s, ctx);
    if (branch?.isMaster) throw conflict('masterBranchReadOnly');
    const before = id ? await entityStore.find(s, entity, id) : null;
    if (id && !before) throw notFound();
    // a record of another branch is neither read nor moved there (issue 9 item 3)
    if (before) requireRecordBranch(ctx, entity, before.record);
    requireRecordBranch(ctx, entity, input);
    // the code is fixed once a record exists (spec section 5: the code field is disabled on edit)
    // a leveled tree numbers a new record under its parent (1113 under 111)
    const treeCode = () => nextTreeCode(s, entity, (input[entity.tree!.parent] as string | null) || null);
    const code = before
      ? before.record.code
      : input.code ||
        (entity.tree?.level ? await treeCode() : null) ||
        (await entityStore.nextCode(s, entity));
    if (!before) input = { ...input, ...(await referenceDefaults(s, entity, input, entities)) };
    const tree = await checkTree(s, entity, input, id, ctx.branchId, hooks[entity.name]?.isReferenced);
    if (entity.tree?.level) input = { ...input, [entity.tree.level]: tree.level };
    const row = toRow(entity, { ...input, code }, branch?.digits ?? null);
    const issues = [
      ...tree.issues,
      ...(await entityStore.conflicts(s, entity, row, id ?? undefined)),
      ...(await entityStore.lineConflicts(s, entity, input, id ?? undefined)),
      ...(await entityStore.brokenReferences(s, entity, input, entities)),
      ...((await hooks[entity.name]?.validate?.(s, input, id)) ?? []),
    ];
    const duplicates = issues.filter((i) => i.code === 'codeAlreadyUsed' || i.code === 'valueAlreadyUsed');
    if (duplicates.length) throw conflict(duplicateKey(entity, duplicates[0]!), duplicates);
    if (issues.length) throw new AppError(400, 'validationFailed', {}, issues);
    const now = nowIso();
    const recordId = id ?? newId();
    if (before)
      await s(tableOf(entity))
        .where({ id: recordId })
        .update({ ...row, ...secrets, updated_at: now });
    else
      await s.insert(tableOf(entity), {
        id: recordId,
        ...row,
        ...secrets,
        created_at: now,
        updated_at: now,
      });
    await saveLines(s, entity, recordId, input, branch?.digits ?? null);
    // a moved record takes its subtree along: the descendants' levels follow
    const level = entity.tree?.level;
    if (before && level && before.record[level] !== input[level])
      await relevelBelow(s, entity, recordId, Number(input[level]));
    const after = (await entityStore.find(s, entity, recordId))!.record;
    await announce(trx, ctx, entity, after, false);
    await hooks[entity.name]?.afterWrite?.(trx, ctx, before?.record ?? null, after);
    await recordAudit(trx, ctx, service!, entity.name, recordId, before?.record ?? null, after);
    return after;
  }

  const announce = (
    trx: Executor,
    ctx: RequestContext,
    entity: EntityDef,
    record: EntityRecord,
    deleted: boolean,
  ) => announceRecord(trx, originOf(ctx), entity, record, deleted);

  return { write, announce };
}

/**
 * The master-data engine's use cases for the entities of one service: paged list with search, sort and
 * column filters, .xlsx export, create (next free code when empty), change (code fixed), delete (409 when
 * referenced). Every write checks uniqueness and references, refuses the master branch (read-only, spec
 * section 4), writes an audit event and the service's main-data event in the same transaction.
 */
export function masterDataRoutes(
  deps: ServiceDeps,
  entities: readonly EntityDef[],
  hooks: Readonly<Record<string, EntityHooks>> = {},
): BoundRoute[] {
  const service = entities[0]?.service;
  if (!service) return [];
  const { write, announce } = entityWriter(deps, entities, hooks);
  const scopeOf = (ctx: RequestContext) => tenantScope(deps.db, requirePrincipal(ctx).tenantId);

  return entities.flatMap((entity) => {
    const specs = entityRoutes(entity);
    const spec = (method: string, path: string) => specs.find((r) => r.method === method && r.path === path)!;
    const [list, exportRoute, get, create, update, remove] = [
      spec('get', entity.apiPath),
      spec('get', `${entity.apiPath}/export`),
      spec('get', `${entity.apiPath}/:id`),
      spec('post', entity.apiPath),
      spec('put', `${entity.apiPath}/:id`),
      spec('delete', `${entity.apiPath}/:id`),
    ];
    const tree = entity.tree;
    const treeRoute = tree
      ? [
          handle(spec('get', `${entity.apiPath}/tree`), async ({ ctx }) => {
            const records = await entityStore.all(scopeOf(ctx), entity, {
              order: 'asc',
              branches: ctx.allowedBranches,
            });
            return { items: treeOrder(records, (r) => (r[tree.parent] as string | null) ?? null) };
          }),
        ]
      : [];
    return [
      ...treeRoute,
      handle(list, ({ ctx, query }) =>
        entityStore.list(scopeOf(ctx), entity, { ...(query as ListQuery), branches: ctx.allowedBranches }),
      ),
      handle(exportRoute, async ({ ctx, query, res }) => {
        const scoped = { ...(query as ListQuery), branches: ctx.allowedBranches };
        const buffer = await exportEntity(scopeOf(ctx), entity, entities, scoped, ctx.language);
        res
          .status(200)
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .attachment(`${entity.name}.xlsx`)
          .send(buffer);
      }),
      handle(get, async ({ ctx, params }) => {
        const found = await entityStore.find(scopeOf(ctx), entity, (params as { id: string }).id);
        if (!found) throw notFound();
        requireRecordBranch(ctx, entity, found.record);
        return found.record;
      }),
      handle(create, ({ ctx, body }) => write(ctx, entity, null, body as EntityInput)),
      handle(update, ({ ctx, params, body }) =>
        write(ctx, entity, (params as { id: string }).id, body as EntityInput),
      ),
      handle(remove, async ({ ctx, params }) => {
        const id = (params as { id: string }).id;
        await ensureTreeLock(deps.db, requirePrincipal(ctx).tenantId, entity);
        await deps.transact(async (trx) => {
          const s = tenantScope(trx, requirePrincipal(ctx).tenantId);
          // no child is added under a record while its delete checks it has none
          await lockTree(s, entity);
          if ((await workingBranch(s, ctx))?.isMaster) throw conflict('masterBranchReadOnly');
          const before = await entityStore.find(s, entity, id);
          if (!before) throw notFound();
          requireRecordBranch(ctx, entity, before.record);
          await refuseDeleteWithChildren(s, entity, id);
          if (
            (await entityStore.isReferenced(s, entity, id, entities)) ||
            (await hooks[entity.name]?.isReferenced?.(s, id))
          )
            throw conflict('referencedRecord');
          await s(tableOf(entity)).where({ id }).delete();
          for (const f of linesFieldsOf(entity))
            await s(linesTableOf(entity, f.name)).where({ parent_id: id }).delete();
          await announce(trx, ctx, entity, before.record, true);
          await hooks[entity.name]?.afterWrite?.(trx, ctx, before.record, null);
          await recordAudit(trx, ctx, service, entity.name, id, before.record, null);
        });
        return { ok: true as const };
      }),
      ...dataMigrationHandlers(deps, entity, entities),
    ];
  });
}
