import type { LoginProfile } from '@erp/contracts';
import { ApiError, createApiClient, isApiError, type SessionSnapshot } from './index';

type Call = { url: string; method: string; headers: Record<string, string>; body?: string };

function problem(status: number, code: string, detail = code, extra: Record<string, unknown> = {}) {
  return new Response(
    JSON.stringify({ type: `urn:erp:problem:${code}`, title: 'x', status, detail, code, ...extra }),
    {
      status,
      headers: { 'content-type': 'application/problem+json' },
    },
  );
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(initial: Partial<SessionSnapshot> = {}, answers: ((call: Call) => Response)[] = []) {
  const session: SessionSnapshot = {
    token: 'access-1',
    refreshToken: 'refresh-1',
    language: 'ar',
    branchId: 'branch-1',
    fiscalYear: 2025,
    ...initial,
  };
  const calls: Call[] = [];
  const queue = [...answers];
  const fetchMock = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const call: Call = {
      url: String(url),
      method: init?.method ?? 'GET',
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: init?.body as string | undefined,
    };
    calls.push(call);
    const next = queue.shift();
    if (!next) throw new Error(`unexpected call ${call.method} ${call.url}`);
    return next(call);
  });
  const events = { expired: jest.fn(), subscription: jest.fn(), unauthorized: jest.fn(), error: jest.fn() };
  const client = createApiClient({
    fetch: fetchMock as unknown as typeof fetch,
    currentYear: () => 2026,
    session: {
      snapshot: () => ({ ...session }),
      refreshed: (profile: LoginProfile) => {
        session.token = profile.token;
        session.refreshToken = profile.refreshToken;
      },
    },
    onSessionExpired: (p) => {
      events.expired(p.code);
      session.token = null;
    },
    onSubscriptionProblem: (p) => events.subscription(p.code),
    onError: (e) => events.error(e.status, e.code),
    onUnauthorized: (p) => {
      events.unauthorized(p.code);
      session.token = null;
    },
  });
  return { client, calls, events, session };
}

const profile = (token: string, refreshToken: string) => ({ token, refreshToken }) as LoginProfile;

describe('api client: headers and paths (spec section 7)', () => {
  it('sends the session headers on every call', async () => {
    const { client, calls } = setup({}, [() => json([{ year: 2025 }])]);
    await expect(client.get('FiscalYears')).resolves.toEqual([{ year: 2025 }]);
    expect(calls[0]!.url).toBe('/api/FiscalYears');
    expect(calls[0]!.headers).toMatchObject({
      Authorization: 'Bearer access-1',
      Language: 'ar',
      BranchId: 'branch-1',
      FiscalYear: '2025',
    });
  });

  it('falls back to en and the current year, and sends FiscalYear: all for all years', async () => {
    const first = setup({ token: null, language: null, branchId: null, fiscalYear: null }, [() => json({})]);
    await first.client.get('/api/aggregates/StartUp');
    expect(first.calls[0]!.headers).toEqual(expect.objectContaining({ Language: 'en', FiscalYear: '2026' }));
    expect(first.calls[0]!.headers.Authorization).toBeUndefined();
    expect(first.calls[0]!.headers.BranchId).toBeUndefined();

    const all = setup({ fiscalYear: 'all' }, [() => json({})]);
    await all.client.get('Vouchers');
    expect(all.calls[0]!.headers.FiscalYear).toBe('all');
  });

  it('maps the generic helpers, a list of ids becoming a POST', async () => {
    const ok = () => json({ ok: true });
    const { client, calls } = setup({}, [ok, ok, ok, ok, ok, ok, ok, ok]);
    await client.get('Items', 'a b');
    await client.get('Items', ['x', 2]);
    await client.post('Items', { arabicName: 'صنف' });
    await client.put('Items', { arabicName: 'صنف' }, 'id1');
    await client.put('Company', { arabicName: 'شركة' });
    await client.put('Items', { v: 1 }, ['p', 'q']);
    await client.del('Items', 'id1');
    await client.del('Items', ['id1', 'id2']);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/Items/a%20b',
      'POST /api/Items/x/2',
      'POST /api/Items',
      'PUT /api/Items/id1',
      'PUT /api/Company',
      'POST /api/Items/p/q',
      'DELETE /api/Items/id1',
      'POST /api/Items/id1/id2',
    ]);
    expect(calls[2]!.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(calls[2]!.body!)).toEqual({ arabicName: 'صنف' });
  });

  it('drops empty query values', async () => {
    const { client, calls } = setup({}, [() => json({ items: [] })]);
    await client.get('Users', undefined, { query: { page: 1, pageSize: 15, search: '' } });
    expect(calls[0]!.url).toBe('/api/Users?page=1&pageSize=15');
  });
});

