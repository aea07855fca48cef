import type { LoginProfile, Problem } from '@erp/contracts';
import {
  ApiError,
  isExpiredTokenProblem,
  isSubscriptionProblem,
  networkProblem,
  readProblem,
} from './problem';

/** What the client needs from the session on every call (spec section 7's headers). */
export interface SessionSnapshot {
  token: string | null;
  refreshToken: string | null;
  /** The stored language; the header falls back to 'en' (spec section 7). */
  language: string | null;
  branchId: string | null;
  /**
   * The chosen fiscal year: its year, 'all' for the all-years entry (sent as `FiscalYear: all`, which the server
   * allows only with viewAllFiscalYears), or null when none was chosen (the current year is sent).
   */
  fiscalYear: number | 'all' | null;
}

export interface SessionPort {
  snapshot(): SessionSnapshot;
  /** A refresh succeeded: store the new token and refresh token (and the profile's other fields). */
  refreshed(profile: LoginProfile): void;
}

export interface ApiClientOptions {
  session: SessionPort;
  /** '' for the same origin (embedded mode and the gateway in front of the distributed mode). */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** The retried call was refused again, or the refresh failed: spec section 8's 'expiredToken'. */
  onSessionExpired?: (problem: Problem) => void;
  /** The tenant has no active subscription: a dialog, the user stays signed in (spec section 8). */
  onSubscriptionProblem?: (problem: Problem) => void;
  /** Any other 401: sign out (spec section 8). */
  onUnauthorized?: (problem: Problem) => void;
  /**
   * Every other refused call (400, 409, 5xx, no answer), unless the call asked to be `quiet`: the shell shows the
   * spec's 2-second alert with the translated detail (section 8).
   */
  onError?: (error: ApiError) => void;
  /** Today's year, for the FiscalYear header when none is chosen; injectable for tests. */
  currentYear?: () => number;
}

export type Id = string | number;
export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** 'blob' for binary answers (the data-migration downloads). */
  responseType?: 'json' | 'blob' | 'text';
  /**
   * Leave 401s to the caller: no refresh, no callbacks. For the sign-in call itself, whose 401 is a wrong
   * password, not a lost session.
   */
  anonymous?: boolean;
  /** The caller shows the error itself (e.g. per-field errors in a form): no `onError`. */
  quiet?: boolean;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiClient {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  /** GET {path} or {path}/{id}; a list of ids becomes POST {path}/{a}/{b}/... (spec section 7). */
  get<T>(path: string, id?: Id | readonly Id[], options?: Omit<RequestOptions, 'body'>): Promise<T>;
  /** POST {path}: create. */
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  /** PUT {path}/{id} or {path}; a list of ids becomes POST {path}/{a}/{b}/... */
  put<T>(
    path: string,
    body: unknown,
    id?: Id | readonly Id[],
    options?: Omit<RequestOptions, 'body'>,
  ): Promise<T>;
  /** DELETE {path}/{id}; a list of ids becomes POST {path}/{a}/{b}/... */
  del<T>(path: string, id: Id | readonly Id[], options?: Omit<RequestOptions, 'body'>): Promise<T>;
}

export const REFRESH_PATH = '/api/Users/refresh';

/** 'Users/auth', '/Users/auth' and '/api/Users/auth' all name the same call. */
export function apiPath(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  const p = path.replace(/^\/+/, '');
  return p.toLowerCase().startsWith('api/') ? `/${p}` : `/api/${p}`;
}

function joinIds(path: string, ids: readonly Id[]): string {
  return [path.replace(/\/+$/, ''), ...ids.map((id) => encodeURIComponent(String(id)))].join('/');
}

