import type { TokenService } from './tokens';
import { requirePrincipal, type RequestContext } from './context';
import { AppError } from '../errors';

/**
 * A service asking another one synchronously, through the gateway's API (design.md section 2: where a policy
 * must hold at save time, no negative stock). The call is made as the caller's user (a token signed for the same
 * principal), in the caller's branch and language; the gateway routes and checks it like any other. Anything but
 * an answer (the gateway or the other service down, a timeout) is 503, and the caller's save is refused: a rule
 * that cannot be checked does not pass.
 */
export interface InternalApi {
  post<T>(ctx: RequestContext, path: string, body: unknown): Promise<T>;
}

export function createInternalApi(
  tokens: TokenService,
  gatewayUrl: () => string | undefined,
  timeoutMs = 10_000,
): InternalApi {
  return {
    async post<T>(ctx: RequestContext, path: string, body: unknown): Promise<T> {
      const base = gatewayUrl();
      if (!base) throw new AppError(503, 'serviceUnavailable');
      const headers: Record<string, string> = {
        Authorization: `Bearer ${tokens.sign(requirePrincipal(ctx)).token}`,
        'Content-Type': 'application/json',
        Language: ctx.language,
        'X-Correlation-Id': ctx.correlationId,
      };
      if (ctx.branchId) headers.BranchId = ctx.branchId;
      let res: Response;
      try {
        res = await fetch(`${base}${path}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        throw new AppError(503, 'serviceUnavailable');
      }
      if (!res.ok) throw new AppError(503, 'serviceUnavailable');
      return (await res.json()) as T;
    },
  };
}
