import type { Request } from 'express';
import { parseLanguage, type Language } from '@erp/i18n';
import { newId } from '../ids';
import type { EventOrigin } from '../messaging/outbox';
import { unauthorized } from '../errors';
import type { Principal } from './tokens';

/** Everything a use case may know about the request: the spec's headers plus the verified caller. */
export interface RequestContext {
  requestId: string;
  correlationId: string;
  language: Language;
  /** The spec's BranchId header (the branch picked in the shell), if any. */
  branchId: string | null;
  /** The spec's FiscalYear header; null for the all-years choice or when absent. */
  fiscalYear: number | null;
  principal: Principal | null;
  /** The Idempotency-Key header of a create: a retry with the same key gets the first result. */
  idempotencyKey: string | null;
}

export function contextFromRequest(req: Request, principal: Principal | null): RequestContext {
  const header = (name: string) => {
    const v = req.header(name);
    return v && v.trim() !== '' && v !== 'null' && v !== 'undefined' ? v.trim() : null;
  };
  const year = Number(header('FiscalYear'));
  const requestId = newId();
  return {
    requestId,
    correlationId: header('X-Correlation-Id') ?? requestId,
    language: parseLanguage(header('Language')),
    branchId: header('BranchId'),
    fiscalYear: Number.isInteger(year) && year > 1900 ? year : null,
    principal,
    idempotencyKey: header('Idempotency-Key'),
  };
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
