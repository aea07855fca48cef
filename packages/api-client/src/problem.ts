import type { FieldError, Problem } from '@erp/contracts';

/** The spec's two subscription 401s (section 8), by stable code and by their English detail. */
export const SUBSCRIPTION_CODES = ['tenantNoActiveSubscription', 'tenantSubscriptionExpired'] as const;
export const SUBSCRIPTION_DETAILS = [
  'Tenant does not has active subscription',
  'Tenant subscription expired',
] as const;

/**
 * A refused call: the parsed RFC 9457 problem details. A body that is not problem JSON (a proxy's HTML, a network
 * failure) still yields a problem with a stable code, so callers branch on `code`, never on text.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem;

  constructor(problem: Problem) {
    super(problem.detail || problem.title);
    this.name = 'ApiError';
    this.status = problem.status;
    this.problem = problem;
  }

  get code(): string {
    return this.problem.code;
  }

  get detail(): string {
    return this.problem.detail;
  }

  get errors(): FieldError[] {
    return this.problem.errors ?? [];
  }

  /** The translated message of one field, for forms. */
  fieldError(field: string): string | undefined {
    return this.errors.find((e) => e.field === field)?.message;
  }
}

/**
 * Recognised by shape, not `instanceof`: a feature app may bundle its own copy of this package, and the shell's
 * client then throws an `ApiError` of another class, whose field errors must still reach the app's forms.
 */
export function isApiError(error: unknown): error is ApiError {
  if (error instanceof ApiError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { name?: unknown; status?: unknown; problem?: unknown };
  const problem = e.problem as { code?: unknown; status?: unknown } | null | undefined;
  return (
    e.name === 'ApiError' &&
    typeof e.status === 'number' &&
    typeof problem === 'object' &&
    problem !== null &&
    typeof problem.code === 'string' &&
    typeof (error as { fieldError?: unknown }).fieldError === 'function'
  );
}

const asString = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Reads a response body as problem details, whatever the server sent. */
export async function readProblem(response: Response, url: string): Promise<Problem> {
  let body: unknown = undefined;
  const text = await response.text().catch(() => '');
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const errors = Array.isArray(b.errors)
    ? b.errors
        .filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null)
        .map((e) => ({
          field: asString(e.field) ?? '',
          code: asString(e.code) ?? '',
          message: asString(e.message) ?? '',
        }))
    : undefined;
  return {
    type: asString(b.type) ?? 'about:blank',
    title: asString(b.title) ?? response.statusText ?? '',
    status: typeof b.status === 'number' ? b.status : response.status,
    detail: asString(b.detail) ?? '',
    code: asString(b.code) ?? `http${response.status}`,
    instance: asString(b.instance) ?? url,
    ...(errors && errors.length ? { errors } : {}),
  };
}

/** The problem of a call that got no answer at all (offline, DNS, CORS, aborted). */
export function networkProblem(url: string, error: unknown): Problem {
  const aborted = (error as { name?: string })?.name === 'AbortError';
  return {
    type: 'about:blank',
    title: aborted ? 'Aborted' : 'Network error',
    status: 0,
    detail: '',
    code: aborted ? 'aborted' : 'networkError',
    instance: url,
  };
}

export function isSubscriptionProblem(problem: Problem): boolean {
  return (
    problem.status === 401 &&
    ((SUBSCRIPTION_CODES as readonly string[]).includes(problem.code) ||
      (SUBSCRIPTION_DETAILS as readonly string[]).includes(problem.detail))
  );
}

export function isExpiredTokenProblem(problem: Problem): boolean {
  return problem.status === 401 && problem.code === 'expiredToken';
}
