import { engines } from '../support/databases';
import { ADMIN_PASSWORD, bearer, login, startTestApp, type TestApp } from '../support/embedded-app';
import { PASSWORD, userWith, type Session } from './helpers';

/**
 * Issue 9, items 2, 3 and 8: a user manager cannot make anyone admin or give away rights they lack; a user limited
 * to a branch reads and changes only that branch's records; the fiscal year is the server's rule, not the client's.
 */
describe.each(engines())('authorization on %s', (engine) => {
  let app: TestApp;
  let admin: Session;
  const year = new Date().getFullYear();
  const ids = {
    branchB: '',
    storeA: '',
    storeB: '',
    unit: '',
    item: '',
    docA: '',
    docB: '',
    safeA: '',
    safeB: '',
  };

  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await login(app, 'admin', ADMIN_PASSWORD);
    await app.flush();
  });
  afterAll(async () => app?.stop());

  const asAdmin = (branchId = admin.defaultBranchId) => ({
    ...bearer(admin.token),
    BranchId: branchId,
    FiscalYear: String(year),
  });

  describe('user managers (item 2)', () => {
    let manager: Session & { id: string };
    const record = async (id: string) =>
      (await app.api.get(`/api/Users/${id}`).set(bearer(admin.token))).body;

    beforeAll(async () => {
      manager = await userWith(app, admin, 'manager', {
        permissions: ['viewUsers', 'addUsers', 'editUsers', 'viewItems'],
      });
    });

    it('cannot make themselves admin, create an admin, or change the admin', async () => {
      const self = await app.api
        .put(`/api/Users/${manager.id}`)
        .set(bearer(manager.token))
        .send({ ...(await record(manager.id)), isAdmin: true });
      expect(self.status).toBe(403);
      expect(self.body.code).toBe('onlyAdminGrantsAdmin');
      const newAdmin = await app.api
        .post('/api/Users')
        .set(bearer(manager.token))
        .send({
          fullName: 'Evil',
          userName: 'evil_admin',
          password: PASSWORD,
          confirmPassword: PASSWORD,
          branches: [admin.defaultBranchId],
          isAdmin: true,
        });
      expect(newAdmin.status).toBe(403);
      const takeover = await app.api
        .put(`/api/Users/${admin.userId}`)
        .set(bearer(manager.token))
        .send({
          ...(await record(admin.userId)),
          password: 'Ev1l!Passw0rd',
          confirmPassword: 'Ev1l!Passw0rd',
        });
      expect(takeover.status).toBe(403);
      expect((await app.api.delete(`/api/Users/${admin.userId}`).set(bearer(manager.token))).status).toBe(
        403,
      );
      expect(
        (await app.api.post('/api/Users/auth').send({ userName: 'admin', password: ADMIN_PASSWORD })).status,
      ).toBe(200);
      expect((await record(manager.id)).isAdmin).toBe(false);
    });

    it('grants only permissions they hold, and sets passwords only with the separate right, audited', async () => {
      const base = {
        fullName: 'Clerk',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        branches: [admin.defaultBranchId],
      };
      const unheld = await app.api
        .post('/api/Users')
        .set(bearer(manager.token))
        .send({ ...base, userName: 'clerk_x', permissions: ['viewItems', 'editCompany'] });
      expect(unheld.status).toBe(403);
      expect(unheld.body.code).toBe('cannotGrantUnheldPermission');
      const held = await app.api
        .post('/api/Users')
        .set(bearer(manager.token))
        .send({ ...base, userName: 'clerk_ok', permissions: ['viewItems'] });
      expect(held.status).toBe(201);
      const raise = await app.api
        .put(`/api/Users/${manager.id}`)
        .set(bearer(manager.token))
        .send({
          ...(await record(manager.id)),
          permissions: ['viewUsers', 'addUsers', 'editUsers', 'editCompany'],
        });
      expect(raise.status).toBe(403);
      const setPassword = () =>
        app.api
          .put(`/api/Users/${held.body.id}`)
          .set(bearer(manager.token))
          .send({ ...held.body, password: 'An0ther!Pass', confirmPassword: 'An0ther!Pass' });
      const refused = await setPassword();
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('cannotChangeOthersPassword');
      const granted = await app.api
        .put(`/api/Users/${manager.id}`)
        .set(bearer(admin.token))
        .send({
          ...(await record(manager.id)),
          permissions: ['viewUsers', 'addUsers', 'editUsers', 'viewItems', 'editUsersPassword'],
        });
      expect(granted.status).toBe(200);
      const again = await login(app, 'manager', PASSWORD);
      manager = { ...again, id: manager.id };
      const allowed = await app.api
        .put(`/api/Users/${held.body.id}`)
        .set(bearer(manager.token))
        .send({ ...held.body, password: 'An0ther!Pass', confirmPassword: 'An0ther!Pass' });
      expect(allowed.status).toBe(200);
      await app.flush();
      const logs = await app.api
        .get('/api/AuditLogs')
        .query({ entityId: held.body.id, pageSize: 100 })
        .set(bearer(admin.token));
      expect(JSON.stringify(logs.body)).toContain('credentialsChanged');
      expect(JSON.stringify(logs.body)).not.toContain('scrypt$');
    });
  });

  describe('branches (item 3)', () => {
    let clerk: Session & { id: string };

    beforeAll(async () => {
      const b = await app.api.post('/api/Branches').set(asAdmin()).send({ code: '7', arabicName: 'فرع ب' });
      expect(b.status).toBe(201);
      ids.branchB = b.body.id;
      await app.flush();
      const create = async (path: string, body: Record<string, unknown>, branch = admin.defaultBranchId) => {
        const res = await app.api.post(path).set(asAdmin(branch)).send(body);
        if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
        return res.body.id as string;
      };
      ids.unit = await create('/api/Units', { arabicName: 'حبة' });
      ids.storeA = await create('/api/Stores', { arabicName: 'مخزن أ', branchId: admin.defaultBranchId });
      ids.storeB = await create('/api/Stores', { arabicName: 'مخزن ب', branchId: ids.branchB });
      ids.safeA = await create('/api/Safes', { arabicName: 'خزينة أ', branchId: admin.defaultBranchId });
      ids.safeB = await create('/api/Safes', { arabicName: 'خزينة ب', branchId: ids.branchB });
      const category = await create('/api/ItemCategories', { arabicName: 'أصناف' });
      ids.item = await create('/api/Items', {
        arabicName: 'صنف',
        barcode: '6281000009991',
        categoryId: category,
        mainUnitId: ids.unit,
        salesPrice: '8',
        costPrice: '5',
      });
      const doc = (storeId: string) => ({
        date: `${year}-01-02`,
        storeId,
        lines: [{ itemId: ids.item, unitId: ids.unit, quantity: '2', unitCost: '3' }],
      });
      ids.docA = await create('/api/OverflowAdjustments', doc(ids.storeA));
      ids.docB = await create('/api/OverflowAdjustments', doc(ids.storeB), ids.branchB);
      clerk = await userWith(app, admin, 'clerk_a', {
        permissions: ['viewOverflowAdjustments', 'editOverflowAdjustments', 'viewSafes', 'viewFiscalYears'],
      });
    });

    const asClerk = (branchId?: string) => ({
      ...bearer(clerk.token),
      FiscalYear: String(year),
      ...(branchId ? { BranchId: branchId } : {}),
    });

    it('refuses another branch in the BranchId header (403) on any route', async () => {
      for (const path of ['/api/OverflowAdjustments', '/api/Safes']) {
        const res = await app.api.get(path).set(asClerk(ids.branchB));
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('branchNotAllowed');
      }
    });

    it("lists only the user's branches without a header, and never reads or changes another branch's record", async () => {
      const docs = await app.api.get('/api/OverflowAdjustments').set(asClerk());
      expect(docs.status).toBe(200);
      expect(docs.body.items.map((d: { id: string }) => d.id)).toEqual([ids.docA]);
      const safes = await app.api.get('/api/Safes').query({ pageSize: 100 }).set(asClerk());
      expect(safes.body.items.map((s: { id: string }) => s.id)).toEqual([ids.safeA]);
      expect((await app.api.get(`/api/OverflowAdjustments/${ids.docB}`).set(asClerk())).status).toBe(403);
      expect((await app.api.get(`/api/Safes/${ids.safeB}`).set(asClerk())).status).toBe(403);
      const before = (await app.api.get(`/api/OverflowAdjustments/${ids.docB}`).set(asAdmin(ids.branchB)))
        .body;
      const change = await app.api
        .put(`/api/OverflowAdjustments/${ids.docB}`)
        .set(asClerk(admin.defaultBranchId))
        .send({
          date: before.date,
          storeId: ids.storeB,
          notes: 'x',
          lines: before.lines.map((l: Record<string, unknown>) => ({
            itemId: l.itemId,
            unitId: l.unitId,
            quantity: '1',
            unitCost: '3',
          })),
        });
      expect(change.status).toBe(403);
      expect(
        (await app.api.delete(`/api/OverflowAdjustments/${ids.docB}`).set(asClerk(admin.defaultBranchId)))
          .status,
      ).toBe(403);
      const moved = await app.api
        .post('/api/Safes')
        .set(asClerk(admin.defaultBranchId))
        .send({ arabicName: 'خزينة مسروقة', branchId: ids.branchB });
      expect(moved.status).toBe(403);
      const after = (await app.api.get(`/api/OverflowAdjustments/${ids.docB}`).set(asAdmin(ids.branchB)))
        .body;
      expect(after.revision).toBe(before.revision);
    });
  });

  describe('fiscal years (item 8)', () => {
    const post = (headers: Record<string, string>, date: string) =>
      app.api
        .post('/api/OverflowAdjustments')
        .set({ ...bearer(admin.token), BranchId: admin.defaultBranchId, ...headers })
        .send({
          date,
          storeId: ids.storeA,
          lines: [{ itemId: ids.item, unitId: ids.unit, quantity: '1', unitCost: '1' }],
        });

    it('refuses a malformed or unknown year, and dates outside the years', async () => {
      for (const bad of ['0', 'abc', '1900', '20x6', '-1']) {
        const res = await post({ FiscalYear: bad }, '1999-05-01');
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('invalidFiscalYear');
      }
      const future = await post({ FiscalYear: '2099' }, '2099-05-01');
      expect(future.status).toBe(400);
      expect(future.body.code).toBe('unknownFiscalYear');
      const old = await post({ FiscalYear: 'all' }, '1999-05-01');
      expect(old.status).toBe(400);
      expect(old.body.code).toBe('youDontHavePermToThisYear');
      expect((await post({}, `${year}-01-03`)).status).toBe(201);
    });

    it('lets a user choose only the years their fiscal-year permission allows', async () => {
      const none = await userWith(app, admin, 'fy_none_doc', { permissions: ['addOverflowAdjustments'] });
      const pick = await userWith(app, admin, 'fy_pick_doc', {
        permissions: ['addOverflowAdjustments', 'viewFiscalYears'],
      });
      const as = (u: Session, fiscalYear?: string) =>
        app.api
          .post('/api/OverflowAdjustments')
          .set({
            ...bearer(u.token),
            BranchId: admin.defaultBranchId,
            ...(fiscalYear ? { FiscalYear: fiscalYear } : {}),
          })
          .send({
            date: `${year}-01-04`,
            storeId: ids.storeA,
            lines: [{ itemId: ids.item, unitId: ids.unit, quantity: '1', unitCost: '1' }],
          });
      expect((await as(none, 'all')).status).toBe(403);
      expect((await as(pick, 'all')).status).toBe(403);
      expect((await as(pick, String(year))).status).toBe(201);
      const years = (await app.api.get('/api/FiscalYears').set(bearer(none.token))).body as {
        year: number;
      }[];
      const first = years[0]!.year;
      expect((await as(none, String(first))).status).toBe(first === year ? 201 : 400);
    });
  });
});
