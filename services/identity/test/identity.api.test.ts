import { engines } from '../../../tests/support/databases';
import {
  ADMIN_PASSWORD,
  PROVIDER_KEY,
  bearer,
  login,
  startTestApp,
  type TestApp,
} from '../../../tests/support/embedded-app';

const strongPassword = 'Str0ng!Pass';

describe.each(engines())('identity through the gateway on %s', (engine) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof login>>;

  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await login(app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => app?.stop());

  const asAdmin = () => bearer(admin.token);

  async function createUser(body: Record<string, unknown>) {
    return app.api
      .post('/api/Users')
      .set(asAdmin())
      .send({
        fullName: 'Test User',
        password: strongPassword,
        confirmPassword: strongPassword,
        branches: [admin.defaultBranchId],
        ...body,
      });
  }

  describe('sign-in', () => {
    it('returns the spec login profile for the demo admin', async () => {
      const res = await app.api.post('/api/Users/auth').send({ userName: 'admin', password: ADMIN_PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        userName: 'admin',
        isAdmin: true,
        isNewTenant: true,
        isInvoicePlan: true,
      });
      for (const field of [
        'token',
        'userId',
        'phone',
        'email',
        'permissions',
        'branches',
        'defaultBranchId',
      ]) {
        expect(res.body).toHaveProperty(field);
      }
    });

    it('refuses a wrong password with the translated spec text', async () => {
      const res = await app.api
        .post('/api/Users/auth')
        .set('Language', 'ar')
        .send({ userName: 'admin', password: 'nope' });
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.body).toMatchObject({ status: 401, code: 'wrongUserNameOrPassword', title: 'Unauthorized' });
      expect(res.body.detail).toMatch(/[\u0600-\u06FF]/);
      const en = await app.api.post('/api/Users/auth').send({ userName: 'ghost', password: 'nope' });
      expect(en.body.detail).toBe('Wrong user name or password');
    });

    it('answers malformed and incomplete bodies with 400 and per-field errors', async () => {
      const malformed = await app.api
        .post('/api/Users/auth')
        .set('content-type', 'application/json')
        .send('{"userName":');
      expect(malformed.status).toBe(400);
      expect(malformed.body.code).toBe('malformedBody');
      const missing = await app.api
        .post('/api/Users/auth')
        .set('Language', 'fr')
        .send({ userName: 'bad name!' });
      expect(missing.status).toBe(400);
      const fields = Object.fromEntries(
        missing.body.errors.map((e: { field: string; code: string }) => [e.field, e.code]),
      );
      expect(fields).toEqual({ userName: 'validation.userName', password: 'validation.required' });
    });

    it('opens StartUp with the token and refuses without one', async () => {
      const res = await app.api.get('/api/aggregates/StartUp').set(asAdmin());
      expect(res.status).toBe(200);
      expect(res.body.branches).toHaveLength(2);
      expect(res.body.branches.find((b: { isMaster: boolean }) => b.isMaster).code).toBe('0');
      expect(res.body.currentCompany).toMatchObject({ country: 'SA', taxPercentage: '15.00' });
      expect((await app.api.get('/api/aggregates/StartUp')).status).toBe(401);
      expect((await app.api.get('/api/aggregates/StartUp').set(bearer('garbage'))).status).toBe(401);
    });

    it('refreshes a token once; a replayed refresh token ends its whole family and the access tokens', async () => {
      const session = await login(app, 'admin', ADMIN_PASSWORD);
      const first = await app.api.post('/api/Users/refresh').send({ refreshToken: session.refreshToken });
      expect(first.status).toBe(200);
      expect((await app.api.get('/api/FiscalYears').set(bearer(first.body.token))).status).toBe(200);
      const replay = await app.api.post('/api/Users/refresh').send({ refreshToken: session.refreshToken });
      expect(replay.status).toBe(401);
      expect(replay.body.code).toBe('expiredToken');
      await app.flush();
      // the thief's or the victim's next refresh of the same family fails too, and no access token survives
      const next = await app.api.post('/api/Users/refresh').send({ refreshToken: first.body.refreshToken });
      expect(next.status).toBe(401);
      expect((await app.api.get('/api/FiscalYears').set(bearer(first.body.token))).status).toBe(401);
      expect((await app.api.get('/api/FiscalYears').set(asAdmin())).status).toBe(401);
      admin = await login(app, 'admin', ADMIN_PASSWORD);
      expect((await app.api.get('/api/FiscalYears').set(asAdmin())).status).toBe(200);
    });

    it('answers unknown API paths with 404 problem details', async () => {
      const res = await app.api.get('/api/NoSuchThing').set(asAdmin());
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('routeNotFound');
    });
  });

  describe('users', () => {
    it('creates, lists, searches, changes and deletes a user, and refuses duplicates', async () => {
      const created = await createUser({
        userName: 'cashier1',
        phone: '0551234567',
        permissions: ['viewItems'],
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        userName: 'cashier1',
        phone: '0551234567',
        permissions: ['viewItems'],
        maxAllowedDiscount: '0.00',
      });
      expect(created.body).not.toHaveProperty('passwordHash');

      const dupName = await createUser({ userName: 'CASHIER1' });
      expect(dupName.status).toBe(409);
      expect(dupName.body.code).toBe('userNameAlreadyUsed');
      const dupPhone = await createUser({ userName: 'cashier2', phone: '0551234567' });
      expect(dupPhone.status).toBe(409);
      expect(dupPhone.body.code).toBe('mobileAlreadyUsed');

      const list = await app.api.get('/api/Users').query({ search: 'cashier', pageSize: 15 }).set(asAdmin());
      expect(list.status).toBe(200);
      expect(list.body.total).toBe(1);
      const wildcard = await app.api.get('/api/Users').query({ search: '%_' }).set(asAdmin());
      expect(wildcard.body.total).toBe(0);
      expect((await app.api.get('/api/Users').query({ pageSize: 7 }).set(asAdmin())).status).toBe(400);

      const id = created.body.id as string;
      const changed = await app.api
        .put(`/api/Users/${id}`)
        .set(asAdmin())
        .send({ ...created.body, fullName: 'Cashier One', maxAllowedDiscount: '12.5' });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ fullName: 'Cashier One', maxAllowedDiscount: '12.50' });

      expect((await app.api.delete(`/api/Users/${id}`).set(asAdmin())).status).toBe(200);
      expect((await app.api.get(`/api/Users/${id}`).set(asAdmin())).status).toBe(404);
    });

    it('applies the spec password, userName, branch and discount rules', async () => {
      const res = await createUser({
        userName: 'weak_user',
        password: 'weak_user1',
        confirmPassword: 'other',
        branches: [],
        maxAllowedDiscount: '101',
      });
      expect(res.status).toBe(400);
      const codes = res.body.errors.map((e: { field: string; code: string }) => `${e.field}:${e.code}`);
      expect(codes).toEqual(
        expect.arrayContaining([
          'password:validation.passwordStrength',
          'password:validation.passwordContainsUserName',
          'confirmPassword:validation.confirmed',
          'branches:validation.branchRequired',
          'maxAllowedDiscount:validation.maxDiscount',
        ]),
      );
      const badPhone = await createUser({ userName: 'phone_user', phone: '12345' });
      expect(badPhone.status).toBe(400);
      expect(badPhone.body.errors[0]).toMatchObject({ field: 'phone', code: 'validation.phone' });
    });

    it('guards routes by permission: no viewUsers is 403, with it 200; admins bypass', async () => {
      await createUser({ userName: 'clerk', permissions: ['viewItems'] });
      await createUser({ userName: 'manager', permissions: ['viewUsers'] });
      const clerk = await login(app, 'clerk', strongPassword);
      const manager = await login(app, 'manager', strongPassword);
      const denied = await app.api.get('/api/Users').set(bearer(clerk.token)).set('Language', 'de');
      expect(denied.status).toBe(403);
      expect(denied.body.code).toBe('forbidden');
      expect((await app.api.get('/api/Users').set(bearer(manager.token))).status).toBe(200);
      expect((await app.api.post('/api/Users').set(bearer(manager.token)).send({})).status).toBe(403);
      expect((await app.api.get('/api/Users').set(asAdmin())).status).toBe(200);
      expect((await app.api.get('/api/admin/identity/dead-letters').set(bearer(manager.token))).status).toBe(
        403,
      );
      expect((await app.api.get('/api/admin/identity/dead-letters').set(asAdmin())).body).toEqual([]);
    });

    it('keeps the last admin and the caller', async () => {
      const self = await app.api.delete(`/api/Users/${admin.userId}`).set(asAdmin());
      expect(self.status).toBe(409);
      expect(self.body.code).toBe('cannotDeleteYourself');
    });

    it('changes the own password with the spec rules', async () => {
      await createUser({ userName: 'pw_user' });
      const s = await login(app, 'pw_user', strongPassword);
      const wrong = await app.api
        .post('/api/Users/change-password')
        .set(bearer(s.token))
        .send({ oldPassword: 'x', newPassword: 'N3w!Password', confirmPassword: 'N3w!Password' });
      expect(wrong.status).toBe(400);
      const ok = await app.api
        .post('/api/Users/change-password')
        .set(bearer(s.token))
        .send({ oldPassword: strongPassword, newPassword: 'N3w!Password', confirmPassword: 'N3w!Password' });
      expect(ok.status).toBe(200);
      await login(app, 'pw_user', 'N3w!Password');
    });
  });

  describe('tenant isolation', () => {
    it("never lets tenant B read or change tenant A's user by id (404)", async () => {
      const target = await createUser({ userName: 'a_user' });
      const provision = await app.api.post('/api/provider/tenants').set('X-Provider-Key', PROVIDER_KEY).send({
        name: 'Tenant B',
        adminUserName: 'b_admin',
        adminPassword: 'B-admin!123',
        subscriptionStart: '2020-01-01',
        subscriptionEnd: '2099-12-31',
      });
      expect(provision.status).toBe(201);
      const b = await login(app, 'b_admin', 'B-admin!123');
      const id = target.body.id as string;
      expect((await app.api.get(`/api/Users/${id}`).set(bearer(b.token))).status).toBe(404);
      const put = await app.api
        .put(`/api/Users/${id}`)
        .set(bearer(b.token))
        .send({ ...target.body, fullName: 'hijacked', branches: [b.defaultBranchId] });
      expect(put.status).toBe(404);
      expect((await app.api.delete(`/api/Users/${id}`).set(bearer(b.token))).status).toBe(404);
      const list = await app.api.get('/api/Users').query({ pageSize: 100 }).set(bearer(b.token));
      expect(list.body.items.map((u: { userName: string }) => u.userName)).toEqual(['b_admin']);
      expect((await app.api.get(`/api/Users/${id}`).set(asAdmin())).body.fullName).toBe('Test User');
    });

    it('refuses provider routes without the provider key', async () => {
      const res = await app.api.post('/api/provider/tenants').send({});
      expect(res.status).toBe(401);
    });
  });

  describe('subscriptions (identity event applied by the gateway replica)', () => {
    it('answers the two spec 401s once the subscription expires or is suspended', async () => {
      const t = await app.api.post('/api/provider/tenants').set('X-Provider-Key', PROVIDER_KEY).send({
        name: 'Tenant C',
        adminUserName: 'c_admin',
        adminPassword: 'C-admin!123',
        subscriptionStart: '2020-01-01',
        subscriptionEnd: '2099-12-31',
      });
      const c = await login(app, 'c_admin', 'C-admin!123');
      await app.flush();
      expect((await app.api.get('/api/FiscalYears').set(bearer(c.token))).status).toBe(200);

      await app.api
        .put(`/api/provider/tenants/${t.body.id}/subscription`)
        .set('X-Provider-Key', PROVIDER_KEY)
        .send({ subscriptionStart: '2020-01-01', subscriptionEnd: '2021-01-01', active: true })
        .expect(200);
      await app.flush();
      const expired = await app.api.get('/api/FiscalYears').set(bearer(c.token));
      expect(expired.status).toBe(401);
      expect(expired.body.detail).toBe('Tenant subscription expired');

      await app.api
        .put(`/api/provider/tenants/${t.body.id}/subscription`)
        .set('X-Provider-Key', PROVIDER_KEY)
        .send({ subscriptionStart: '2020-01-01', subscriptionEnd: '2099-01-01', active: false })
        .expect(200);
      await app.flush();
      const inactive = await app.api.get('/api/FiscalYears').set(bearer(c.token));
      expect(inactive.status).toBe(401);
      expect(inactive.body.detail).toBe('Tenant does not has active subscription');
      expect((await app.api.get('/api/FiscalYears').set(asAdmin())).status).toBe(200);
    });
  });

  describe('fiscal years (spec section 6)', () => {
    it('gives all years plus the all-years entry, all years, or only the first', async () => {
      const all = await app.api.get('/api/FiscalYears').set(asAdmin());
      expect(all.body.at(-1)).toMatchObject({ year: null });
      expect(all.body.length).toBeGreaterThanOrEqual(2);
      await createUser({ userName: 'fy_pick', permissions: ['viewFiscalYears'] });
      await createUser({ userName: 'fy_none', permissions: [] });
      const pick = await app.api
        .get('/api/FiscalYears')
        .set(bearer((await login(app, 'fy_pick', strongPassword)).token));
      expect(pick.body).toEqual(all.body.slice(0, -1));
      const none = await app.api
        .get('/api/FiscalYears')
        .set(bearer((await login(app, 'fy_none', strongPassword)).token));
      expect(none.body).toEqual(all.body.slice(0, 1));
    });
  });

  describe('branches and company', () => {
    it('keeps the master branch read-only and codes unique; saving the start-up branch ends isNewTenant', async () => {
      const startUp = await app.api.get('/api/aggregates/StartUp').set(asAdmin());
      const master = startUp.body.branches.find((b: { isMaster: boolean }) => b.isMaster);
      const main = startUp.body.branches.find((b: { id: string }) => b.id === admin.defaultBranchId);
      const ro = await app.api
        .put(`/api/Branches/${master.id}`)
        .set(asAdmin())
        .send({ ...master, arabicName: 'x' });
      expect(ro.status).toBe(409);
      expect(ro.body.code).toBe('masterBranchReadOnly');
      const dup = await app.api.post('/api/Branches').set(asAdmin()).send({ code: '1', arabicName: 'فرع' });
      expect(dup.status).toBe(409);
      expect(dup.body.code).toBe('codeAlreadyUsed');
      const nb = await app.api
        .post('/api/Branches')
        .set(asAdmin())
        .send({ code: '2', arabicName: 'فرع جدة' });
      expect(nb.status).toBe(201);
      expect(nb.body.englishName).toBe('فرع جدة');
      const bad = await app.api
        .put(`/api/Branches/${main.id}`)
        .set(asAdmin())
        .send({ ...main, postalCode: '123', buildingNumber: '12a' });
      expect(bad.status).toBe(400);
      const saved = await app.api
        .put(`/api/Branches/${main.id}`)
        .set(asAdmin())
        .send({
          ...main,
          postalCode: '12345',
          buildingNumber: '1234',
          additionalNumber: '5678',
          city: 'Riyadh',
          decimalDigits: 3,
        });
      expect(saved.status).toBe(200);
      expect(saved.body.decimalDigits).toBe(3);
      expect((await login(app, 'admin', ADMIN_PASSWORD)).isNewTenant).toBe(false);
      expect((await app.api.delete(`/api/Branches/${main.id}`).set(asAdmin())).status).toBe(409);
      expect((await app.api.delete(`/api/Branches/${nb.body.id}`).set(asAdmin())).status).toBe(200);
    });

    it('changes the company and records the audit trail shown by /logs', async () => {
      const before = await app.api.get('/api/Company').set(asAdmin());
      const badTax = await app.api
        .put('/api/Company')
        .set(asAdmin())
        .send({ ...before.body, taxNumber: '123' });
      expect(badTax.status).toBe(400);
      expect(badTax.body.errors[0]).toMatchObject({ field: 'taxNumber', code: 'validation.taxNumber' });
      const res = await app.api
        .put('/api/Company')
        .set(asAdmin())
        .send({ ...before.body, taxNumber: '300000000000003', englishName: 'Demo Co' });
      expect(res.status).toBe(200);
      await app.flush();
      const logs = await app.api
        .get('/api/AuditLogs')
        .query({ entity: 'company', pageSize: 50 })
        .set(asAdmin());
      expect(logs.status).toBe(200);
      const tax = logs.body.items.find((l: { property: string }) => l.property === 'taxNumber');
      expect(tax).toMatchObject({
        action: 'modified',
        before: '',
        after: '300000000000003',
        userName: 'admin',
        service: 'identity',
      });
    });
  });

  describe('favorites and support tickets', () => {
    it('stars, lists and unstars routes per user', async () => {
      const added = await app.api
        .post('/api/FavoriteRoutes')
        .set(asAdmin())
        .send({ routeUrl: '/users', title: 'Users' });
      expect(added.status).toBe(201);
      const again = await app.api
        .post('/api/FavoriteRoutes')
        .set(asAdmin())
        .send({ routeUrl: '/users', title: 'Users' });
      expect(again.body.id).toBe(added.body.id);
      expect((await app.api.get('/api/FavoriteRoutes').set(asAdmin())).body).toEqual([
        { id: added.body.id, routeUrl: '/users', title: 'Users' },
      ]);
      expect((await app.api.delete(`/api/FavoriteRoutes/${added.body.id}`).set(asAdmin())).status).toBe(200);
      expect((await app.api.get('/api/FavoriteRoutes').set(asAdmin())).body).toEqual([]);
    });

    it('validates tickets per the spec feedback form', async () => {
      const empty = await app.api
        .post('/api/SupportTicket')
        .set(asAdmin())
        .set('Language', 'ar')
        .send({ title: 'x', phone: '0551234567', email: 'a@b.co', message: '' });
      expect(empty.status).toBe(400);
      expect(empty.body.errors[0]).toMatchObject({ field: 'message', code: 'validation.describeIssue' });
      const big = Buffer.alloc(1024 * 1024 + 1).toString('base64');
      const tooBig = await app.api.post('/api/SupportTicket').set(asAdmin()).send({
        title: 't',
        phone: '0551234567',
        email: 'a@b.co',
        message: 'm',
        imageExtension: 'bmp',
        base64Image: big,
      });
      expect(tooBig.status).toBe(400);
      expect(tooBig.body.errors.map((e: { code: string }) => e.code).sort()).toEqual([
        'validation.fileSizeExceedsOneMiB',
        'validation.imageType',
      ]);
      const ok = await app.api
        .post('/api/SupportTicket')
        .set(asAdmin())
        .send({
          title: 'Printer',
          phone: '0551234567',
          email: 'a@b.co',
          message: 'The receipt printer stops',
          imageExtension: 'png',
          // a PNG's signature: the service checks the bytes are the image the extension says
          base64Image: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64'),
        });
      expect(ok.status).toBe(201);
      const list = await app.api.get('/api/SupportTicket').set(asAdmin());
      expect(list.body.items[0]).toMatchObject({ title: 'Printer', status: 'underReview', hasImage: true });
    });
  });

  describe('gateway', () => {
    it('is healthy, sends security headers and serves the OpenAPI document and page', async () => {
      const health = await app.api.get('/api/health');
      expect(health.status).toBe(200);
      expect(health.headers['x-content-type-options']).toBe('nosniff');
      const doc = await app.api.get('/api/docs/openapi.json');
      expect(doc.body.openapi).toBe('3.1.0');
      expect(doc.body.paths['/api/Users/auth'].post.requestBody).toBeDefined();
      expect(doc.body.paths['/api/Users/{id}'].put.description).toContain('editUsers');
      const page = await app.api.get('/api/docs');
      expect(page.text).toContain('swagger-ui');
      expect((await app.api.get('/api/docs/assets/swagger-ui-bundle.js')).status).toBe(200);
    });
  });
});