describe('api client: problem details (spec section 8)', () => {
  it('parses detail, code and per-field errors of a 400', async () => {
    const { client, events } = setup({}, [
      () =>
        problem(400, 'validationFailed', 'بعض الحقول غير صالحة', {
          errors: [{ field: 'code', code: 'validation.required', message: 'هذا الحقل مطلوب' }],
        }),
    ]);
    const error = (await client.post('Items', {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('validationFailed');
    expect(error.detail).toBe('بعض الحقول غير صالحة');
    expect(error.fieldError('code')).toBe('هذا الحقل مطلوب');
    expect(events.unauthorized).not.toHaveBeenCalled();
  });

  it('recognises an error of another copy of the package by its shape', () => {
    // what a feature app bundling its own @erp/api-client receives from the shell's client
    const copy = new Function(
      'problem',
      `class ApiError extends Error {
        constructor(p) { super(p.detail); this.name = 'ApiError'; this.status = p.status; this.problem = p; }
        fieldError(f) { return (this.problem.errors || []).find((e) => e.field === f)?.message; }
      }
      return new ApiError(problem);`,
    ) as (p: unknown) => unknown;
    const error = copy({
      type: 'about:blank',
      title: 'x',
      status: 400,
      detail: 'd',
      code: 'validationFailed',
      instance: '/api/Items',
      errors: [{ field: 'code', code: 'validation.required', message: 'هذا الحقل مطلوب' }],
    });
    expect(error).not.toBeInstanceOf(ApiError);
    expect(isApiError(error)).toBe(true);
    if (isApiError(error)) expect(error.fieldError('code')).toBe('هذا الحقل مطلوب');
    expect(isApiError(new Error('plain'))).toBe(false);
    expect(isApiError({ name: 'ApiError', status: 400 })).toBe(false);
    expect(isApiError(null)).toBe(false);
  });

  it('passes a 409 through with its translated detail and reports it for the alert', async () => {
    const { client, events } = setup({}, [() => problem(409, 'codeAlreadyUsed', 'هذا الرمز مستخدم')]);
    await expect(client.post('Items', {})).rejects.toMatchObject({ status: 409, code: 'codeAlreadyUsed' });
    expect(events.error).toHaveBeenCalledWith(409, 'codeAlreadyUsed');
  });

  it('leaves a quiet call to its caller', async () => {
    const { client, events } = setup({}, [() => problem(400, 'validationFailed')]);
    await expect(client.post('Items', {}, { quiet: true })).rejects.toMatchObject({ status: 400 });
    expect(events.error).not.toHaveBeenCalled();
  });

  it('gives a stable code to a body that is not problem JSON, and to a network failure', async () => {
    const html = setup({}, [() => new Response('<html>bad gateway</html>', { status: 502 })]);
    await expect(html.client.get('Items')).rejects.toMatchObject({ status: 502, code: 'http502' });
    const offline = setup({}, [
      () => {
        throw new TypeError('fetch failed');
      },
    ]);
    await expect(offline.client.get('Items')).rejects.toMatchObject({ status: 0, code: 'networkError' });
  });
});

describe('api client: 401s (spec section 8)', () => {
  it('renews an expired token once and retries the call', async () => {
    const { client, calls, events, session } = setup({}, [
      () => problem(401, 'expiredToken'),
      () => json(profile('access-2', 'refresh-2')),
      () => json({ ok: true }),
    ]);
    await expect(client.get('FavoriteRoutes')).resolves.toEqual({ ok: true });
    expect(calls[1]!.url).toBe('/api/Users/refresh');
    expect(JSON.parse(calls[1]!.body!)).toEqual({ refreshToken: 'refresh-1' });
    expect(calls[1]!.headers.Authorization).toBeUndefined();
    expect(calls[2]!.headers.Authorization).toBe('Bearer access-2');
    expect(session.refreshToken).toBe('refresh-2');
    expect(events.expired).not.toHaveBeenCalled();
  });

  it('reports expiredToken when the retried call is refused again', async () => {
    const { client, events } = setup({}, [
      () => problem(401, 'expiredToken'),
      () => json(profile('access-2', 'refresh-2')),
      () => problem(401, 'unauthenticated'),
    ]);
    await expect(client.get('FavoriteRoutes')).rejects.toBeInstanceOf(ApiError);
    expect(events.expired).toHaveBeenCalledWith('expiredToken');
    expect(events.unauthorized).not.toHaveBeenCalled();
  });

  it('reports expiredToken when the refresh itself is refused', async () => {
    const { client, calls, events } = setup({}, [
      () => problem(401, 'expiredToken'),
      () => problem(401, 'expiredToken'),
    ]);
    await expect(client.get('FavoriteRoutes')).rejects.toMatchObject({ code: 'expiredToken' });
    expect(calls).toHaveLength(2);
    expect(events.expired).toHaveBeenCalledTimes(1);
  });

  it('shares one refresh between calls that expire together', async () => {
    const { client, calls, events } = setup({}, [
      () => problem(401, 'expiredToken'),
      () => problem(401, 'expiredToken'),
      () => json(profile('access-2', 'refresh-2')),
      () => json({ n: 1 }),
      () => json({ n: 2 }),
    ]);
    const results = await Promise.all([client.get('A'), client.get('B')]);
    expect(results).toEqual([{ n: 1 }, { n: 2 }]);
    expect(calls.filter((c) => c.url.endsWith('/Users/refresh'))).toHaveLength(1);
    expect(events.expired).not.toHaveBeenCalled();
  });

  it('reports the session lost once when several calls fail together', async () => {
    const { client, events } = setup({}, [
      () => problem(401, 'expiredToken'),
      () => problem(401, 'expiredToken'),
      () => problem(401, 'expiredToken'),
    ]);
    await Promise.allSettled([client.get('A'), client.get('B')]);
    expect(events.expired).toHaveBeenCalledTimes(1);
  });

  it('shows the subscription problem without signing out, by code or by English detail', async () => {
    const { client, events, session } = setup({}, [
      () => problem(401, 'tenantSubscriptionExpired', 'انتهى اشتراك المنشأة'),
      () =>
        problem(401, 'something', 'Tenant does not has active subscription', {
          code: 'tenantNoActiveSubscription',
        }),
    ]);
    await expect(client.get('Items')).rejects.toMatchObject({ status: 401 });
    await expect(client.get('Items')).rejects.toMatchObject({ status: 401 });
    expect(events.subscription.mock.calls).toEqual([
      ['tenantSubscriptionExpired'],
      ['tenantNoActiveSubscription'],
    ]);
    expect(events.unauthorized).not.toHaveBeenCalled();
    expect(session.token).toBe('access-1');
  });

  it('signs out on any other 401', async () => {
    const { client, calls, events } = setup({}, [() => problem(401, 'unauthenticated')]);
    await expect(client.get('Items')).rejects.toMatchObject({ code: 'unauthenticated' });
    expect(calls).toHaveLength(1);
    expect(events.unauthorized).toHaveBeenCalledWith('unauthenticated');
    expect(events.error).not.toHaveBeenCalled();
  });

  it('leaves the sign-in 401 to the caller', async () => {
    const { client, events } = setup({ token: null }, [() => problem(401, 'wrongUserNameOrPassword')]);
    await expect(
      client.post('Users/auth', { userName: 'admin', password: 'x' }, { anonymous: true }),
    ).rejects.toMatchObject({ code: 'wrongUserNameOrPassword' });
    expect(events.unauthorized).not.toHaveBeenCalled();
  });
});
