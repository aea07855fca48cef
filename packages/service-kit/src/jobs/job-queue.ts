import type { Language } from '@erp/i18n';
import { isUniqueViolation, type Executor } from '../db/database';
import { AppError, conflict } from '../errors';
import type { FiscalYearChoice, RequestContext } from '../http/context';
import type { Principal } from '../http/tokens';
import { newId, nowIso } from '../ids';
import type { StartJob } from './job-types';

// Queuing a job: the row a runner claims, with the context of the request (or the system) it runs for.

type Row = Record<string, unknown>;

/** The request a job runs as, stored with it (its permissions as a list). */
export interface StoredContext {
  principal: Omit<Principal, 'permissions'> & { permissions: string[] };
  language: Language;
  branchId: string | null;
  fiscalYear: FiscalYearChoice;
  correlationId: string;
}

/**
 * Who a job runs for: a request's caller, or the system (work caused by an event, which has no user): a
 * system job's context is the tenant's, with no permissions, and only admins see it.
 */
export type JobOwner = RequestContext | { system: true; tenantId: string; correlationId: string };

export const SYSTEM_USER = 'system';

function storedContextOf(owner: JobOwner): { tenantId: string; userId: string; context: StoredContext } {
  if ('system' in owner)
    return {
      tenantId: owner.tenantId,
      userId: SYSTEM_USER,
      context: {
        principal: {
          userId: SYSTEM_USER,
          tenantId: owner.tenantId,
          userName: SYSTEM_USER,
          isAdmin: true,
          permissions: [],
          branches: [],
          subscriptionEnd: '9999-12-31',
          subscriptionActive: true,
          tokenVersion: 0,
        },
        language: 'en',
        branchId: null,
        fiscalYear: null,
        correlationId: owner.correlationId,
      },
    };
  const p = owner.principal;
  if (!p) throw new AppError(401, 'unauthenticated');
  return {
    tenantId: p.tenantId,
    userId: p.userId,
    context: {
      principal: { ...p, permissions: [...p.permissions] },
      language: owner.language,
      branchId: owner.branchId,
      fiscalYear: owner.fiscalYear,
      correlationId: owner.correlationId,
    },
  };
}

/**
 * Writes a queued job with `executor` (the database or a transaction); a second active job on the same
 * tenant, kind and resource is a 409 ('jobInProgress'). The runner that knows the kind picks it up.
 */
export async function enqueueJobIn<I>(
  executor: Executor,
  owner: JobOwner,
  job: StartJob<I> & { state: unknown },
): Promise<{ id: string }> {
  const row = await insertJob(executor, owner, job);
  queuedIn.add(executor);
  return { id: String(row.id) };
}

const queuedIn = new WeakSet<object>();
/** Marks a transaction that queued a job. */
export const markQueuedIn = (trx: object): void => void queuedIn.add(trx);
/** Whether a job was queued in this transaction: the service wakes its runner once it commits. */
export const jobQueuedIn = (trx: object): boolean => queuedIn.has(trx);

/** Inserts a queued job; a second active job on the same tenant, kind and resource is a 409. */
export async function insertJob<I>(
  executor: Executor,
  owner: JobOwner,
  job: StartJob<I> & { state: unknown },
): Promise<Row> {
  const { tenantId, userId, context } = storedContextOf(owner);
  const now = nowIso();
  const row = {
    id: newId(),
    tenant_id: tenantId,
    user_id: userId,
    kind: job.kind,
    resource: job.resource,
    active_key: `${tenantId}:${job.kind}:${job.resource}`,
    status: 'queued',
    done: 0,
    total: job.total ?? 0,
    cancel_requested: false,
    context: JSON.stringify(context),
    input: JSON.stringify(job.input),
    state: JSON.stringify(job.state),
    attempts: 0,
    created_at: now,
    updated_at: now,
  };
  try {
    await executor('jobs').insert(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('jobInProgress');
    throw error;
  }
  return row;
}
