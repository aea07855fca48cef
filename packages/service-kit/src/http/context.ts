import type { Request } from 'express';
import { parseLanguage, type Language } from '@erp/i18n';
import { newId } from '../ids';
import type { EventOrigin } from '../messaging/outbox';
import { AppError, unauthorized } from '../errors';
import type { Principal } from './tokens';

/**
 * The FiscalYear header (spec section 7): a year, 'all' for the all-years entry, or none chosen (the user's
 * default, see `resolveFiscalYear`). Anything else is refused, never read as 'all years' (issue 9 item 8).
 */
export type FiscalYearChoice = number | 'all' | null;

/** Everything a use case may know about the request: the spec's headers plus the verified caller. */
export interface RequestContext {
  requestId: string;
  correlationId: string;
  language: Language;
  /** The spec's BranchId header (the branch picked in the shell), if any; always one the caller may use. */
  branchId: string | null;
  /** The FiscalYear header as sent: a year, 'all', or null when none was chosen. */
  fiscalYear: FiscalYearChoice;
  /**
   * The branches the caller may read and change (spec sections 3 and 6, issue 9 item 3): null for every
   * branch (admins, and users whose profile lists none).
   */
  allowedBranches: readonly string[] | null;
  principal: Principal | null;
  /** The Idempotency-Key header of a create: a retry with the same key gets the first result. */
  idempotencyKey?: string | null;
}

function parseFiscalYear(value: string | null): FiscalYearChoice {
  if (value === null) return null;
  if (value.toLowerCase() === 'all') return 'all';
  const year = /^\d{4}$/.test(value) ? Number(value) : NaN;
  if (!(year > 1900)) {
    throw new AppError(400, 'invalidFiscalYear', {}, [{ field: 'FiscalYear', code: 'invalidFiscalYear' }]);
  }
  return year;
}

/** The branches a principal may work in: null when unrestricted. */
export function allowedBranchesOf(p: Principal | null): readonly string[] | null {
  if (!p || p.isAdmin || p.branches.length === 0) return null;
  return p.branches;
}

export function mayUseBranch(ctx: Pick<RequestContext, 'allowedBranches'>, branchId: string | null): boolean {
  return branchId === null || ctx.allowedBranches === null || ctx.allowedBranches.includes(branchId);
}

/** 403 unless the caller may work in the branch (a record's, or one named in a body). */
export function requireBranch(ctx: Pick<RequestContext, 'allowedBranches'>, branchId: string | null): void {
  if (!mayUseBranch(ctx, branchId)) throw new AppError(403, 'branchNotAllowed');
}

export function contextFromRequest(req: Request, principal: Principal | null): RequestContext {
  const header = (name: string) => {
    const v = req.header(name);
    return v && v.trim() !== '' && v !== 'null' && v !== 'undefined' ? v.trim() : null;
  };
  const requestId = newId();
  const ctx: RequestContext = {
    requestId,
    correlationId: header('X-Correlation-Id') ?? requestId,
    language: parseLanguage(header('Language')),
    branchId: header('BranchId'),
    fiscalYear: parseFiscalYear(header('FiscalYear')),
    allowedBranches: allowedBranchesOf(principal),
    principal,
    idempotencyKey: header('Idempotency-Key'),
  };
  requireBranch(ctx, ctx.branchId);
  return ctx;
}

export function requirePrincipal(ctx: RequestContext): Principal {
  if (!ctx.principal) throw unauthorized();
  return ctx.principal;
}

/** The origin of events written while serving this request. */
export function originOf(ctx: RequestContext): EventOrigin {
  const p = requirePrincipal(ctx);
  return {
    tenantId: p.tenantId,
    branchId: ctx.branchId,
    correlationId: ctx.correlationId,
    causationId: null,
  };
}

export function hasPermission(p: Principal, name: string): boolean {
  return p.isAdmin || p.permissions.has(name);
}