describe('login rate limit', () => {
  it('answers 429 with the translated text after too many attempts', async () => {
    const app = await startTestApp('sqlite', { loginRateLimit: 3 });
    try {
      for (let i = 0; i < 3; i++)
        await app.api.post('/api/Users/auth').send({ userName: 'admin', password: 'x' });
      const res = await app.api
        .post('/api/Users/auth')
        .set('Language', 'en')
        .send({ userName: 'admin', password: 'x' });
      expect(res.status).toBe(429);
      expect(res.body.code).toBe('tooManyLoginAttempts');
    } finally {
      await app.stop();
    }
  });
});

describe('racing duplicates', () => {
  it('answers 409, never 500, when two creates race past the check', async () => {
    const app = await startTestApp('sqlite');
    try {
      const admin = await login(app, 'admin', ADMIN_PASSWORD);
      const body = {
        fullName: 'Twin',
        userName: 'twin',
        password: strongPassword,
        confirmPassword: strongPassword,
        branches: [admin.defaultBranchId],
      };
      const results = await Promise.all(
        [1, 2, 3].map(() => app.api.post('/api/Users').set(bearer(admin.token)).send(body)),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    } finally {
      await app.stop();
    }
  });
});

describe('forgotten password, subscription data and preferences', () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof login>>;
  beforeAll(async () => {
    app = await startTestApp('sqlite');
    admin = await login(app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => app?.stop());

  it('mails a new password; the old one works until the new one is used', async () => {
    await app.api
      .post('/api/Users')
      .set(bearer(admin.token))
      .send({
        fullName: 'Forgetful',
        userName: 'forgetful',
        email: 'forgetful@example.com',
        password: strongPassword,
        confirmPassword: strongPassword,
        branches: [admin.defaultBranchId],
      })
      .expect(201);
    expect(
      (await app.api.post('/api/Users/forget-password').send({ email: 'nobody@example.com' })).status,
    ).toBe(200);
    expect((await app.api.post('/api/Users/forget-password').send({ email: 'not-an-email' })).status).toBe(
      400,
    );
    const res = await app.api.post('/api/Users/forget-password').send({ email: 'Forgetful@Example.com' });
    expect(res.status).toBe(200);
    const mails = await app.embedded.services.identity!.db('mail_queue').select();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to_address: 'forgetful@example.com', status: 'pending' });
    const newPassword = /One-time password: (\S+)/.exec(String(mails[0].body))![1]!;
    await login(app, 'forgetful', strongPassword);
    await login(app, 'forgetful', newPassword);
    const old = await app.api
      .post('/api/Users/auth')
      .send({ userName: 'forgetful', password: strongPassword });
    expect(old.status).toBe(401);
  });

  it("shows the tenant's subscription", async () => {
    const res = await app.api.get('/api/SubscriptionData').set(bearer(admin.token));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ active: true, isInvoicePlan: true });
    expect(res.body.daysLeft).toBeGreaterThan(300);
  });

  it('remembers theme and language choices per user', async () => {
    const defaults = await app.api.get('/api/UserPreferences').set(bearer(admin.token));
    expect(defaults.body).toEqual({
      theme: {
        layout: 'vertical',
        menuCollapsed: false,
        navbarType: 'floating',
        footerType: 'static',
        skin: 'light',
        routerTransition: 'fadeIn',
      },
      language: null,
    });
    const theme = { ...defaults.body.theme, skin: 'semi-dark', layout: 'horizontal' };
    expect(
      (await app.api.put('/api/UserPreferences').set(bearer(admin.token)).send({ theme, language: 'en' }))
        .status,
    ).toBe(200);
    expect((await app.api.get('/api/UserPreferences').set(bearer(admin.token))).body).toEqual({
      theme,
      language: 'en',
    });
    expect(
      (
        await app.api
          .put('/api/UserPreferences')
          .set(bearer(admin.token))
          .send({ theme: { skin: 'neon' } })
      ).status,
    ).toBe(400);
  });
});
