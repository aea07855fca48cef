import { allPermissions, allRoutes, type RouteSpec } from '@erp/contracts';
import { newId } from '@erp/service-kit';
import { engines } from '../support/databases';
import {
  ADMIN_PASSWORD,
  PROVIDER_KEY,
  bearer,
  login,
  startTestApp,
  type TestApp,
} from '../support/embedded-app';
import { userWith, type Session } from './helpers';

/**
 * Every route of the contracts, present and future, proves its guards (issue 9): no token → 401; a user lacking
 * the route's permission → 403; a user limited to another branch → 403; a malformed body → 400 with field errors;
 * another tenant's token with this tenant's ids → 404 and no data; never a 500. A new route is checked the day it
 * is declared, with no test to write.
 */
type Call = { route: RouteSpec; case: string; status: number; body: unknown };

const year = new Date().getFullYear();
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const nameOf = (r: RouteSpec) => `${r.method.toUpperCase()} ${r.path}`;
const isProblem = (body: unknown) =>
  typeof body === 'object' && body !== null && typeof (body as { type?: unknown }).type === 'string';

describe.each(engines())('the guards of every route on %s', (engine) => {
  let app: TestApp;
  let admin: Session;
  let tenantB: Session;
  let powerless: Session;
  let elsewhere: Session;
  let otherBranch = '';
  /** An existing record id of tenant A per collection path, found through its list route. */
  const idsByCollection = new Map<string, string>();
  const calls: Call[] = [];

  function pathWith(route: RouteSpec, id: string): string {
    return route.path.replace(':id', encodeURIComponent(id)).replace(/:[A-Za-z]+/g, () => newId());
  }

  async function call(
    route: RouteSpec,
    label: string,
    headers: Record<string, string>,
    options: { id?: string; body?: unknown } = {},
  ): Promise<Call> {
    const path = pathWith(route, options.id ?? newId());
    let req = app.api[route.method](path).set({ FiscalYear: String(year), ...headers });
    if (options.body !== undefined) req = req.send(options.body as object);
    else if (route.method === 'post' || route.method === 'put') req = req.send({});
    const res = await req;
    const entry = { route, case: label, status: res.status, body: res.body };
    calls.push(entry);
    return entry;
  }

  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await login(app, 'admin', ADMIN_PASSWORD);
    await app.flush();
    const as = { ...bearer(admin.token), BranchId: admin.defaultBranchId, FiscalYear: String(year) };
    // a few records of every kind, so that tenant B has real ids of tenant A to try
    const post = async (path: string, body: Record<string, unknown>) =>
      (await app.api.post(path).set(as).send(body)).body?.id as string | undefined;
    const unit = await post('/api/Units', { arabicName: 'حبة' });
    const store = await post('/api/Stores', { arabicName: 'مخزن', branchId: admin.defaultBranchId });
    const category = await post('/api/ItemCategories', { arabicName: 'فئة' });
    const item = await post('/api/Items', {
      arabicName: 'صنف',
      barcode: '6281000004446',
      categoryId: category,
      mainUnitId: unit,
      salesPrice: '8',
      costPrice: '5',
    });
    await post('/api/Banks', { arabicName: 'بنك' });
    await post('/api/Safes', { arabicName: 'خزينة', branchId: admin.defaultBranchId });
    await post('/api/Customers', { arabicName: 'عميل' });
    await post('/api/OverflowAdjustments', {
      date: `${year}-01-02`,
      storeId: store,
      lines: [{ itemId: item, unitId: unit, quantity: '3', unitCost: '2' }],
    });
    await post('/api/SupportTicket', {
      title: 't',
      phone: '0551234567',
      email: 'a@example.com',
      message: 'm',
    });
    const branch = await app.api.post('/api/Branches').set(as).send({ code: '9', arabicName: 'فرع آخر' });
    otherBranch = branch.body.id;
    await app.flush();
    for (const route of allRoutes) {
      if (route.method !== 'get' || route.path.includes(':')) continue;
      const res = await app.api.get(route.path).query({ pageSize: 15 }).set(as);
      const items = (res.body as { items?: { id?: string }[] })?.items;
      const first = Array.isArray(items) ? items.find((x) => typeof x?.id === 'string') : undefined;
      if (first?.id) idsByCollection.set(route.path.toLowerCase(), first.id);
    }
    idsByCollection.set('/api/users', admin.userId);
    const provisioned = await app.api.post('/api/provider/tenants').set('X-Provider-Key', PROVIDER_KEY).send({
      name: 'Tenant B',
      adminUserName: 'guard_b_admin',
      adminPassword: 'B-adm1n!Pass',
      subscriptionStart: '2020-01-01',
      subscriptionEnd: '2099-12-31',
    });
    expect(provisioned.status).toBe(201);
    tenantB = await login(app, 'guard_b_admin', 'B-adm1n!Pass');
    powerless = await userWith(app, admin, 'guard_powerless', { permissions: [] });
    elsewhere = await userWith(app, admin, 'guard_elsewhere', {
      permissions: allPermissions.filter((p) => p !== 'viewAllFiscalYears'),
    });
  });

  afterAll(async () => {
    const routes = new Set(calls.map((c) => nameOf(c.route))).size;
    process.stdout.write(`route guards (${engine}): ${routes} routes, ${calls.length} cases\n`);
    await app?.stop();
  });

  const guarded = allRoutes.filter((r) => r.access.kind !== 'public');

  it('answers 401 without a token (or without the provider key)', async () => {
    for (const route of guarded) {
      const c = await call(route, 'no token', {});
      expect([nameOf(route), c.status]).toEqual([nameOf(route), 401]);
      expect(isProblem(c.body)).toBe(true);
    }
  });

  it("answers 403 to a user lacking the route's permission", async () => {
    for (const route of allRoutes.filter(
      (r) => r.access.kind === 'permission' || r.access.kind === 'admin',
    )) {
      const c = await call(route, 'no permission', {
        ...bearer(powerless.token),
        BranchId: admin.defaultBranchId,
      });
      expect([nameOf(route), c.status]).toEqual([nameOf(route), 403]);
    }
  });

  it('answers 403 to a user limited to another branch', async () => {
    for (const route of allRoutes.filter(
      (r) => r.access.kind === 'permission' || r.access.kind === 'authenticated',
    )) {
      const c = await call(route, 'other branch', { ...bearer(elsewhere.token), BranchId: otherBranch });
      expect([nameOf(route), c.status, (c.body as { code?: string }).code]).toEqual([
        nameOf(route),
        403,
        'branchNotAllowed',
      ]);
    }
  });

  it('answers a malformed body with 400 and field errors', async () => {
    for (const route of guarded.filter((r) => r.body && r.access.kind !== 'provider')) {
      const c = await call(
        route,
        'malformed body',
        { ...bearer(admin.token), BranchId: admin.defaultBranchId },
        { id: idsByCollection.get(route.path.replace(/\/:id.*$/, '').toLowerCase()), body: [42] },
      );
      expect([nameOf(route), c.status]).toEqual([nameOf(route), 400]);
      expect((c.body as { errors?: unknown[] }).errors?.length).toBeGreaterThan(0);
    }
  });

  it("answers another tenant's ids with 404 and no data", async () => {
    let tried = 0;
    for (const route of allRoutes.filter((r) => r.path.includes(':id') && r.access.kind !== 'public')) {
      const collection = route.path.slice(0, route.path.indexOf('/:id')).toLowerCase();
      const id = idsByCollection.get(collection);
      if (!id) continue;
      tried++;
      const asA = { ...bearer(admin.token), BranchId: admin.defaultBranchId };
      // a body the route accepts, so that only the id can decide: the record itself, or a real 1×1 PNG
      const body =
        route.method === 'put'
          ? (await app.api.get(pathWith(route, id)).set({ ...asA, FiscalYear: String(year) })).body
          : route.path.endsWith('/attachments')
            ? { fileName: 'a.png', contentType: 'image/png', base64: ONE_PIXEL_PNG }
            : undefined;
      const c = await call(
        route,
        'other tenant',
        { ...bearer(tenantB.token), BranchId: tenantB.defaultBranchId },
        {
          id,
          body,
        },
      );
      expect([nameOf(route), c.status]).toEqual([nameOf(route), 404]);
      expect(isProblem(c.body)).toBe(true);
    }
    // the lists of tenant B show none of tenant A's records
    for (const route of allRoutes.filter((r) => r.method === 'get' && !r.path.includes(':'))) {
      if (route.access.kind === 'public' || route.access.kind === 'provider') continue;
      const c = await call(route, 'other tenant list', {
        ...bearer(tenantB.token),
        BranchId: tenantB.defaultBranchId,
      });
      const text = JSON.stringify(c.body);
      for (const id of idsByCollection.values())
        expect([nameOf(route), text.includes(id)]).toEqual([nameOf(route), false]);
    }
    expect(tried).toBeGreaterThan(20);
  });

  it('never answers 500', () => {
    const failures = calls
      .filter((c) => c.status >= 500)
      .map((c) => `${c.case}: ${nameOf(c.route)} ${c.status}`);
    expect(failures).toEqual([]);
  });
});