function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/**
 * The typed fetch client the shell builds once and hands to every feature app. It sends the spec's headers from
 * the session, parses problem details into {@link ApiError}, renews an expired token once with the refresh token
 * (one refresh in flight at a time: refresh tokens are one-use) and reports the session outcomes of spec section 8.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const base = (options.baseUrl ?? '').replace(/\/+$/, '');
  const currentYear = options.currentYear ?? (() => new Date().getFullYear());
  let refreshing: { refreshToken: string; promise: Promise<boolean> } | null = null;

  function headersFor(snapshot: SessionSnapshot, extra: Record<string, string> | undefined, body: unknown) {
    const headers: Record<string, string> = { Accept: 'application/json, application/problem+json' };
    if (snapshot.token) headers.Authorization = `Bearer ${snapshot.token}`;
    headers.Language = snapshot.language || 'en';
    if (snapshot.branchId) headers.BranchId = snapshot.branchId;
    headers.FiscalYear = String(snapshot.fiscalYear ?? currentYear());
    if (body !== undefined && !(body instanceof FormData) && !(body instanceof Blob)) {
      headers['Content-Type'] = 'application/json';
    }
    return { ...headers, ...extra };
  }

  async function send(method: HttpMethod, url: string, o: RequestOptions, snapshot: SessionSnapshot) {
    const body =
      o.body === undefined
        ? undefined
        : o.body instanceof FormData || o.body instanceof Blob
          ? o.body
          : JSON.stringify(o.body);
    try {
      return await doFetch(url, {
        method,
        headers: headersFor(snapshot, o.headers, o.body),
        body,
        signal: o.signal,
      });
    } catch (error) {
      throw new ApiError(networkProblem(url, error));
    }
  }

  async function parse<T>(response: Response, o: RequestOptions): Promise<T> {
    if (response.status === 204) return undefined as T;
    if (o.responseType === 'blob') return (await response.blob()) as T;
    const text = await response.text();
    if (o.responseType === 'text') return text as T;
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** One refresh for everyone waiting on the same refresh token; true when a new token was stored. */
  function refresh(refreshToken: string): Promise<boolean> {
    if (refreshing?.refreshToken === refreshToken) return refreshing.promise;
    const promise = (async () => {
      const snapshot = options.session.snapshot();
      const response = await send(
        'POST',
        `${base}${REFRESH_PATH}`,
        { body: { refreshToken } },
        { ...snapshot, token: null },
      ).catch(() => null);
      if (!response?.ok) return false;
      options.session.refreshed((await response.json()) as LoginProfile);
      return true;
    })();
    refreshing = { refreshToken, promise };
    void promise.finally(() => {
      if (refreshing?.promise === promise) refreshing = null;
    });
    return promise;
  }

  /** Reports a session outcome once: a call that fails after the session was already closed stays quiet. */
  function report(sentWith: string | null, callback: ((p: Problem) => void) | undefined, problem: Problem) {
    const now = options.session.snapshot().token;
    if (sentWith !== null && now !== null && now !== sentWith) return; // a newer session exists
    if (sentWith !== null && now === null) return; // already signed out by another call
    callback?.(problem);
  }

  async function request<T>(method: HttpMethod, path: string, o: RequestOptions = {}): Promise<T> {
    try {
      return await attempt<T>(method, path, o);
    } catch (error) {
      const sessionOutcome = error instanceof ApiError && error.status === 401 && !o.anonymous;
      if (error instanceof ApiError && !o.quiet && !sessionOutcome && error.code !== 'aborted') {
        options.onError?.(error);
      }
      throw error;
    }
  }

  async function attempt<T>(method: HttpMethod, path: string, o: RequestOptions): Promise<T> {
    const url = `${base}${apiPath(path)}${queryString(o.query)}`;
    let snapshot = options.session.snapshot();
    let response = await send(method, url, o, snapshot);
    if (response.ok) return parse<T>(response, o);

    let problem = await readProblem(response, url);
    if (response.status !== 401 || o.anonymous) throw new ApiError(problem);
    if (isSubscriptionProblem(problem)) {
      options.onSubscriptionProblem?.(problem);
      throw new ApiError(problem);
    }
    if (!isExpiredTokenProblem(problem) || !snapshot.token) {
      report(snapshot.token, options.onUnauthorized, problem);
      throw new ApiError(problem);
    }

    // The access token expired: renew once (unless another call already did) and retry once.
    const latest = options.session.snapshot();
    const renewed =
      latest.token !== null && latest.token !== snapshot.token
        ? true
        : latest.refreshToken
          ? await refresh(latest.refreshToken)
          : false;
    if (!renewed) {
      report(snapshot.token, options.onSessionExpired, problem);
      throw new ApiError(problem);
    }
    snapshot = options.session.snapshot();
    response = await send(method, url, o, snapshot);
    if (response.ok) return parse<T>(response, o);
    problem = await readProblem(response, url);
    if (response.status === 401) {
      if (isSubscriptionProblem(problem)) options.onSubscriptionProblem?.(problem);
      else report(snapshot.token, options.onSessionExpired, { ...problem, code: 'expiredToken' });
    }
    throw new ApiError(problem);
  }

  const viaIds = <T>(path: string, ids: readonly Id[], body: unknown, o: RequestOptions = {}) =>
    request<T>('POST', joinIds(path, ids), { ...o, body });

  return {
    request,
    get: (path, id, o) =>
      Array.isArray(id)
        ? viaIds(path, id, undefined, o)
        : request('GET', id === undefined ? path : joinIds(path, [id as Id]), o),
    post: (path, body, o) => request('POST', path, { ...o, body }),
    put: (path, body, id, o) =>
      Array.isArray(id)
        ? viaIds(path, id, body, o)
        : request('PUT', id === undefined ? path : joinIds(path, [id as Id]), { ...o, body }),
    del: (path, id, o) =>
      Array.isArray(id) ? viaIds(path, id, undefined, o) : request('DELETE', joinIds(path, [id as Id]), o),
  };
}
