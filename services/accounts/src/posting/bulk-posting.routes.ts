import { bulkPostingRoutes, type BulkPostingAction, type BulkPostingRequest } from '@erp/contracts';
import {
  isMysql,
  AppError,
  branchSettings,
  conflict,
  handle,
  newId,
  nowIso,
  requireBranch,
  requirePrincipal,
  tenantScope,
  type BoundRoute,
  type Executor,
  type RequestContext,
  type ServiceDeps,
} from '@erp/service-kit';
import { BULK_POSTING_JOB, type BulkPostingInput } from './bulk-posting-job';
import { codeKey, compareKeys, keyNumber } from './code-range';
import { postingRegistry } from './postable-types';

const ACTIVE = ['queued', 'running'];

/**
 * Makes sure the lock row of a tenant, branch and type exists, committed on its own before the request's
 * transaction (creating it inside would let two first runs deadlock on the new key). SQLite needs none.
 */
async function ensureLock(db: Executor, tenantId: string, branchId: string, documentType: string) {
  if (!isMysql(db)) return;
  await db('bulk_posting_locks')
    .insert({ tenant_id: tenantId, branch_id: branchId, document_type: documentType })
    .onConflict()
    .ignore();
}

/**
 * `POST /api/Vouchers/post` and `/unpost` (gLPost): checks the type, the range and the branch (the `BranchId`
 * header, one the caller may work in), then in one transaction takes the branch and type's lock, refuses a range
 * overlapping an active run's with 409 'postingInProgress', and queues the run's job with its row. Two requests at
 * the same instant take turns on the lock: the second sees the first's run and gets the 409.
 */
async function startRun(
  deps: ServiceDeps,
  ctx: RequestContext,
  action: BulkPostingAction,
  body: BulkPostingRequest,
) {
  const p = requirePrincipal(ctx);
  const type = postingRegistry(deps).get(body.documentType);
  if (!type)
    throw new AppError(400, 'validationFailed', {}, [{ field: 'documentType', code: 'validation.invalid' }]);
  const from = codeKey(body.fromCode);
  const to = codeKey(body.toCode);
  if (compareKeys(from, to) > 0)
    throw new AppError(400, 'validationFailed', {}, [{ field: 'toCode', code: 'validation.invalid' }]);
  const branchId = ctx.branchId;
  if (!branchId) throw new AppError(400, 'branchRequired');
  requireBranch(ctx, branchId);
  if (!(await branchSettings(tenantScope(deps.db, p.tenantId), branchId)).id)
    throw new AppError(400, 'unknownBranch');
  await ensureLock(deps.db, p.tenantId, branchId, type.type);
  return deps.transact(async (trx) => {
    const s = tenantScope(trx, p.tenantId);
    const lock = s('bulk_posting_locks').where({ branch_id: branchId, document_type: type.type });
    if (isMysql(trx)) await lock.forUpdate().first('document_type');
    const overlapping = await s('bulk_posting_runs')
      .join('jobs', 'jobs.id', 'bulk_posting_runs.job_id')
      .where({ 'bulk_posting_runs.branch_id': branchId, 'bulk_posting_runs.document_type': type.type })
      .whereIn('jobs.status', ACTIVE)
      .where('bulk_posting_runs.from_key', '<=', keyNumber(to))
      .where('bulk_posting_runs.to_key', '>=', keyNumber(from))
      .first('bulk_posting_runs.id');
    if (overlapping) throw conflict('postingInProgress');
    const total = await type.countInRange(trx, p.tenantId, branchId, body);
    const runId = newId();
    const input: BulkPostingInput = {
      runId,
      documentType: type.type,
      action,
      branchId,
      fromCode: body.fromCode,
      toCode: body.toCode,
      total,
    };
    const job = await deps.jobs.enqueueIn(trx, ctx, {
      kind: BULK_POSTING_JOB,
      resource: `${branchId}:${type.type}:${runId}`,
      input,
      total,
    });
    await s.insert('bulk_posting_runs', {
      id: runId,
      branch_id: branchId,
      document_type: type.type,
      action,
      from_code: body.fromCode,
      to_code: body.toCode,
      from_key: keyNumber(from),
      to_key: keyNumber(to),
      job_id: job.id,
      created_by: p.userId,
      created_at: nowIso(),
    });
    return { jobId: job.id, total };
  });
}

export function bulkPostingRouteHandlers(deps: ServiceDeps): BoundRoute[] {
  return [
    handle(bulkPostingRoutes.postingTypes, async () => ({
      items: postingRegistry(deps)
        .list()
        .map((t) => ({ type: t.type, labelKey: t.labelKey })),
    })),
    handle(bulkPostingRoutes.postInBulk, ({ ctx, body }) => startRun(deps, ctx, 'post', body)),
    handle(bulkPostingRoutes.unpostInBulk, ({ ctx, body }) => startRun(deps, ctx, 'unpost', body)),
  ];
}
